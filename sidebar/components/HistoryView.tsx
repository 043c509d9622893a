import { useSignal } from '@preact/signals';
import type { ConversationList } from '../state';
import { t } from '../../src/i18n';
import { HistoryItem, type HistoryActions } from './HistoryItem';

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
  return (
    <main class="page" data-testid="history-view">
      <HistoryHead busy={busy} actions={actions} />
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

/** The title, a new conversation, and an exported one imported back from a file. */
function HistoryHead({ busy, actions }: { busy: boolean; actions: HistoryActions }) {
  const importFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (file) actions.importConversation(await file.text());
  };
  return (
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
  );
}
