// @vitest-environment node
// The scripted server's /v1/audio/transcriptions: it takes real multipart uploads and refuses
// anything that is not recorded Opus audio, so the e2e tests prove a real recording arrived.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer } from '../fixtures/llm-server';
import { webmLike } from './support/audio';

let llm: LlmServer;
beforeEach(async () => {
  llm = await startLlmServer({ apiKey: 'sk-voice', models: ['whisper-1'] });
});
afterEach(() => llm.close());

const upload = (
  file: Uint8Array<ArrayBuffer> | null,
  { name = 'speech.webm', model = 'whisper-1', key = 'sk-voice' } = {},
) => {
  const form = new FormData();
  if (file) form.append('file', new Blob([file], { type: 'audio/webm' }), name);
  if (model) form.append('model', model);
  return fetch(`${llm.baseUrl}/audio/transcriptions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
};

describe('the transcription endpoint', () => {
  it('answers the scripted transcript for a WebM/Opus upload and records what it received', async () => {
    llm.scriptTranscription({ kind: 'transcript', text: 'hello there' });
    const response = await upload(webmLike(5000));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: 'hello there' });
    expect(llm.transcriptions).toEqual([
      { model: 'whisper-1', filename: 'speech.webm', contentType: 'audio/webm', container: 'webm', bytes: 5000 },
    ]);
    expect(llm.requests.at(-1)?.body).toEqual({ file: '<5000 bytes>', model: 'whisper-1' });
    expect(llm.pending).toBe(0);
  });

  it.each([
    ['no file', null, {}, 400, /No file was uploaded/],
    [
      'a WAV file',
      new Uint8Array([...new TextEncoder().encode('RIFF....WAVEfmt '), ...new Uint8Array(5000)]),
      {},
      400,
      /is not WebM or Ogg audio/,
    ],
    ['a header without sound', webmLike(500), {}, 400, /holds only 500 bytes/],
    [
      'a name that does not match the content',
      webmLike(),
      { name: 'speech.ogg' },
      400,
      /does not match its webm content/,
    ],
    ['an unknown model', webmLike(), { model: 'whisper-9' }, 404, /does not exist/],
    ['a wrong key', webmLike(), { key: 'sk-wrong' }, 401, /Incorrect API key/],
  ] as const)('refuses %s without using a step', async (_name, file, options, status, message) => {
    llm.scriptTranscription({ kind: 'transcript', text: 'unused' });
    const response = await upload(file as Uint8Array<ArrayBuffer> | null, options);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(message);
    expect(llm.pending).toBe(1);
    expect(llm.transcriptions).toEqual([]);
  });

  it('answers a scripted error, and 500 when no step was queued', async () => {
    llm.scriptTranscription({ kind: 'error', status: 503 });
    expect((await upload(webmLike())).status).toBe(503);
    const unscripted = await upload(webmLike());
    expect(unscripted.status).toBe(500);
    expect(((await unscripted.json()) as { error: { message: string } }).error.message).toMatch(
      /no scripted response was queued/,
    );
  });
});
