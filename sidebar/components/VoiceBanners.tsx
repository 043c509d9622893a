import { voiceOf } from '../../src/protocol/common';
import type { SidebarActions } from '../actions';
import type { SidebarState } from '../state';
import { SPEECH_UNAVAILABLE } from '../voice/speech';
import { SpeechUnavailable, VoiceIndicator } from './VoiceIndicator';

/** What the voice controller offers the components. */
export interface VoiceControls {
  start(): void;
  finish(): void;
  cancel(): void;
}

/** Over every view while the microphone is open: how long it has recorded, Stop and Cancel. */
export function RecordingBanner({ state, voice }: { state: SidebarState; voice: VoiceControls }) {
  if (state.voice.value.phase === 'idle') return null;
  return (
    <VoiceIndicator
      voice={state.voice.value}
      maxSeconds={voiceOf(state.settings.value).maxSeconds}
      onFinish={voice.finish}
      onCancel={voice.cancel}
    />
  );
}

/** Browser speech is missing here: the banner offers Whisper instead. */
export function SpeechUnavailableBanner({ state, actions }: { state: SidebarState; actions: SidebarActions }) {
  if (!state.speechUnavailable.value) return null;
  return (
    <SpeechUnavailable
      message={SPEECH_UNAVAILABLE}
      onUseWhisper={() => {
        state.speechUnavailable.value = false;
        actions.saveVoice({ ...voiceOf(state.settings.value), mode: 'whisper' });
      }}
      onDismiss={() => (state.speechUnavailable.value = false)}
    />
  );
}
