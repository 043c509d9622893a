// A sample of the agent-tasks benchmark's tasks (agent-tasks-bench.ts says what each run proves): the
// two with variant pages and six more of other kinds (keys, a drag, a page dialog, a long listing, a
// modal dialog, React). Every task runs under tests/long.
import { agentTasksBench } from './support/agent-tasks-bench';

agentTasksBench([
  'slider',
  'autocomplete',
  'drop-zone',
  'dialog',
  'long-listing',
  'date-picker-dialog',
  'react-todo-edit',
  'tree-grid',
]);
