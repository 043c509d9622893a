import { beforeEach, describe, expect, it } from 'vitest';
import { BROWSERS, waitUntil, type BrowserName, type LaunchOptions, type PageDriver } from './harness';
import { shownTools, waitForPrompt, waitUntilIdle } from './support/agent';
import { useExtension } from './support/extension';
import { useSite } from './support/site';
import { configure, openSidebar, send, waitForMessages, showView } from './support/sidebar';
import { SPEECH_WAV } from './support/speech';
import { extensionTabs, inputValue, notice, setVoice, voicePhase } from './support/voice';

const KEY = 'sk-bosun-voice';
const MODELS = ['test-model', 'whisper-1'];
const TRANSCRIPT = 'find me a cheaper alternative to this product';

/** A microphone that plays espeak-ng's sentence (Chromium) or a test tone (Firefox), allowed without a prompt. */
const FAKE_MIC: Record<BrowserName, LaunchOptions> = {
  chromium: {
    chromiumArgs: [
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${SPEECH_WAV}`,
      '--use-fake-ui-for-media-stream',
    ],
  },
  firefox: { firefoxPrefs: { 'media.navigator.streams.fake': true, 'media.navigator.permission.disabled': true } },
};
/** The same microphone, refused: Chromium answers every prompt with "block", Firefox blocks by default. */
const BLOCKED_MIC: Record<BrowserName, LaunchOptions> = {
  chromium: {
    chromiumArgs: [
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${SPEECH_WAV}`,
      '--deny-permission-prompts',
    ],
  },
  firefox: { firefoxPrefs: { 'media.navigator.streams.fake': true, 'permissions.default.microphone': 2 } },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(BROWSERS)('voice in %s', (browserName) => {
  const ctx = useExtension(browserName, { apiKey: KEY, models: MODELS }, FAKE_MIC[browserName]);
  beforeEach(() => ctx.llm.reset());
  /** A sidebar connected to the scripted provider, so each test also runs on its own. */
  const ready = async () => {
    const page = await openSidebar(ctx.session);
    await configure(page, ctx.llm, KEY);
    return page;
  };

  it('records in the sidebar, uploads real audio to the transcription endpoint, and puts the transcript in the input box', async () => {
    const page = await ready();
    await setVoice(page, { mode: 'whisper', transcript: 'input', maxSeconds: 60 });
    ctx.llm.scriptTranscription({ kind: 'transcript', text: TRANSCRIPT });
    expect(await voicePhase(page)).toBeNull();

    await page.click('[data-testid="talk"]');
    await page.waitFor(
      () => document.querySelector<HTMLElement>('[data-testid="voice-indicator"]')?.dataset.phase === 'recording',
      undefined,
      {
        message: 'the recording did not start',
      },
    );
    await sleep(2500);
    // The recording bar stays in view in every panel view while the microphone is open.
    await showView(page, 'log');
    expect(await voicePhase(page)).toBe('recording');
    expect(await page.text('[data-testid="voice-indicator"]')).toMatch(/Recording 0:0\d of 1:00/);
    await page.click('[data-testid="view-chat"]');
    await page.click('[data-testid="voice-finish"]');

    await page.waitFor(
      (text) => document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')?.value === text,
      TRANSCRIPT,
      {
        message: 'the transcript did not land in the input box',
        timeoutMs: 15_000,
      },
    );
    expect(await voicePhase(page)).toBeNull();
    expect(ctx.llm.failures).toEqual([]);
    expect(ctx.llm.transcriptions).toHaveLength(1);
    const [audio] = ctx.llm.transcriptions;
    expect(audio).toMatchObject({
      model: 'whisper-1',
      container: 'webm',
      filename: 'speech.webm',
      contentType: expect.stringMatching(/^audio\/webm/),
    });
    // About two seconds of Opus: far more than a header.
    expect(audio?.bytes).toBeGreaterThan(8000);
    const upload = ctx.llm.requests.find((r) => r.path === '/v1/audio/transcriptions');
    expect(upload?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; ?boundary=/);
    // Push-to-talk: nothing was sent to the model.
    expect(ctx.llm.requests.filter((r) => r.path === '/v1/chat/completions')).toEqual([]);
    await page.close();
  });

  it('sends the transcript at once when that is the setting', async () => {
    const page = await ready();
    await setVoice(page, { transcript: 'send' });
    ctx.llm.scriptTranscription({ kind: 'transcript', text: TRANSCRIPT });
    ctx.llm.script({ kind: 'text', chunks: ['Here are three cheaper ones.'] });
    await page.click('[data-testid="talk"]');
    await page.waitFor(
      () => document.querySelector<HTMLElement>('[data-testid="voice-indicator"]')?.dataset.phase === 'recording',
    );
    await sleep(1500);
    await page.click('[data-testid="voice-finish"]');
    const messages = await waitForMessages(
      page,
      (m) => m.at(-1)?.status === 'done' && m.at(-1)?.role === 'assistant',
      'the transcript was not sent',
    );
    expect(messages.slice(-2)).toEqual([
      { role: 'user', status: 'done', content: TRANSCRIPT, error: '' },
      { role: 'assistant', status: 'done', content: 'Here are three cheaper ones.', error: '' },
    ]);
    expect(await inputValue(page)).toBe('');
    expect(ctx.llm.transcriptions).toHaveLength(1);
    await setVoice(page, { transcript: 'input' });
    await page.close();
  });

  it('stops by itself at the maximum recording length, and still transcribes', async () => {
    const page = await ready();
    await setVoice(page, { maxSeconds: 5 });
    ctx.llm.scriptTranscription({ kind: 'transcript', text: TRANSCRIPT });
    await page.click('[data-testid="talk"]');
    await page.waitFor(
      () => document.querySelector<HTMLElement>('[data-testid="voice-indicator"]')?.dataset.phase === 'recording',
    );
    const opened = Date.now();
    await page.waitFor(() => document.querySelector('[data-testid="voice-indicator"]') === null, undefined, {
      message: 'the recording did not stop at its limit',
      timeoutMs: 15_000,
    });
    expect(Date.now() - opened).toBeGreaterThan(4000);
    expect(await notice(page)).toContain('Recording stopped at the 5-second limit');
    expect(await inputValue(page)).toBe(TRANSCRIPT);
    expect(ctx.llm.transcriptions[0]?.bytes).toBeGreaterThan(8000);
    await setVoice(page, { maxSeconds: 60 });
    await page.close();
  });

  it('a refused transcription says why, and the recording bar goes away', async () => {
    const page = await ready();
    ctx.llm.scriptTranscription({ kind: 'error', status: 401 });
    await page.click('[data-testid="talk"]');
    await page.waitFor(
      () => document.querySelector<HTMLElement>('[data-testid="voice-indicator"]')?.dataset.phase === 'recording',
    );
    await sleep(1000);
    await page.click('[data-testid="voice-finish"]');
    await page.waitFor(
      () => document.querySelector('[data-testid="notice"]')?.textContent?.includes('Transcription failed'),
      undefined,
      {
        message: 'the transcription error was not shown',
      },
    );
    expect(await notice(page)).toMatch(
      /^Transcription failed: Invalid API key\. Double-check your custom key in Settings\./,
    );
    expect(await voicePhase(page)).toBeNull();
    expect(await inputValue(page)).toBe('');
    await page.close();
  });

  it('a background stopped while the person speaks (idle worker or event page) still transcribes the recording', async () => {
    const page = await ready();
    ctx.llm.scriptTranscription({ kind: 'transcript', text: TRANSCRIPT });
    await page.click('[data-testid="talk"]');
    await page.waitFor(
      () => document.querySelector<HTMLElement>('[data-testid="voice-indicator"]')?.dataset.phase === 'recording',
    );
    await ctx.session.stopBackground();
    await sleep(1500);
    expect(await voicePhase(page)).toBe('recording');
    await page.click('[data-testid="voice-finish"]');
    await page.waitFor(
      (text) => document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')?.value === text,
      TRANSCRIPT,
      {
        message: 'the recording was lost with the background',
      },
    );
    await page.close();
  });

  it('Cancel closes the microphone and uploads nothing', async () => {
    const page = await ready();
    await page.click('[data-testid="talk"]');
    await page.waitFor(
      () => document.querySelector<HTMLElement>('[data-testid="voice-indicator"]')?.dataset.phase === 'recording',
    );
    await page.click('[data-testid="voice-cancel"]');
    await page.waitFor(() => document.querySelector('[data-testid="voice-indicator"]') === null, undefined, {
      message: 'Cancel did not close the recording',
    });
    await sleep(500);
    expect(ctx.llm.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toEqual([]);
    // The session is closed: the next press records again.
    await page.click('[data-testid="talk"]');
    await page.waitFor(
      () => document.querySelector<HTMLElement>('[data-testid="voice-indicator"]')?.dataset.phase === 'recording',
    );
    await page.press('Escape');
    await page.waitFor(() => document.querySelector('[data-testid="voice-indicator"]') === null, undefined, {
      message: 'Escape did not cancel',
    });
    await page.close();
  });

  it('with Anthropic, says it has no transcription endpoint and opens no microphone', async () => {
    const page = await openSidebar(ctx.session);
    await configure(page, { ...ctx.llm, baseUrl: ctx.llm.anthropicBaseUrl }, KEY, 'anthropic');
    await page.click('[data-testid="talk"]');
    await page.waitFor(
      () => document.querySelector('[data-testid="notice"]')?.textContent?.includes('transcription endpoint'),
      undefined,
      {
        message: 'no explanation was shown',
      },
    );
    expect(await notice(page)).toMatch(
      /^Anthropic has no transcription endpoint\. In Settings → Voice, choose "Another OpenAI-compatible server"/,
    );
    expect(await voicePhase(page)).toBeNull();
    expect(ctx.llm.requests.filter((r) => r.path.includes('audio'))).toEqual([]);
    await configure(page, ctx.llm, KEY);
    await page.close();
  });

  it('the microphone page asks once and says it is allowed', async () => {
    const page = await ctx.session.openExtensionPage('microphone.html');
    await page.waitFor(
      () => document.querySelector<HTMLElement>('[data-testid="grant-status"]')?.dataset.outcome,
      undefined,
      {
        message: 'the microphone page did not finish asking',
      },
    );
    expect(await page.text('[data-testid="grant-status"]')).toMatch(/^Microphone allowed\./);
    await page.close();
  });

  it.runIf(browserName === 'chromium')(
    'browser speech: Chromium listens in the sidebar and reports what its speech service says',
    async () => {
      const page = await ready();
      await setVoice(page, { mode: 'browser' });
      await page.click('[data-testid="talk"]');
      // Headless Chromium's speech service captures audio outside the fake device, so it fails: the failure must be explained.
      await page.waitFor(
        () =>
          document
            .querySelector('[data-testid="notice"]')
            ?.textContent?.includes('speech recognition could not capture audio'),
        undefined,
        {
          message: 'the speech service error was not shown',
        },
      );
      expect(await voicePhase(page)).toBeNull();
      expect(await page.evaluate(() => document.querySelector('[data-testid="speech-unavailable"]'))).toBeNull();
      // The background closed the session: Whisper records again at once.
      await setVoice(page, { mode: 'whisper' });
      await page.click('[data-testid="talk"]');
      await page.waitFor(
        () => document.querySelector<HTMLElement>('[data-testid="voice-indicator"]')?.dataset.phase === 'recording',
      );
      await page.click('[data-testid="voice-cancel"]');
      await page.close();
    },
  );

  it.runIf(browserName === 'firefox')(
    'browser speech: Firefox has none, so the sidebar says so and offers Whisper',
    async () => {
      const page = await ready();
      await setVoice(page, { mode: 'browser' });
      await page.click('[data-testid="talk"]');
      await page.waitFor(() => document.querySelector('[data-testid="speech-unavailable"]') !== null, undefined, {
        message: 'the sidebar did not say speech is unavailable',
      });
      expect(await page.text('[data-testid="speech-unavailable"]')).toMatch(
        /This browser has no speech recognition of its own \(Firefox has it from version 160\)/,
      );
      expect(await voicePhase(page)).toBeNull();
      await page.click('[data-testid="use-whisper"]');
      await page.waitFor(() => document.querySelector('[data-testid="speech-unavailable"]') === null);
      // Whisper is now the setting, and the next press records.
      ctx.llm.scriptTranscription({ kind: 'transcript', text: TRANSCRIPT });
      await page.click('[data-testid="talk"]');
      await page.waitFor(
        () => document.querySelector<HTMLElement>('[data-testid="voice-indicator"]')?.dataset.phase === 'recording',
      );
      await sleep(1000);
      await page.click('[data-testid="voice-finish"]');
      await page.waitFor(
        (text) => document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')?.value === text,
        TRANSCRIPT,
      );
      await page.close();
    },
  );

  // Spoken answers to a permission question, in the same browser: it has the microphone they need.
  const site = useSite();

  /** Says `text` (the scripted transcript of a real recording) into the sidebar. */
  const say = async (page: PageDriver, text: string) => {
    ctx.llm.scriptTranscription({ kind: 'transcript', text });
    await page.click('[data-testid="talk"]');
    await page.waitFor(
      () => document.querySelector<HTMLElement>('[data-testid="voice-indicator"]')?.dataset.phase === 'recording',
    );
    await sleep(1000);
    await page.click('[data-testid="voice-finish"]');
    await page.waitFor(() => document.querySelector('[data-testid="voice-indicator"]') === null, undefined, {
      message: 'the recording did not end',
    });
  };

  it('a spoken yes never approves a critical action unless that is turned on; a spoken no denies', async () => {
    const shop = await ctx.session.openPage(site.url('product.html'));
    const page = await openSidebar(ctx.session);
    await configure(page, ctx.llm, KEY);
    const status = () => shop.evaluate(() => document.getElementById('status')?.textContent ?? '');
    const buy = (id: string) => ({
      kind: 'tool_calls' as const,
      calls: [{ id, name: 'click_element', arguments: { selector: '#buy-now' } }],
    });

    ctx.llm.script(buy('b1'), { kind: 'text', chunks: ['I did not buy it.'] });
    await send(page, 'Buy it now');
    expect((await waitForPrompt(page)).critical).toMatch(/^Critical: /);
    await say(page, 'Yes.');
    expect(await notice(page)).toMatch(
      /^Bosun does not take a spoken yes for this action .*Press Allow if you mean it\./,
    );
    expect(await page.evaluate(() => document.querySelector('[data-testid="permission-prompt"]') !== null)).toBe(true);
    expect(await inputValue(page)).toBe('');
    await say(page, 'No');
    await waitUntilIdle(page);
    expect(await shownTools(page)).toEqual([{ tool: 'click_element', outcome: 'denied' }]);
    expect(await status()).toBe('');

    await setVoice(page, { spokenApprovalOfCritical: true });
    ctx.llm.script(buy('b2'), { kind: 'text', chunks: ['Bought.'] });
    await send(page, 'Buy it now, really');
    await waitForPrompt(page);
    await say(page, 'Yes');
    await waitUntilIdle(page);
    expect(await status()).toBe('Order placed');
    await setVoice(page, { spokenApprovalOfCritical: false });
    await page.close();
    await shop.close();
  });
});

describe.each(BROWSERS)('a blocked microphone in %s', (browserName) => {
  const ctx = useExtension(browserName, { apiKey: KEY, models: MODELS }, BLOCKED_MIC[browserName]);

  it('says how to unblock it, opens the microphone page, and uploads nothing', async () => {
    const page = await openSidebar(ctx.session);
    await configure(page, ctx.llm, KEY);
    await page.click('[data-testid="talk"]');
    await page.waitFor(
      () => document.querySelector('[data-testid="notice"]')?.textContent?.startsWith('Mic blocked.'),
      undefined,
      {
        message: 'the blocked microphone was not reported',
      },
    );
    expect(await voicePhase(page)).toBeNull();
    // The microphone page opened in a tab, where the browser can ask; it too was refused and says how to unblock.
    const grant = await waitUntil(
      async () => (await extensionTabs(page)).find((view) => view.path === '/microphone.html' && view.grant),
      {
        message: 'the microphone page did not open',
      },
    );
    expect(grant).toMatchObject({ grant: 'refused', text: expect.stringMatching(/^Mic blocked\./) });
    // A second press is refused the same way, without asking the background to record.
    await page.click('[data-testid="notice"] button');
    await page.click('[data-testid="talk"]');
    await page.waitFor(() => document.querySelector('[data-testid="notice"]')?.textContent?.startsWith('Mic blocked.'));
    expect(ctx.llm.requests.filter((r) => r.path.includes('audio'))).toEqual([]);
    await page.close();
  });
});
