import { voiceOf } from '../../src/protocol/common';
import { MAX_AUDIO_BYTES, type SidebarToBackground } from '../../src/protocol/sidebar-to-background';
import type { SidebarActions } from '../actions';
import type { Handlers, InboxPart, Refusals, VoiceTypes } from '../inbox';
import type { SidebarState } from '../state';
import { captureRoute, type MicPermission } from './mic-access';
import { MIC_ASK, MIC_BLOCKED, isDenial, micErrorMessage } from './mic-errors';
import { blobToBase64, type Recording } from './recorder';
import type { SpeechHandlers } from './speech';
import { deliverTranscript } from './deliver';
import { t } from '../../src/i18n';

/** The browser's parts, passed in so the controller reads as the protocol it follows. */
interface VoicePlatform {
  send(message: SidebarToBackground): void;
  micPermission(): Promise<MicPermission>;
  inTab(): Promise<boolean>;
  openGrantPage(): void;
  startRecording(): Promise<Recording>;
  speechAvailable(): boolean;
  startSpeech(handlers: SpeechHandlers): { stop(): void; cancel(): void };
  /** Moves focus to the input box after a transcript lands there. */
  focusInput(): void;
}

/**
 * Voice in the sidebar. The sidebar page records (an extension page: the visited page never sees
 * the microphone); the background opens the session and transcribes. Local events (the
 * microphone refused, speech heard) take the same message shapes as the background's.
 */
export function createVoice(
  state: SidebarState,
  actions: Pick<SidebarActions, 'send' | 'answer'>,
  platform: VoicePlatform,
) {
  let recording: Recording | null = null;
  let speech: { stop(): void; cancel(): void } | null = null;
  let limit: ReturnType<typeof setTimeout> | undefined;
  let heard = '';

  const settings = () => voiceOf(state.settings.value);
  const phase = () => state.voice.value.phase;
  const set = (change: Partial<typeof state.voice.value>) => (state.voice.value = { ...state.voice.value, ...change });
  const endMessage = (): SidebarToBackground => ({
    type: state.voice.value.mode === 'whisper' ? 'STOP_VOICE' : 'STOP_SPEECH_RECOGNITION',
  });

  /** Closes the microphone, if open; the recording indicator goes with it. */
  function closeMic(): void {
    clearTimeout(limit);
    recording?.cancel();
    speech?.cancel();
    recording = null;
    speech = null;
  }

  async function start(): Promise<void> {
    if (phase() !== 'idle') return;
    const { mode } = settings();
    if (mode === 'browser' && !platform.speechAvailable()) {
      state.speechUnavailable.value = true;
      return;
    }
    state.speechUnavailable.value = false;
    set({ phase: 'starting', mode, interim: '' });
    const route = captureRoute(await platform.micPermission(), await platform.inTab());
    if (route !== 'record') {
      platform.openGrantPage();
      set({ phase: 'idle' });
      state.notice.value = route === 'blocked' ? MIC_BLOCKED : MIC_ASK;
      return;
    }
    platform.send({ type: mode === 'whisper' ? 'START_VOICE' : 'START_SPEECH_RECOGNITION' });
  }

  async function openMic(): Promise<void> {
    const { maxSeconds } = settings();
    const { mode } = state.voice.value;
    try {
      if (mode === 'whisper') {
        const opened = await platform.startRecording();
        // Cancelled while the browser was opening the microphone: close it at once.
        if (phase() !== 'starting') return opened.cancel();
        recording = opened;
      } else speech = platform.startSpeech(speechHandlers);
    } catch (error) {
      if (isDenial(error)) platform.openGrantPage();
      platform.send(endMessage());
      fail(micErrorMessage(error));
      return;
    }
    heard = '';
    set({ phase: 'recording', startedAt: Date.now() });
    limit = setTimeout(() => {
      state.notice.value = t('voice_stopped_at_limit', maxSeconds);
      void finish();
    }, maxSeconds * 1000);
  }

  const speechHandlers: SpeechHandlers = {
    result: (transcript, isFinal) => {
      const payload = { transcript, isFinal, isInterim: !isFinal };
      handlers.VOICE_SPEECH_RESULT({ type: 'VOICE_SPEECH_RESULT', payload });
    },
    error: (error) => {
      platform.send(endMessage());
      fail(error);
    },
    end: () => {
      if (!speech) return;
      speech = null;
      clearTimeout(limit);
      platform.send({ type: 'STOP_SPEECH_RECOGNITION' });
      if (heard.trim()) deliver(heard.trim());
    },
  };

  /** Stop pressed, or the time limit: the recording is transcribed. */
  async function finish(): Promise<void> {
    clearTimeout(limit);
    if (speech) {
      speech.stop();
      return;
    }
    const current = recording;
    if (!current) return;
    recording = null;
    set({ phase: 'transcribing' });
    const audio = await current.finish();
    if (audio.size > MAX_AUDIO_BYTES) {
      platform.send({ type: 'STOP_VOICE' });
      fail(t('voice_too_large', MAX_AUDIO_BYTES / 1024 / 1024));
      return;
    }
    platform.send({ type: 'VOICE_AUDIO', payload: { audio: await blobToBase64(audio), mimeType: audio.type } });
  }

  /** Cancel pressed, Escape, or the panel closing: nothing is transcribed. */
  function cancel(): void {
    if (phase() === 'idle') return;
    closeMic();
    platform.send(endMessage());
    set({ phase: 'idle', interim: '' });
  }

  function fail(error: string): void {
    closeMic();
    set({ phase: 'idle', interim: '' });
    state.notice.value = error;
  }

  const deliver = (transcript: string) =>
    deliverTranscript(transcript, settings(), state, actions, platform.focusInput);

  /** Nothing is under way any more: the microphone closes and the indicator goes. */
  function stopAll(): void {
    closeMic();
    set({ phase: 'idle', interim: '' });
  }

  const handlers: Handlers<VoiceTypes> = {
    // Only the answer to this sidebar's own START: anything else opens no microphone.
    VOICE_STARTED: () => {
      if (phase() === 'starting') void openMic();
    },
    VOICE_TRANSCRIBING: () => set({ phase: 'transcribing' }),
    VOICE_RESULT: ({ payload }) => deliver(payload.transcript),
    VOICE_SPEECH_RESULT: ({ payload }) => {
      if (payload.isFinal) heard = `${heard} ${payload.transcript}`;
      set({ interim: payload.isFinal ? '' : payload.transcript });
    },
    VOICE_END: stopAll,
    VOICE_ERROR: ({ payload }) => fail(payload.error),
  };
  // A voice request the background refused (its ERROR is shown as a notice): nothing is under way any more.
  const refusals: Refusals = {
    START_VOICE: stopAll,
    STOP_VOICE: stopAll,
    VOICE_AUDIO: stopAll,
    START_SPEECH_RECOGNITION: stopAll,
    STOP_SPEECH_RECOGNITION: stopAll,
  };

  return { start, finish, cancel, inbox: { handlers, refusals } satisfies InboxPart<VoiceTypes>, dispose: closeMic };
}
