import { describeLifecycleFaults } from '../hardening/lifecycle-faults';

// A sample: one stop in each kind of run (chat, tool call, workflow, crawl) per browser.
// tests/long/lifecycle-faults.test.ts runs the full count.
describeLifecycleFaults(4);
