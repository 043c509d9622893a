// Every path of the exfiltration suite, in both browsers, with its figures.
import { exfiltrationSuite } from '../hardening/exfiltration/suite';

exfiltrationSuite('all');
