// Every task of the agent-tasks benchmark, in both browsers.
import { agentTasksBenchSuite } from '../e2e/support/agent-tasks-bench';

agentTasksBenchSuite('all');
