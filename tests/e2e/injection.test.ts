// A sample of the prompt-injection suite: one attack page per placement, covering every action.
// The full table runs under tests/long.
import { injectionSuite } from '../hardening/injection/suite';

injectionSuite('sample');
