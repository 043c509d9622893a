import * as v from 'valibot';
import { voiceOf, type Settings } from '../../src/protocol/common';
import {
  MALFORMED,
  ProviderError,
  describeHttpError,
  describeNetworkError,
  describeTimeout,
} from '../../src/llm/errors';
import { PROVIDER_INFO, requestHeaders } from '../../src/llm/providers';
import { fetchWithKey } from '../../src/llm/provider-fetch';

const TIMEOUT_MS = 60_000;
const Transcription = v.object({ text: v.string() });

export type TranscriptionTarget = { ok: true; settings: Settings } | { ok: false; error: string };

/**
 * Where Whisper audio goes: the chat provider's `/audio/transcriptions` when it has one, or the
 * OpenAI-compatible server the person set in Settings → Voice. The result is provider settings,
 * so the request reuses the chat client's headers and error messages.
 */
export function transcriptionTarget(settings: Settings | null): TranscriptionTarget {
  if (!settings)
    return {
      ok: false,
      error: 'Connect a model in Settings first: Bosun sends your recording to its transcription endpoint.',
    };
  const { transcription } = voiceOf(settings);
  if (transcription.source === 'own') {
    return {
      ok: true,
      settings: {
        provider: 'custom',
        baseUrl: transcription.baseUrl,
        apiKey: transcription.apiKey,
        model: transcription.model,
      },
    };
  }
  const { label, transcribes } = PROVIDER_INFO[settings.provider];
  if (!transcribes) {
    return {
      ok: false,
      error:
        `${label} has no transcription endpoint. In Settings → Voice, choose "Another OpenAI-compatible server" and enter one ` +
        '(for example https://api.openai.com/v1 with whisper-1), or switch to the browser’s speech recognition.',
    };
  }
  return { ok: true, settings: { ...settings, model: transcription.model } };
}

/** The file name tells OpenAI-compatible servers the container, as their docs ask. */
const fileName = (mimeType: string) => `speech.${/ogg/.test(mimeType) ? 'ogg' : /mp4/.test(mimeType) ? 'm4a' : 'webm'}`;

/** Sends one recording to `POST {baseUrl}/audio/transcriptions` (multipart) and returns its text. */
export async function transcribe(
  target: Settings,
  audio: Uint8Array<ArrayBuffer>,
  mimeType: string,
  signal: AbortSignal,
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([audio], { type: mimeType }), fileName(mimeType));
  form.append('model', target.model);
  form.append('response_format', 'json');
  // fetch writes the multipart content type with its boundary; the JSON one must not be sent.
  const headers = requestHeaders(target);
  delete headers['content-type'];
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetchWithKey(target, `${target.baseUrl}/audio/transcriptions`, {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.any([signal, timeout]),
    });
  } catch (error) {
    if (signal.aborted) throw signal.reason ?? error;
    if (error instanceof ProviderError) throw error;
    throw timeout.aborted ? describeTimeout(target, TIMEOUT_MS / 1000) : describeNetworkError(target);
  }
  if (!response.ok)
    throw describeHttpError(response.status, await response.text().catch(() => ''), target, response.headers);
  const parsed = v.safeParse(Transcription, await response.json().catch(() => null));
  if (!parsed.success) throw new ProviderError(MALFORMED);
  return parsed.output.text.trim();
}
