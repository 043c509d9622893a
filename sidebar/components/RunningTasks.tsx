import type { SidebarActions } from '../actions';
import type { SidebarState } from '../state';
import type { PayloadOf } from '../../src/protocol/background-to-sidebar';
import { showInvisible } from '../../src/show-invisible';
import { t } from '../../src/i18n';

type Task = PayloadOf<'RUNNING_TASKS'>['tasks'][number];

export interface RunningTasksProps {
  state: Pick<SidebarState, 'runningTasks' | 'conversations'>;
  actions: Pick<SidebarActions, 'openConversation' | 'stopTask' | 'show'>;
}

/** What kind of task a row is, before its words: a chat's row is named by its conversation alone. */
const KIND: Record<Task['kind'], (() => string) | null> = {
  chat: null,
  research: () => t('tasks_kind_research'),
  agent: () => t('tasks_kind_agent'),
};

/**
 * Every running task but the shown conversation's (the status bar above speaks for that one): chat
 * tasks of other conversations by their title, the research run, ABP agent runs; each with what it
 * is doing now, Open where it has a view, and its own Stop.
 */
export function RunningTasks({ state, actions }: RunningTasksProps) {
  const conversations = state.conversations.value;
  const elsewhere = state.runningTasks.value.filter((task) => task.conversationId !== conversations.currentId);
  if (elsewhere.length === 0) return null;
  const open = (task: Task) =>
    task.conversationId !== undefined
      ? () => actions.openConversation(task.conversationId as string)
      : task.kind === 'research'
        ? () => actions.show('research')
        : null;
  return (
    <section class="running-tasks" aria-label={t('tasks_label')} data-testid="running-tasks">
      <ul>
        {elsewhere.map((task) => {
          const title = conversations.list.find((c) => c.id === task.conversationId)?.title ?? task.request;
          const kind = KIND[task.kind];
          const onOpen = open(task);
          return (
            <li key={task.id} data-testid="running-task" data-task={task.id} data-kind={task.kind}>
              {kind && <span class="running-task-kind">{kind()}</span>}
              <span class="running-task-title" title={title}>
                {showInvisible(title)}
              </span>
              <span class="running-task-now" data-testid="running-task-now">
                {task.now === null ? t('status_thinking') : showInvisible(task.now)}
              </span>
              {onOpen && (
                <button type="button" class="button" data-testid="running-task-open" onClick={onOpen}>
                  {t('tasks_open')}
                </button>
              )}
              <button
                type="button"
                class="button"
                data-testid="running-task-stop"
                onClick={() => actions.stopTask(task.id)}
              >
                {t('tasks_stop')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
