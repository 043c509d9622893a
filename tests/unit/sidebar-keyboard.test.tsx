// @vitest-environment jsdom
// The sidebar's keyboard: Escape, "/" and the answers' access keys.
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createSidebarState } from '../../sidebar/state';
import { renderApp } from './support/render-app';
import { actions, saved, voice } from './support/sidebar-props';

afterEach(cleanup);

describe('keyboard', () => {
  const question = {
    id: 'q1',
    toolName: 'click_element',
    parameters: {},
    site: 'shop.example',
    permissionLevel: 'interact' as const,
    reason: 'r',
    timestamp: 0,
  };
  const setup = (change: (state: ReturnType<typeof createSidebarState>) => void) => {
    const state = createSidebarState();
    state.settings.value = saved;
    change(state);
    const a = actions();
    const v = voice();
    renderApp(state, a, v);
    return { a, v };
  };
  const key = (k: string, target: Element = document.body) => fireEvent.keyDown(target, { key: k });

  it('Escape cancels the most recent thing: a recording, then a question, then the task', () => {
    const recording = setup((s) => {
      s.busy.value = true;
      s.prompts.value = [question];
      s.voice.value = { ...s.voice.value, phase: 'recording' };
    });
    key('Escape');
    expect(recording.v.cancel).toHaveBeenCalledOnce();
    expect(recording.a.answer).not.toHaveBeenCalled();
    cleanup();

    const asking = setup((s) => {
      s.busy.value = true;
      s.prompts.value = [question];
    });
    key('Escape');
    expect(asking.a.answer).toHaveBeenCalledWith('q1', 'deny');
    expect(asking.a.stop).not.toHaveBeenCalled();
    cleanup();

    const working = setup((s) => (s.busy.value = true));
    key('Escape');
    expect(working.a.stop).toHaveBeenCalledOnce();
    cleanup();

    const idle = setup(() => {});
    key('Escape');
    expect(idle.a.stop).not.toHaveBeenCalled();
  });

  it('"/" goes to the message box, except while typing in a field', () => {
    setup(() => {});
    const input = screen.getByTestId('composer-input');
    key('/');
    expect(document.activeElement).toBe(input);
    fireEvent.input(input, { target: { value: 'a/b' } });
    key('/', input);
    expect((input as HTMLTextAreaElement).value).toBe('a/b');
  });

  it('gives the two common answers access keys', () => {
    setup((s) => (s.prompts.value = [question]));
    expect(screen.getByTestId('decision-allow-once').getAttribute('accesskey')).toBe('a');
    expect(screen.getByTestId('decision-deny').getAttribute('accesskey')).toBe('d');
  });
});
