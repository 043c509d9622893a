import { useSignal, type Signal } from '@preact/signals';
import type { ConversationSummary } from '../../src/protocol/conversations';
import type { SidebarActions } from '../actions';
import { t } from '../../src/i18n';

export type HistoryActions = Pick<
  SidebarActions,
  | 'newConversation'
  | 'openConversation'
  | 'renameConversation'
  | 'deleteConversation'
  | 'exportConversation'
  | 'importConversation'
>;

interface ItemProps {
  conversation: ConversationSummary;
  current: boolean;
  busy: boolean;
  actions: HistoryActions;
}

const when = (iso: string) => new Date(iso).toLocaleString();

/** One conversation: its title (or the field renaming it), when and where it started, and what can be done with it. */
export function HistoryItem(props: ItemProps) {
  const { conversation: c, current } = props;
  /** The title being typed while the conversation is renamed; null otherwise. */
  const renaming = useSignal<string | null>(null);
  return (
    <li
      class={`history-item${current ? ' history-item--current' : ''}`}
      data-testid="history-item"
      data-id={c.id}
      aria-current={current ? 'true' : undefined}
    >
      <HistoryTitle {...props} renaming={renaming} />
      <p class="history-meta">
        {when(c.updatedAt)} · {c.messageCount === 1 ? t('history_one_message') : t('history_messages', c.messageCount)}
        {c.tab ? ` · ${t('history_started_on', c.tab.title || c.tab.url)}` : ''}
      </p>
      <HistoryButtons {...props} renaming={renaming} />
    </li>
  );
}

/** The title opens the conversation; while it is renamed, a field and Save stand in its place. */
function HistoryTitle({
  conversation: c,
  current,
  busy,
  actions,
  renaming,
}: ItemProps & { renaming: Signal<string | null> }) {
  const rename = (event: Event) => {
    event.preventDefault();
    const title = renaming.value?.trim();
    if (title) actions.renameConversation(c.id, title);
    renaming.value = null;
  };
  if (renaming.value === null)
    return (
      <button
        type="button"
        class="history-open"
        onClick={() => actions.openConversation(c.id)}
        disabled={busy || current}
        data-testid="history-open"
      >
        {c.title}
      </button>
    );
  return (
    <form class="history-rename" onSubmit={rename}>
      <label for={`rename-${c.id}`} class="visually-hidden">
        {t('history_new_title')}
      </label>
      <input
        id={`rename-${c.id}`}
        value={renaming.value}
        maxLength={120}
        onInput={(e) => (renaming.value = e.currentTarget.value)}
        data-testid="history-title"
      />
      <button type="submit" class="icon-button" data-testid="history-save-title">
        {t('save')}
      </button>
    </form>
  );
}

/** One menu per item (four buttons on each item crowded the list): rename, export as Markdown or JSON, delete. */
function HistoryButtons(props: ItemProps & { renaming: Signal<string | null> }) {
  const { conversation: c, actions, renaming } = props;
  return (
    <details class="history-menu" data-testid="history-menu">
      <summary class="icon-button" aria-label={t('history_menu', c.title)} title={t('history_menu', c.title)}>
        ⋯
      </summary>
      <div class="history-buttons">
        <button
          type="button"
          class="icon-button"
          onClick={() => (renaming.value = c.title)}
          data-testid="history-rename"
        >
          {t('history_rename')}
        </button>
        <button
          type="button"
          class="icon-button"
          onClick={() => actions.exportConversation(c.id, 'markdown')}
          data-testid="history-export-markdown"
        >
          {t('history_export_markdown')}
        </button>
        <button
          type="button"
          class="icon-button"
          onClick={() => actions.exportConversation(c.id, 'json')}
          data-testid="history-export-json"
        >
          {t('history_export_json')}
        </button>
        <DeleteButton {...props} />
      </div>
    </details>
  );
}

/** Delete asks to be pressed twice. */
function DeleteButton({ conversation: c, current, busy, actions }: ItemProps) {
  const confirming = useSignal(false);
  return confirming.value ? (
    <button
      type="button"
      class="icon-button icon-button--danger"
      onClick={() => actions.deleteConversation(c.id)}
      data-testid="history-confirm-delete"
    >
      {t('history_delete_confirm')}
    </button>
  ) : (
    <button
      type="button"
      class="icon-button"
      onClick={() => (confirming.value = true)}
      disabled={busy && current}
      data-testid="history-delete"
    >
      {t('delete')}
    </button>
  );
}
