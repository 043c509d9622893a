// @vitest-environment jsdom
import { signal } from '@preact/signals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from '../../sidebar/components/Composer';
import { VoiceIndicator } from '../../sidebar/components/VoiceIndicator';
import type { PermissionPrompt } from '../../sidebar/state';
import { captureRoute } from '../../sidebar/voice/mic-access';
import { MIC_BLOCKED, micErrorMessage } from '../../sidebar/voice/mic-errors';
import { spokenAnswer } from '../../sidebar/voice/spoken-answer';

afterEach(cleanup);

const prompt = (critical?: string): PermissionPrompt => ({
  id: 'p1',
  toolName: 'click_element',
  parameters: {},
  site: 'shop.example',
  permissionLevel: 'interact',
  reason: 'r',
  timestamp: 0,
  ...(critical ? { critical } : {}),
});

describe('spokenAnswer', () => {
  it.each([
    ['Yes.', undefined, false, { kind: 'answer', decision: 'allow-once' }],
    ['  go ahead! ', undefined, false, { kind: 'answer', decision: 'allow-once' }],
    ['No', undefined, false, { kind: 'answer', decision: 'deny' }],
    ['Cancel.', 'Critical: this looks like a purchase', false, { kind: 'answer', decision: 'deny' }],
    [
      'yes',
      'Critical: this looks like a purchase',
      false,
      { kind: 'refused', reason: expect.stringMatching(/^Bosun does not take a spoken yes/) },
    ],
    ['yes', 'Critical: this looks like a purchase', true, { kind: 'answer', decision: 'allow-once' }],
    ['yes, but check the price first', undefined, false, { kind: 'none' }],
    ['find me a cheaper one', 'Critical: this looks like a purchase', true, { kind: 'none' }],
  ] as const)('"%s" (critical: %s, spoken approval of critical: %s)', (said, critical, approve, expected) => {
    expect(spokenAnswer(said, prompt(critical), approve)).toEqual(expected);
  });

  it('takes no spoken yes for a data flow unless spoken approval of critical actions is on', () => {
    const flow = { ...prompt(), dataFlow: [{ text: 'OTP-483920', from: ['mail.example'], to: 'forum.example' }] };
    expect(spokenAnswer('yes', flow, false)).toEqual({
      kind: 'refused',
      reason:
        'Bosun does not take a spoken yes for this action (it sends text read on another site). Press Allow if you mean it.',
    });
    expect(spokenAnswer('yes', flow, true)).toEqual({ kind: 'answer', decision: 'allow-once' });
    expect(spokenAnswer('no', flow, false)).toEqual({ kind: 'answer', decision: 'deny' });
  });
});

describe('where the microphone is asked for', () => {
  it.each([
    ['granted', false, 'record'],
    ['granted', true, 'record'],
    ['denied', true, 'blocked'],
    ['denied', false, 'blocked'],
    // A side panel cannot show the prompt; a tab can.
    ['prompt', false, 'ask-in-tab'],
    ['prompt', true, 'record'],
  ] as const)('%s, in a tab: %s → %s', (permission, inTab, route) => {
    expect(captureRoute(permission, inTab)).toBe(route);
  });

  it.each([
    ['NotAllowedError', /^Mic blocked\./],
    ['SecurityError', /^Mic blocked\./],
    ['NotFoundError', /^MIC_NOT_FOUND: No microphone was found\. Plug one in/],
    ['NotReadableError', /^MIC_BUSY: The microphone is in use by another program/],
    ['TypeError', /^MIC_ERROR: The microphone could not be started \(TypeError\)/],
  ])('%s gets an actionable message', (name, message) => {
    expect(micErrorMessage(new DOMException('x', name))).toMatch(message);
  });

  it('tells a blocked person where to click, in this browser', () => {
    expect(MIC_BLOCKED).toMatch(/Microphone → Allow, then press the microphone button again\.$/);
  });
});

describe('VoiceIndicator', () => {
  it('shows the time recorded and the limit, with Stop and Cancel (Escape cancels too: see the keyboard tests)', () => {
    const onFinish = vi.fn();
    const onCancel = vi.fn();
    render(
      <VoiceIndicator
        voice={{ phase: 'recording', mode: 'whisper', startedAt: Date.now() - 5_000 }}
        maxSeconds={90}
        onFinish={onFinish}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('status').textContent).toMatch(/Recording 0:0[45] of 1:30/);
    fireEvent.click(screen.getByTestId('voice-finish'));
    expect(onFinish).toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('Cancel voice input (Escape)'));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('while transcribing there is nothing to stop, and what is being heard shows', () => {
    const { rerender } = render(
      <VoiceIndicator
        voice={{ phase: 'transcribing', mode: 'whisper' }}
        maxSeconds={60}
        onFinish={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByRole('status').textContent).toMatch(/^Transcribing what you said…/);
    expect(screen.queryByTestId('voice-finish')).toBeNull();
    rerender(
      <VoiceIndicator
        voice={{ phase: 'recording', mode: 'browser', startedAt: Date.now(), interim: 'find me a' }}
        maxSeconds={60}
        onFinish={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByTestId('voice-interim').textContent).toBe(' “find me a”');
  });
});

describe('Composer and voice', () => {
  it('Talk starts voice input, also while Bosun works, and is off while listening', () => {
    const onTalk = vi.fn();
    const { rerender } = render(
      <Composer
        busy
        draft={signal('')}
        context={{ attachments: signal([]), attachError: signal(null) }}
        listening={false}
        onSend={vi.fn()}
        onStop={vi.fn()}
        onSummarize={vi.fn()}
        onTalk={onTalk}
      />,
    );
    fireEvent.click(screen.getByLabelText('Talk to Bosun: start recording'));
    expect(onTalk).toHaveBeenCalled();
    rerender(
      <Composer
        busy={false}
        draft={signal('')}
        context={{ attachments: signal([]), attachError: signal(null) }}
        listening
        onSend={vi.fn()}
        onStop={vi.fn()}
        onSummarize={vi.fn()}
        onTalk={onTalk}
      />,
    );
    expect((screen.getByTestId('talk') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a transcript put in the draft', () => {
    const draft = signal('');
    render(
      <Composer
        busy={false}
        draft={draft}
        context={{ attachments: signal([]), attachError: signal(null) }}
        listening={false}
        onSend={vi.fn()}
        onStop={vi.fn()}
        onSummarize={vi.fn()}
        onTalk={vi.fn()}
      />,
    );
    act(() => {
      draft.value = 'find me a cheaper one';
    });
    expect((screen.getByTestId('composer-input') as HTMLTextAreaElement).value).toBe('find me a cheaper one');
  });
});
