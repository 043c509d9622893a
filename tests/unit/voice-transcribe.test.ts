// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/llm/errors';
import { transcribe, transcriptionTarget } from '../../background/llm/transcribe';
import { DEFAULT_VOICE, type Settings } from '../../src/protocol/common';
import { startLlmServer, type LlmServer } from '../fixtures/llm-server';
import { webmLike } from './support/audio';

let llm: LlmServer;
beforeAll(async () => {
  llm = await startLlmServer({ apiKey: 'sk-good', models: ['test-model', 'whisper-1'] });
});
beforeEach(() => llm.reset());
afterAll(() => llm.close());

const chat = (provider: Settings['provider']): Settings => ({
  provider,
  model: 'chat-model',
  apiKey: 'sk-good',
  baseUrl: llm.baseUrl,
});

describe('transcriptionTarget', () => {
  it('uses the chat provider’s endpoint and key with the transcription model, when the provider has one', () => {
    expect(transcriptionTarget(chat('openai'))).toEqual({
      ok: true,
      settings: { ...chat('openai'), model: 'whisper-1' },
    });
    expect(transcriptionTarget(chat('custom'))).toMatchObject({
      ok: true,
      settings: { provider: 'custom', model: 'whisper-1' },
    });
  });

  it.each([
    [
      'anthropic',
      /^Anthropic has no transcription endpoint\. In Settings → Voice, choose "Another OpenAI-compatible server"/,
    ],
    ['openrouter', /^OpenRouter has no transcription endpoint\./],
    ['ollama', /^Ollama has no transcription endpoint\./],
  ] as const)('says plainly that %s has none, and what to do', (provider, message) => {
    expect(transcriptionTarget(chat(provider))).toEqual({ ok: false, error: expect.stringMatching(message) });
  });

  it('uses the person’s own OpenAI-compatible server whatever the chat provider', () => {
    const voice = {
      ...DEFAULT_VOICE,
      transcription: { source: 'own' as const, baseUrl: 'https://stt.example/v1', apiKey: 'sk-stt', model: 'large-v3' },
    };
    expect(transcriptionTarget({ ...chat('anthropic'), voice })).toEqual({
      ok: true,
      settings: { provider: 'custom', baseUrl: 'https://stt.example/v1', apiKey: 'sk-stt', model: 'large-v3' },
    });
  });

  it('asks for a provider first when nothing is saved', () => {
    expect(transcriptionTarget(null)).toEqual({
      ok: false,
      error: expect.stringMatching(/^Connect a model in Settings first/),
    });
  });
});

describe('transcribe', () => {
  let target: Settings;
  beforeEach(() => {
    target = { ...chat('openai'), model: 'whisper-1' };
  });
  const never = new AbortController().signal;

  it('uploads the audio as multipart with the key, and returns the text trimmed', async () => {
    llm.scriptTranscription({ kind: 'transcript', text: '  find a cheaper one \n' });
    await expect(transcribe(target, webmLike(), 'audio/webm;codecs=opus', never)).resolves.toBe('find a cheaper one');
    const request = llm.requests.at(-1);
    expect(request?.path).toBe('/v1/audio/transcriptions');
    expect(request?.headers.authorization).toBe('Bearer sk-good');
    expect(request?.body).toEqual({ file: '<4000 bytes>', model: 'whisper-1', response_format: 'json' });
    expect(llm.transcriptions[0]).toMatchObject({ filename: 'speech.webm', contentType: 'audio/webm;codecs=opus' });
  });

  it('names a refused key, an unknown model and a server error the way chat does', async () => {
    await expect(transcribe({ ...target, apiKey: 'sk-bad' }, webmLike(), 'audio/webm', never)).rejects.toThrow(
      /^Invalid API key\. Double-check your openai key/,
    );
    await expect(transcribe({ ...target, model: 'whisper-9' }, webmLike(), 'audio/webm', never)).rejects.toThrow(
      /The model "whisper-9" was not found/,
    );
    llm.scriptTranscription({ kind: 'error', status: 500 });
    await expect(transcribe(target, webmLike(), 'audio/webm', never)).rejects.toThrow(
      /OpenAI had a server error \(500\)/,
    );
  });

  it('names an unreachable host and a malformed answer', async () => {
    await expect(
      transcribe({ ...target, baseUrl: 'http://127.0.0.1:9/v1' }, webmLike(), 'audio/webm', never),
    ).rejects.toThrow(/^Cannot reach 127\.0\.0\.1:9/);
    llm.scriptTranscription({ kind: 'error', status: 200, body: { transcript: 'wrong field' } });
    await expect(transcribe(target, webmLike(), 'audio/webm', never)).rejects.toBeInstanceOf(ProviderError);
  });

  it('stops when aborted, with the abort reason', async () => {
    llm.scriptTranscription({ kind: 'transcript', text: 'late', delayMs: 5000 });
    const abort = new AbortController();
    const pending = transcribe(target, webmLike(), 'audio/webm', abort.signal);
    setTimeout(() => abort.abort(new Error('stopped by the person')), 100);
    await expect(pending).rejects.toThrow('stopped by the person');
  });
});
