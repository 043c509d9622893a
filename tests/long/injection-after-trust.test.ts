// Every page of the injection suite after trust (the 99 of the table and every app page), in both browsers.
import { injectionAfterTrustSuite } from '../hardening/injection/trusted-suite';

injectionAfterTrustSuite('all');
