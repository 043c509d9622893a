// A sample of the agent-tasks benchmark's tasks, in both browsers (`npm run test:long` runs every task:
// tests/long/bench-agent-tasks.test.ts).
import { agentTasksBenchSuite } from './support/agent-tasks-bench';

agentTasksBenchSuite('sample');
