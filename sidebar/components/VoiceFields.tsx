import { t } from '../../src/i18n';
import type { VoiceErrors } from '../settings-page-draft';
import type { Source, VoiceDraft } from '../voice-draft';
import { FieldError, fieldProps } from './FieldError';

interface VoiceFieldProps {
  draft: VoiceDraft;
  errors: VoiceErrors;
  set(change: Partial<VoiceDraft>): void;
}

/** How the person talks: the browser's speech or Whisper, where the transcript goes, how long at most. */
export function VoiceInputFields({ draft: d, errors, set }: VoiceFieldProps) {
  return (
    <>
      <label for="voice-mode">{t('voice_mode')}</label>
      <select
        id="voice-mode"
        data-testid="voice-mode"
        value={d.mode}
        onChange={(e) => set({ mode: e.currentTarget.value as VoiceDraft['mode'] })}
      >
        <option value="whisper">{t('voice_mode_whisper')}</option>
        <option value="browser">{t('voice_mode_browser')}</option>
      </select>
      <label for="voice-transcript">{t('voice_transcript')}</label>
      <select
        id="voice-transcript"
        data-testid="voice-transcript"
        value={d.transcript}
        onChange={(e) => set({ transcript: e.currentTarget.value as VoiceDraft['transcript'] })}
      >
        <option value="input">{t('voice_transcript_input')}</option>
        <option value="send">{t('voice_transcript_send')}</option>
      </select>
      <div class="limit-row">
        <label for="voice-maxSeconds">{t('voice_max_seconds')}</label>
        <input
          {...fieldProps(errors, 'maxSeconds', 'voice')}
          type="number"
          value={d.maxSeconds}
          onInput={(e) => set({ maxSeconds: e.currentTarget.value })}
        />
      </div>
      <FieldError errors={errors} name="maxSeconds" prefix="voice" />
    </>
  );
}

/** Who transcribes: the chat's provider, or a server of the person's own with its address and key. */
export function TranscriptionFields({ draft: d, errors, set }: VoiceFieldProps) {
  return (
    <>
      <label for="voice-source">{t('voice_source')}</label>
      <select
        id="voice-source"
        data-testid="voice-source"
        value={d.source}
        onChange={(e) => set({ source: e.currentTarget.value as Source })}
      >
        <option value="chat">{t('voice_source_chat')}</option>
        <option value="own">{t('voice_source_own')}</option>
      </select>
      {d.source === 'own' ? (
        <>
          <label for="voice-baseUrl">{t('voice_base_url')}</label>
          <input
            {...fieldProps(errors, 'baseUrl', 'voice')}
            type="url"
            placeholder={t('voice_base_url_placeholder')}
            value={d.baseUrl}
            onInput={(e) => set({ baseUrl: e.currentTarget.value })}
          />
          <FieldError errors={errors} name="baseUrl" prefix="voice" />
          <label for="voice-apiKey">{t('voice_api_key')}</label>
          <input
            {...fieldProps(errors, 'apiKey', 'voice')}
            type="password"
            autocomplete="off"
            value={d.apiKey}
            onInput={(e) => set({ apiKey: e.currentTarget.value })}
          />
          <FieldError errors={errors} name="apiKey" prefix="voice" />
        </>
      ) : null}
      <label for="voice-model">{t('voice_model')}</label>
      <input
        {...fieldProps(errors, 'model', 'voice')}
        type="text"
        value={d.model}
        onInput={(e) => set({ model: e.currentTarget.value })}
      />
      <FieldError errors={errors} name="model" prefix="voice" />
    </>
  );
}
