import { useSignal, type Signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../../src/i18n';
import { browser } from '../../src/platform/browser';
import { MAX_ATTACHMENTS } from '../../src/protocol/upload-limits';
import { readAttachedFile } from '../attach-file';
import type { DraftAttachment } from '../state';

interface OpenTab {
  id: number;
  title: string;
  site: string;
}

interface TrayProps {
  attachments: Signal<DraftAttachment[]>;
  error: Signal<string | null>;
  /** Whether the person is choosing: a file button and the window's open tabs. */
  picking: boolean;
  onDone(): void;
}

/** Reads each file into the next message's attachments, or says why one cannot go (too large, not text, too many). */
export async function attachFiles(
  files: readonly File[],
  attachments: Signal<DraftAttachment[]>,
  error: Signal<string | null>,
): Promise<void> {
  error.value = null;
  for (const file of files) {
    if (attachments.value.length >= MAX_ATTACHMENTS) {
      error.value = t('attach_too_many', MAX_ATTACHMENTS);
      return;
    }
    try {
      const sent = await readAttachedFile(file);
      if (sent.kind === 'image' && attachments.value.some((a) => a.sent.kind === 'image'))
        throw new Error(t('attach_one_image'));
      const label = sent.kind === 'image' ? t('attach_image_label', sent.name) : file.name;
      attachments.value = [...attachments.value, { label, sent }];
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure);
    }
  }
}

/** The web pages open in this window, as the picker lists them: title and site. */
async function openTabs(): Promise<OpenTab[]> {
  const tabs = await browser.tabs.query({ currentWindow: true });
  return tabs.flatMap((tab) => {
    if (tab.id === undefined || !tab.url || !/^https?:/.test(tab.url)) return [];
    return [{ id: tab.id, title: tab.title || tab.url, site: new URL(tab.url).host }];
  });
}

/**
 * The next message's files and tabs, each removable, and while picking: a file button and the
 * window's open tabs to add as context ("compare these three"). The background reads each picked
 * tab under its site's policy when the message is sent.
 */
export function AttachmentTray({ attachments, error, picking, onDone }: TrayProps) {
  return (
    <div class="attachments" data-testid="attachments">
      {attachments.value.length > 0 ? (
        <ul class="attachment-list" aria-label={t('attach_list_label')}>
          {attachments.value.map((attachment, index) => (
            <li class="attachment" data-testid="attachment" key={index}>
              <span class="attachment-name">{attachment.label}</span>
              <button
                type="button"
                class="link-button"
                data-testid="attachment-remove"
                aria-label={t('attach_remove', attachment.label)}
                onClick={() => (attachments.value = attachments.value.filter((a) => a !== attachment))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error.value ? (
        <p class="composer-note" role="alert" data-testid="attach-error">
          {error.value}
        </p>
      ) : null}
      {picking ? <Picker attachments={attachments} error={error} onDone={onDone} /> : null}
    </div>
  );
}

/** A file button, and the window's open web pages to tick. */
function Picker({ attachments, error, onDone }: Omit<TrayProps, 'picking'>) {
  const tabs = useSignal<OpenTab[]>([]);
  useEffect(() => void openTabs().then((found) => (tabs.value = found)), []);
  const picked = (id: number) => attachments.value.some((a) => a.sent.kind === 'tab' && a.sent.tabId === id);
  const toggle = (tab: OpenTab) => {
    error.value = null;
    if (picked(tab.id)) {
      attachments.value = attachments.value.filter((a) => !(a.sent.kind === 'tab' && a.sent.tabId === tab.id));
    } else if (attachments.value.length >= MAX_ATTACHMENTS) {
      error.value = t('attach_too_many', MAX_ATTACHMENTS);
    } else {
      const label = t('attach_tab_label', tab.title, tab.site);
      attachments.value = [...attachments.value, { label, sent: { kind: 'tab', tabId: tab.id } }];
    }
  };
  return (
    <fieldset class="attach-picker" data-testid="attach-picker">
      <legend>{t('attach_picker_legend')}</legend>
      <label class="button attach-file">
        {t('attach_file_button')}
        <input
          type="file"
          multiple
          class="visually-hidden"
          data-testid="attach-file-input"
          onChange={(event) => {
            const input = event.currentTarget;
            void attachFiles([...(input.files ?? [])], attachments, error).then(() => (input.value = ''));
          }}
        />
      </label>
      <p class="attach-note">{t('attach_images_note')}</p>
      <ul class="tab-choices">
        {tabs.value.map((tab) => (
          <li key={tab.id}>
            <label class="tab-choice" data-testid="tab-choice">
              <input type="checkbox" checked={picked(tab.id)} onChange={() => toggle(tab)} />
              <span class="tab-choice-title">{tab.title}</span>
              <span class="tab-choice-site">{tab.site}</span>
            </label>
          </li>
        ))}
      </ul>
      <button type="button" class="button" data-testid="attach-done" onClick={onDone}>
        {t('attach_done')}
      </button>
    </fieldset>
  );
}
