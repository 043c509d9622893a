import type { SidebarActions } from '../actions';
import type { SidebarState } from '../state';
import { showInvisible } from '../../src/show-invisible';
import { t } from '../../src/i18n';

export interface RunningTasksProps {
  state: Pick<SidebarState, 'runningTasks' | 'conversations'>;
  actions: Pick<SidebarActions, 'openConversation' | 'stop'>;
}

/**
 * The tasks running in other conversations than the shown one (the status bar above speaks for
 * that one): each by its conversation's title, what it is doing now, with Open and its own Stop.
 */
export function RunningTasks({ state, actions }: RunningTasksProps) {
  const conversations = state.conversations.value;
  const elsewhere = state.runningTasks.value.filter((task) => task.conversationId !== conversations.currentId);
  if (elsewhere.length === 0) return null;
  return (
    <section class="running-tasks" aria-label={t('tasks_label')} data-testid="running-tasks">
      <ul>
        {elsewhere.map((task) => {
          const title = conversations.list.find((c) => c.id === task.conversationId)?.title ?? task.request;
          return (
            <li key={task.conversationId} data-testid="running-task" data-conversation={task.conversationId}>
              <span class="running-task-title" title={title}>
                {showInvisible(title)}
              </span>
              <span class="running-task-now" data-testid="running-task-now">
                {task.step ? showInvisible(task.step.target) : t('status_thinking')}
              </span>
              <button
                type="button"
                class="button"
                data-testid="running-task-open"
                onClick={() => actions.openConversation(task.conversationId)}
              >
                {t('tasks_open')}
              </button>
              <button
                type="button"
                class="button"
                data-testid="running-task-stop"
                onClick={() => actions.stop(task.conversationId)}
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
