// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createVoiceSessions } from '../../background/sidebar-channel/voice-sessions';
import type { SidebarPort } from '../../background/sidebar-channel/port-hub';
import { transcribe, transcriptionTarget } from '../../background/llm/transcribe';
import type { Settings } from '../../src/protocol/common';
import { startLlmServer, type LlmServer } from '../fixtures/llm-server';
import { webmLike } from './support/audio';

let llm: LlmServer;
let settings: Settings | null;
beforeAll(async () => {
  llm = await startLlmServer({ models: ['test-model', 'whisper-1'] });
});
beforeEach(() => {
  llm.reset();
  settings = { provider: 'custom', model: 'test-model', apiKey: '', baseUrl: llm.baseUrl };
});
afterAll(() => llm.close());

/** A sidebar's port as the browser hands it to the background: what was posted to it is kept. */
const port = () => {
  const posted: unknown[] = [];
  return { posted, port: { name: 'sidebar', postMessage: (m: unknown) => posted.push(m) } as unknown as SidebarPort };
};
// Holding the background alive is a browser matter; here the work simply runs.
const sessions = () =>
  createVoiceSessions({ settings: () => settings, target: transcriptionTarget, transcribe, holdAlive: (work) => work });
const audio = { audio: Buffer.from(webmLike()).toString('base64'), mimeType: 'audio/webm;codecs=opus' };

describe('voice sessions', () => {
  it('a Whisper session: started, transcribed, ended, answered to the sidebar that asked', async () => {
    const voice = sessions();
    const sidebar = port();
    expect(voice.start(sidebar.port, 'whisper')).toEqual([{ type: 'VOICE_STARTED' }]);
    llm.scriptTranscription({ kind: 'transcript', text: 'hello bosun' });
    await expect(voice.audio(sidebar.port, audio)).resolves.toEqual([
      { type: 'VOICE_RESULT', payload: { transcript: 'hello bosun', isFinal: true } },
      { type: 'VOICE_END' },
    ]);
    expect(sidebar.posted).toEqual([{ type: 'VOICE_TRANSCRIBING' }]);
    expect(llm.transcriptions).toHaveLength(1);
    // The session ended with the result: the next recording starts a new one.
    expect(voice.start(sidebar.port, 'whisper')).toEqual([{ type: 'VOICE_STARTED' }]);
  });

  it('refuses a Whisper session when no transcription endpoint is configured, and opens none', async () => {
    settings = { provider: 'anthropic', model: 'claude', apiKey: 'k', baseUrl: llm.url };
    const voice = sessions();
    const sidebar = port();
    expect(voice.start(sidebar.port, 'whisper')).toEqual([
      { type: 'VOICE_ERROR', payload: { error: expect.stringMatching(/^Anthropic has no transcription endpoint/) } },
      { type: 'VOICE_END' },
    ]);
    await expect(voice.audio(sidebar.port, audio)).resolves.toMatchObject([
      { type: 'VOICE_ERROR', payload: { error: expect.stringMatching(/^Anthropic has no transcription endpoint/) } },
      { type: 'VOICE_END' },
    ]);
    expect(llm.requests).toEqual([]);
    // Browser speech needs no endpoint.
    expect(voice.start(sidebar.port, 'browser')).toEqual([{ type: 'VOICE_STARTED' }]);
  });

  it('one session per sidebar; another sidebar has its own', () => {
    const voice = sessions();
    const first = port();
    const second = port();
    voice.start(first.port, 'whisper');
    expect(voice.start(first.port, 'browser')[0]).toMatchObject({
      type: 'VOICE_ERROR',
      payload: { error: expect.stringMatching(/already listening/) },
    });
    expect(voice.start(second.port, 'whisper')).toEqual([{ type: 'VOICE_STARTED' }]);
  });

  it('audio for a browser-speech session, or sent again while uploading, is refused', async () => {
    const voice = sessions();
    const speech = port();
    voice.start(speech.port, 'browser');
    await expect(voice.audio(speech.port, audio)).resolves.toMatchObject([
      { type: 'VOICE_ERROR', payload: { error: expect.stringMatching(/No Whisper recording is open/) } },
      { type: 'VOICE_END' },
    ]);
    expect(llm.requests).toEqual([]);
    const whisper = port();
    voice.start(whisper.port, 'whisper');
    llm.scriptTranscription({ kind: 'transcript', text: 'once', delayMs: 300 });
    const first = voice.audio(whisper.port, audio);
    await expect(voice.audio(whisper.port, audio)).resolves.toMatchObject([
      { type: 'VOICE_ERROR' },
      { type: 'VOICE_END' },
    ]);
    await expect(first).resolves.toMatchObject([
      { type: 'VOICE_RESULT', payload: { transcript: 'once' } },
      { type: 'VOICE_END' },
    ]);
  });

  it('audio arriving after the background was restarted (its session lost) is still transcribed', async () => {
    const sidebar = port();
    llm.scriptTranscription({ kind: 'transcript', text: 'still here' });
    await expect(sessions().audio(sidebar.port, audio)).resolves.toMatchObject([
      { type: 'VOICE_RESULT', payload: { transcript: 'still here' } },
      { type: 'VOICE_END' },
    ]);
  });

  it('STOP_VOICE during the upload drops it: no result, one VOICE_END', async () => {
    const voice = sessions();
    const sidebar = port();
    voice.start(sidebar.port, 'whisper');
    llm.scriptTranscription({ kind: 'transcript', text: 'too late', delayMs: 3000 });
    const pending = voice.audio(sidebar.port, audio);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(voice.stop(sidebar.port)).toEqual([{ type: 'VOICE_END' }]);
    await expect(pending).resolves.toEqual([]);
  });

  it('a closed sidebar ends its session and its upload', async () => {
    const voice = sessions();
    const sidebar = port();
    voice.start(sidebar.port, 'whisper');
    llm.scriptTranscription({ kind: 'transcript', text: 'nobody listens', delayMs: 3000 });
    const pending = voice.audio(sidebar.port, audio);
    await new Promise((resolve) => setTimeout(resolve, 200));
    voice.close(sidebar.port);
    await expect(pending).resolves.toEqual([]);
    expect(voice.start(sidebar.port, 'whisper')).toEqual([{ type: 'VOICE_STARTED' }]);
  });

  it('a transcription failure and an empty transcript are explained', async () => {
    const voice = sessions();
    const sidebar = port();
    voice.start(sidebar.port, 'whisper');
    llm.scriptTranscription({ kind: 'error', status: 429 });
    await expect(voice.audio(sidebar.port, audio)).resolves.toEqual([
      {
        type: 'VOICE_ERROR',
        payload: {
          error: expect.stringMatching(/^Transcription failed: the custom provider is rate limiting requests/),
        },
      },
      { type: 'VOICE_END' },
    ]);
    voice.start(sidebar.port, 'whisper');
    llm.scriptTranscription({ kind: 'transcript', text: '  ' });
    await expect(voice.audio(sidebar.port, audio)).resolves.toMatchObject([
      { type: 'VOICE_ERROR', payload: { error: expect.stringMatching(/^No speech was recognised/) } },
      { type: 'VOICE_END' },
    ]);
  });
});
