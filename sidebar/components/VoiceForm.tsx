import { useSignal } from '@preact/signals';
import * as v from 'valibot';
import { VoiceSettings } from '../../src/protocol/common';
import { t } from '../../src/i18n';
import { fromVoiceDraft, toVoiceDraft, type VoiceDraft } from '../voice-draft';
import { TranscriptionFields, VoiceInputFields } from './VoiceFields';

/** Settings → Voice: how the person talks to Bosun, checked with the background's schema. */
export function VoiceForm({ voice, onSave }: { voice: VoiceSettings; onSave(voice: VoiceSettings): void }) {
  const draft = useSignal(toVoiceDraft(voice));
  const error = useSignal<string | null>(null);
  const set = (change: Partial<VoiceDraft>) => (draft.value = { ...draft.value, ...change });
  const save = (event: Event) => {
    event.preventDefault();
    const parsed = v.safeParse(VoiceSettings, fromVoiceDraft(draft.value));
    if (!parsed.success) {
      const issue = parsed.issues[0];
      error.value = `${v.getDotPath(issue) ?? 'value'}: ${issue.message}`;
      return;
    }
    error.value = null;
    onSave(parsed.output);
  };
  const d = draft.value;
  return (
    <form class="settings" onSubmit={save} data-testid="voice-form" noValidate>
      <h2>{t('voice_title')}</h2>
      <VoiceInputFields draft={d} set={set} />
      <TranscriptionFields draft={d} set={set} />
      <label class="check-row">
        <input
          type="checkbox"
          data-testid="voice-spokenApprovalOfCritical"
          checked={d.spokenApprovalOfCritical}
          onChange={(e) => set({ spokenApprovalOfCritical: e.currentTarget.checked })}
        />
        <span>{t('voice_spoken_critical')}</span>
      </label>
      {error.value ? <p class="field-error">{error.value}</p> : null}
      <div class="settings-actions">
        <button type="submit" class="button" data-testid="voice-save">
          {t('voice_save')}
        </button>
      </div>
    </form>
  );
}
