// Every task of the agent-tasks benchmark, in both browsers; tests/e2e/bench-agent-tasks.test.ts runs a sample.
import { agentTasksBench } from '../e2e/support/agent-tasks-bench';

agentTasksBench(null);
