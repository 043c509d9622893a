import type { PayloadOf } from '../../src/protocol/background-to-sidebar';
import type { ConversationList } from '../state';
import { showInvisible } from '../../src/show-invisible';
import { t } from '../../src/i18n';

export interface RunningTasksProps {
  tasks: PayloadOf<'RUNNING_TASKS'>['tasks'];
  conversations: ConversationList;
  onOpen(conversationId: string): void;
  onStop(conversationId: string): void;
}

/**
 * The tasks running in other conversations than the shown one (the status bar above speaks for
 * that one): each by its conversation's title, what it is doing now, with Open and its own Stop.
 */
export function RunningTasks({ tasks, conversations, onOpen, onStop }: RunningTasksProps) {
  const elsewhere = tasks.filter((task) => task.conversationId !== conversations.currentId);
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
                onClick={() => onOpen(task.conversationId)}
              >
                {t('tasks_open')}
              </button>
              <button
                type="button"
                class="button"
                data-testid="running-task-stop"
                onClick={() => onStop(task.conversationId)}
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
