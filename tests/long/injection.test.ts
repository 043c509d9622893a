// Every attack page of the prompt-injection suite (every placement × every action), in both browsers.
import { injectionSuite } from '../hardening/injection/suite';

injectionSuite('all');
