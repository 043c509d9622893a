import { useSignal } from '@preact/signals';
import type { ConversationSummary } from '../../src/protocol/conversations';
import type { SidebarActions } from '../actions';
import type { ConversationList } from '../state';
import { t } from '../../src/i18n';

type HistoryActions = Pick<
  SidebarActions,
  | 'newConversation'
  | 'openConversation'
  | 'renameConversation'
  | 'deleteConversation'
  | 'exportConversation'
  | 'importConversation'
>;

const when = (iso: string) => new Date(iso).toLocaleString();

/** Every conversation: open, rename, delete, export; a new one; an exported one imported back. */
export function HistoryView({
  conversations,
  busy,
  actions,
}: {
  conversations: ConversationList;
  busy: boolean;
  actions: HistoryActions;
}) {
  const query = useSignal('');
  const needle = query.value.trim().toLowerCase();
  const shown = conversations.list.filter(
    (c) => !needle || c.title.toLowerCase().includes(needle) || (c.tab?.title ?? '').toLowerCase().includes(needle),
  );
  const importFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (file) actions.importConversation(await file.text());
  };
  return (
    <main class="page" data-testid="history-view">
      <div class="page-head">
        <h2>{t('history_title')}</h2>
        <div class="history-actions">
          <button
            type="button"
            class="icon-button"
            onClick={actions.newConversation}
            disabled={busy}
            data-testid="history-new"
          >
            {t('conversation_new')}
          </button>
          <label class="icon-button file-button">
            {t('history_import')}
            <input
              type="file"
              accept="application/json,.json"
              class="visually-hidden"
              data-testid="history-import"
              onChange={(e) => void importFile(e.currentTarget)}
            />
          </label>
        </div>
      </div>
      <label for="history-search" class="visually-hidden">
        {t('history_search_label')}
      </label>
      <input
        id="history-search"
        type="search"
        placeholder={t('history_search_placeholder')}
        value={query.value}
        onInput={(e) => (query.value = e.currentTarget.value)}
        data-testid="history-search"
      />
      {shown.length === 0 ? (
        <p class="hint">{conversations.list.length === 0 ? t('history_empty') : t('history_no_match')}</p>
      ) : null}
      <ul class="history">
        {shown.map((c) => (
          <HistoryItem
            key={c.id}
            conversation={c}
            current={c.id === conversations.currentId}
            busy={busy}
            actions={actions}
          />
        ))}
      </ul>
    </main>
  );
}

function HistoryItem({
  conversation: c,
  current,
  busy,
  actions,
}: {
  conversation: ConversationSummary;
  current: boolean;
  busy: boolean;
  actions: HistoryActions;
}) {
  const renaming = useSignal<string | null>(null);
  const confirming = useSignal(false);
  const rename = (event: Event) => {
    event.preventDefault();
    const title = renaming.value?.trim();
    if (title) actions.renameConversation(c.id, title);
    renaming.value = null;
  };
  return (
    <li
      class={`history-item${current ? ' history-item--current' : ''}`}
      data-testid="history-item"
      data-id={c.id}
      aria-current={current ? 'true' : undefined}
    >
      {renaming.value === null ? (
        <button
          type="button"
          class="history-open"
          onClick={() => actions.openConversation(c.id)}
          disabled={busy || current}
          data-testid="history-open"
        >
          {c.title}
        </button>
      ) : (
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
      )}
      <p class="history-meta">
        {when(c.updatedAt)} · {c.messageCount === 1 ? t('history_one_message') : t('history_messages', c.messageCount)}
        {c.tab ? ` · ${t('history_started_on', c.tab.title || c.tab.url)}` : ''}
      </p>
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
        {confirming.value ? (
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
        )}
      </div>
    </li>
  );
}
