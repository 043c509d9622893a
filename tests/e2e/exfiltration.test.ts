// A sample of the exfiltration suite (navigation, search, typing into a trusted forum, a recalled
// page), in both browsers; every path runs under tests/long.
import { exfiltrationSuite } from '../hardening/exfiltration/suite';

exfiltrationSuite('sample');
