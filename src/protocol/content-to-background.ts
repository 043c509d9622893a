import * as v from 'valibot';
import { bare, message, text, type MessageOf } from './envelope';

/** One-way messages content scripts send with `runtime.sendMessage`. */
export const ContentToBackground = {
  VOICE_STARTED: bare('VOICE_STARTED'),
  VOICE_TRANSCRIBING: bare('VOICE_TRANSCRIBING'),
  VOICE_AUDIO: message(
    'VOICE_AUDIO',
    v.strictObject({
      // 25 MB of audio (the Whisper API limit) as base64.
      audio: v.pipe(v.string(), v.maxLength(35_000_000), v.base64('must be base64')),
      mimeType: v.pipe(v.string(), v.regex(/^audio\/[\w.+-]+(;.*)?$/, 'must be an audio MIME type')),
    }),
  ),
  VOICE_SPEECH_RESULT: message(
    'VOICE_SPEECH_RESULT',
    v.strictObject({ transcript: text(10_000), isFinal: v.boolean(), isInterim: v.boolean() }),
  ),
  VOICE_END: bare('VOICE_END'),
  VOICE_ERROR: message('VOICE_ERROR', v.strictObject({ error: text(1000) })),
  PAGE_CONTENT_READY: message('PAGE_CONTENT_READY', v.strictObject({ title: text(2000), url: text(8192) })),
};
export type ContentToBackground = MessageOf<typeof ContentToBackground>;
