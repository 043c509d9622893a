import { voiceOf } from '../../src/protocol/common';
import type { SidebarToBackground } from '../../src/protocol/sidebar-to-background';
import { MAX_AUDIO_BYTES } from '../../src/protocol/upload-limits';
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
  const voice = new VoiceController(state, actions, platform);
  const { start, finish, cancel, handlers, refusals, closeMic } = voice;
  return { start, finish, cancel, inbox: { handlers, refusals } satisfies InboxPart<VoiceTypes>, dispose: closeMic };
}

/** One sidebar's microphone and what it heard; every method is bound, as the UI passes them around. */
class VoiceController {
  private recording: Recording | null = null;
  private speech: { stop(): void; cancel(): void } | null = null;
  private limit: ReturnType<typeof setTimeout> | undefined;
  private heard = '';
  private readonly state: SidebarState;
  private readonly actions: Pick<SidebarActions, 'send' | 'answer'>;
  private readonly platform: VoicePlatform;

  constructor(state: SidebarState, actions: Pick<SidebarActions, 'send' | 'answer'>, platform: VoicePlatform) {
    this.state = state;
    this.actions = actions;
    this.platform = platform;
  }

  private settings = () => voiceOf(this.state.settings.value);
  private phase = () => this.state.voice.value.phase;
  private set = (change: Partial<SidebarState['voice']['value']>) =>
    (this.state.voice.value = { ...this.state.voice.value, ...change });
  private endMessage = (): SidebarToBackground => ({
    type: this.state.voice.value.mode === 'whisper' ? 'STOP_VOICE' : 'STOP_SPEECH_RECOGNITION',
  });

  /** Closes the microphone, if open; the recording indicator goes with it. */
  closeMic = (): void => {
    clearTimeout(this.limit);
    this.recording?.cancel();
    this.speech?.cancel();
    this.recording = null;
    this.speech = null;
  };

  start = async (): Promise<void> => {
    const { state, platform } = this;
    if (this.phase() !== 'idle') return;
    const { mode } = this.settings();
    if (mode === 'browser' && !platform.speechAvailable()) {
      state.speechUnavailable.value = true;
      return;
    }
    state.speechUnavailable.value = false;
    this.set({ phase: 'starting', mode, interim: '' });
    const route = captureRoute(await platform.micPermission(), await platform.inTab());
    if (route !== 'record') {
      platform.openGrantPage();
      this.set({ phase: 'idle' });
      state.notice.value = route === 'blocked' ? MIC_BLOCKED : MIC_ASK;
      return;
    }
    platform.send({ type: mode === 'whisper' ? 'START_VOICE' : 'START_SPEECH_RECOGNITION' });
  };

  private openMic = async (): Promise<void> => {
    const { platform } = this;
    const { maxSeconds } = this.settings();
    const { mode } = this.state.voice.value;
    try {
      if (mode === 'whisper') {
        const opened = await platform.startRecording();
        // Cancelled while the browser was opening the microphone: close it at once.
        if (this.phase() !== 'starting') return opened.cancel();
        this.recording = opened;
      } else this.speech = platform.startSpeech(this.speechHandlers);
    } catch (error) {
      if (isDenial(error)) platform.openGrantPage();
      platform.send(this.endMessage());
      this.fail(micErrorMessage(error));
      return;
    }
    this.heard = '';
    this.set({ phase: 'recording', startedAt: Date.now() });
    this.limit = setTimeout(() => {
      this.state.notice.value = t('voice_stopped_at_limit', maxSeconds);
      void this.finish();
    }, maxSeconds * 1000);
  };

  private speechHandlers: SpeechHandlers = {
    result: (transcript, isFinal) => {
      const payload = { transcript, isFinal, isInterim: !isFinal };
      this.handlers.VOICE_SPEECH_RESULT({ type: 'VOICE_SPEECH_RESULT', payload });
    },
    error: (error) => {
      this.platform.send(this.endMessage());
      this.fail(error);
    },
    end: () => {
      if (!this.speech) return;
      this.speech = null;
      clearTimeout(this.limit);
      this.platform.send({ type: 'STOP_SPEECH_RECOGNITION' });
      if (this.heard.trim()) this.deliver(this.heard.trim());
    },
  };

  /** Stop pressed, or the time limit: the recording is transcribed. */
  finish = async (): Promise<void> => {
    const { platform } = this;
    clearTimeout(this.limit);
    if (this.speech) {
      this.speech.stop();
      return;
    }
    const current = this.recording;
    if (!current) return;
    this.recording = null;
    this.set({ phase: 'transcribing' });
    const audio = await current.finish();
    if (audio.size > MAX_AUDIO_BYTES) {
      platform.send({ type: 'STOP_VOICE' });
      this.fail(t('voice_too_large', MAX_AUDIO_BYTES / 1024 / 1024));
      return;
    }
    platform.send({ type: 'VOICE_AUDIO', payload: { audio: await blobToBase64(audio), mimeType: audio.type } });
  };

  /** Cancel pressed, Escape, or the panel closing: nothing is transcribed. */
  cancel = (): void => {
    if (this.phase() === 'idle') return;
    this.closeMic();
    this.platform.send(this.endMessage());
    this.set({ phase: 'idle', interim: '' });
  };

  private fail = (error: string): void => {
    this.closeMic();
    this.set({ phase: 'idle', interim: '' });
    this.state.notice.value = error;
  };

  private deliver = (transcript: string) =>
    deliverTranscript(transcript, this.settings(), this.state, this.actions, this.platform.focusInput);

  /** Nothing is under way any more: the microphone closes and the indicator goes. */
  private stopAll = (): void => {
    this.closeMic();
    this.set({ phase: 'idle', interim: '' });
  };

  readonly handlers: Handlers<VoiceTypes> = {
    // Only the answer to this sidebar's own START: anything else opens no microphone.
    VOICE_STARTED: () => {
      if (this.phase() === 'starting') void this.openMic();
    },
    VOICE_TRANSCRIBING: () => this.set({ phase: 'transcribing' }),
    VOICE_RESULT: ({ payload }) => this.deliver(payload.transcript),
    VOICE_SPEECH_RESULT: ({ payload }) => {
      if (payload.isFinal) this.heard = `${this.heard} ${payload.transcript}`;
      this.set({ interim: payload.isFinal ? '' : payload.transcript });
    },
    VOICE_END: this.stopAll,
    VOICE_ERROR: ({ payload }) => this.fail(payload.error),
  };
  // A voice request the background refused (its ERROR is shown as a notice): nothing is under way any more.
  readonly refusals: Refusals = {
    START_VOICE: this.stopAll,
    STOP_VOICE: this.stopAll,
    VOICE_AUDIO: this.stopAll,
    START_SPEECH_RECOGNITION: this.stopAll,
    STOP_SPEECH_RECOGNITION: this.stopAll,
  };
}
