import type { VoiceSettings } from '../../src/protocol/common';
import type { SidebarActions } from '../actions';
import type { SidebarState } from '../state';
import { spokenAnswer } from './spoken-answer';

/**
 * Where a finished transcript goes: it answers an open permission question when it is a plain
 * yes or no (never a yes to a critical action unless the person allowed that), else it is sent at
 * once or lands in the input box, as Settings → Voice says. While Bosun works, nothing is sent.
 */
export function deliverTranscript(
  transcript: string,
  voice: VoiceSettings,
  state: SidebarState,
  actions: Pick<SidebarActions, 'send' | 'answer'>,
  focusInput: () => void,
): void {
  const prompt = state.prompts.value[0];
  if (prompt) {
    const answer = spokenAnswer(transcript, prompt, voice.spokenApprovalOfCritical);
    if (answer.kind === 'answer') return actions.answer(prompt.id, answer.decision);
    if (answer.kind === 'refused') {
      state.notice.value = answer.reason;
      return;
    }
  }
  if (voice.transcript === 'send' && !state.busy.value) return actions.send(transcript);
  state.draft.value = state.draft.value.trim() ? `${state.draft.value.trimEnd()} ${transcript}` : transcript;
  focusInput();
}
