import { t } from '../../src/i18n';
import type { Source, VoiceDraft } from '../voice-draft';

interface VoiceFieldProps {
  draft: VoiceDraft;
  set(change: Partial<VoiceDraft>): void;
}

/** How the person talks: the browser's speech or Whisper, where the transcript goes, how long at most. */
export function VoiceInputFields({ draft: d, set }: VoiceFieldProps) {
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
      <label class="limit-row">
        <span>{t('voice_max_seconds')}</span>
        <input
          type="number"
          data-testid="voice-maxSeconds"
          value={d.maxSeconds}
          onInput={(e) => set({ maxSeconds: e.currentTarget.value })}
        />
      </label>
    </>
  );
}

/** Who transcribes: the chat's provider, or a server of the person's own with its address and key. */
export function TranscriptionFields({ draft: d, set }: VoiceFieldProps) {
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
            id="voice-baseUrl"
            data-testid="voice-baseUrl"
            type="url"
            placeholder={t('voice_base_url_placeholder')}
            value={d.baseUrl}
            onInput={(e) => set({ baseUrl: e.currentTarget.value })}
          />
          <label for="voice-apiKey">{t('voice_api_key')}</label>
          <input
            id="voice-apiKey"
            data-testid="voice-apiKey"
            type="password"
            autocomplete="off"
            value={d.apiKey}
            onInput={(e) => set({ apiKey: e.currentTarget.value })}
          />
        </>
      ) : null}
      <label for="voice-model">{t('voice_model')}</label>
      <input
        id="voice-model"
        data-testid="voice-model"
        type="text"
        value={d.model}
        onInput={(e) => set({ model: e.currentTarget.value })}
      />
    </>
  );
}
