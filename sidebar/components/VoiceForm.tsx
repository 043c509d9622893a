import { useSignal } from '@preact/signals';
import * as v from 'valibot';
import { VoiceSettings } from '../../src/protocol/common';
import { t } from '../../src/i18n';

type Source = VoiceSettings['transcription']['source'];
interface Draft {
  mode: VoiceSettings['mode'];
  transcript: VoiceSettings['transcript'];
  maxSeconds: string;
  source: Source;
  model: string;
  baseUrl: string;
  apiKey: string;
  spokenApprovalOfCritical: boolean;
}

const toDraft = (voice: VoiceSettings): Draft => ({
  mode: voice.mode,
  transcript: voice.transcript,
  maxSeconds: String(voice.maxSeconds),
  source: voice.transcription.source,
  model: voice.transcription.model,
  baseUrl: voice.transcription.source === 'own' ? voice.transcription.baseUrl : '',
  apiKey: voice.transcription.source === 'own' ? voice.transcription.apiKey : '',
  spokenApprovalOfCritical: voice.spokenApprovalOfCritical,
});

const fromDraft = (d: Draft) => ({
  mode: d.mode,
  transcript: d.transcript,
  maxSeconds: Number(d.maxSeconds),
  transcription:
    d.source === 'chat'
      ? { source: d.source, model: d.model }
      : { source: d.source, model: d.model, baseUrl: d.baseUrl, apiKey: d.apiKey },
  spokenApprovalOfCritical: d.spokenApprovalOfCritical,
});

/** Settings → Voice: how the person talks to Bosun, checked with the background's schema. */
export function VoiceForm({ voice, onSave }: { voice: VoiceSettings; onSave(voice: VoiceSettings): void }) {
  const draft = useSignal(toDraft(voice));
  const error = useSignal<string | null>(null);
  const set = (change: Partial<Draft>) => (draft.value = { ...draft.value, ...change });
  const save = (event: Event) => {
    event.preventDefault();
    const parsed = v.safeParse(VoiceSettings, fromDraft(draft.value));
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
      <label for="voice-mode">{t('voice_mode')}</label>
      <select
        id="voice-mode"
        data-testid="voice-mode"
        value={d.mode}
        onChange={(e) => set({ mode: e.currentTarget.value as Draft['mode'] })}
      >
        <option value="whisper">{t('voice_mode_whisper')}</option>
        <option value="browser">{t('voice_mode_browser')}</option>
      </select>
      <label for="voice-transcript">{t('voice_transcript')}</label>
      <select
        id="voice-transcript"
        data-testid="voice-transcript"
        value={d.transcript}
        onChange={(e) => set({ transcript: e.currentTarget.value as Draft['transcript'] })}
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
