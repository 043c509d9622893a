// A sample of the bench tasks solved through ABP page.act, in both browsers (`npm run test:long` runs
// every task: tests/long/widget-tasks.test.ts).
import { abpTasksSuite } from './support/abp-tasks';

abpTasksSuite('sample');
