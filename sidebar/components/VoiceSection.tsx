import { t } from '../../src/i18n';
import type { VoiceErrors } from '../settings-page-draft';
import type { VoiceDraft } from '../voice-draft';
import { TranscriptionFields, VoiceInputFields } from './VoiceFields';

interface VoiceSectionProps {
  draft: VoiceDraft;
  errors: VoiceErrors;
  set(change: Partial<VoiceDraft>): void;
}

/** Settings → Voice: how the person talks to Bosun; saved with the rest of the page. */
export function VoiceSection({ draft, errors, set }: VoiceSectionProps) {
  return (
    <section class="settings" data-testid="voice-form">
      <h2>{t('voice_title')}</h2>
      <VoiceInputFields draft={draft} errors={errors} set={set} />
      <TranscriptionFields draft={draft} errors={errors} set={set} />
      <label class="check-row">
        <input
          type="checkbox"
          data-testid="voice-spokenApprovalOfCritical"
          checked={draft.spokenApprovalOfCritical}
          onChange={(e) => set({ spokenApprovalOfCritical: e.currentTarget.checked })}
        />
        <span>{t('voice_spoken_critical')}</span>
      </label>
    </section>
  );
}
