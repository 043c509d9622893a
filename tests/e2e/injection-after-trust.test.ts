// A sample of the injection suite after trust: every new kind of attack page (password, e-mail,
// two-factor, closing an account, settings, disguised purchases, messages and posts, deleting,
// data carried to another site) and the table's exfiltration and form pages. All pages run under tests/long.
import { injectionAfterTrustSuite } from '../hardening/injection/trusted-suite';

injectionAfterTrustSuite('sample');
