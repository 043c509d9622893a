import type { VoiceSettings } from '../src/protocol/common';

export type Source = VoiceSettings['transcription']['source'];
/** The Voice form's fields as typed; the background's schema checks what they make. */
export interface VoiceDraft {
  mode: VoiceSettings['mode'];
  transcript: VoiceSettings['transcript'];
  maxSeconds: string;
  source: Source;
  model: string;
  baseUrl: string;
  apiKey: string;
  spokenApprovalOfCritical: boolean;
}

export const toVoiceDraft = (voice: VoiceSettings): VoiceDraft => ({
  mode: voice.mode,
  transcript: voice.transcript,
  maxSeconds: String(voice.maxSeconds),
  source: voice.transcription.source,
  model: voice.transcription.model,
  baseUrl: voice.transcription.source === 'own' ? voice.transcription.baseUrl : '',
  apiKey: voice.transcription.source === 'own' ? voice.transcription.apiKey : '',
  spokenApprovalOfCritical: voice.spokenApprovalOfCritical,
});

export const fromVoiceDraft = (d: VoiceDraft) => ({
  mode: d.mode,
  transcript: d.transcript,
  maxSeconds: Number(d.maxSeconds),
  transcription:
    d.source === 'chat'
      ? { source: d.source, model: d.model }
      : { source: d.source, model: d.model, baseUrl: d.baseUrl, apiKey: d.apiKey },
  spokenApprovalOfCritical: d.spokenApprovalOfCritical,
});
