// @vitest-environment jsdom
// The Settings page as one form: one draft across its sections, checked together, saved with one Save.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsForm } from '../../sidebar/components/SettingsForm';
import { checkPage, stillWrongOnPage, toPageDraft, unsaved } from '../../sidebar/settings-page-draft';
import { DEFAULT_VOICE } from '../../src/protocol/common';
import { DEFAULT_LIMITS } from '../../src/protocol/limits';
import { saved, settingsStore } from './support/sidebar-props';

afterEach(cleanup);

describe('the Settings page draft', () => {
  const page = () => toPageDraft(saved, DEFAULT_LIMITS);

  it('saves the connection, plan first, agents, voice and limits together', () => {
    const draft = page();
    expect(draft.agentsMayConnect).toBe(false);
    const result = checkPage({
      ...draft,
      planFirst: false,
      agentsMayConnect: true,
      voice: { ...draft.voice, maxSeconds: '90' },
      limits: { ...draft.limits!, maxSteps: '12' },
    });
    expect(result).toEqual({
      settings: { ...saved, voice: { ...DEFAULT_VOICE, maxSeconds: 90 }, planFirst: false, agentsMayConnect: true },
      limits: { ...DEFAULT_LIMITS, maxSteps: 12 },
    });
  });

  it('gives nothing to save when any section has a wrong field, and says what to type at each', () => {
    const draft = page();
    const result = checkPage({
      ...draft,
      connection: { ...draft.connection, model: '' },
      voice: { ...draft.voice, maxSeconds: '2' },
      limits: { ...draft.limits!, promptTimeoutSeconds: '' },
    });
    expect(result).toEqual({
      errors: {
        connection: { model: expect.stringContaining('Type the model’s name') },
        voice: { maxSeconds: 'Enter a whole number of seconds from 5 to 600.' },
        limits: { promptTimeoutSeconds: 'Enter a whole number of seconds from 5 to 3,600.' },
      },
    });
  });

  it('drops a shown error once its field is fixed, and keeps the others', () => {
    const draft = page();
    const wrong = { ...draft, voice: { ...draft.voice, maxSeconds: '2' }, limits: { ...draft.limits!, maxSteps: '0' } };
    const shown = (checkPage(wrong) as { errors: Parameters<typeof stillWrongOnPage>[0] }).errors;
    const fixed = stillWrongOnPage(shown, { ...wrong, voice: { ...wrong.voice, maxSeconds: '30' } });
    expect(fixed).toEqual({ connection: {}, voice: {}, limits: { maxSteps: expect.stringContaining('1 to 500') } });
  });

  it('counts as unsaved only when it differs from what is saved', () => {
    expect(unsaved(null, saved, DEFAULT_LIMITS)).toBe(false);
    expect(unsaved(page(), saved, DEFAULT_LIMITS)).toBe(false);
    expect(unsaved({ ...page(), planFirst: false }, saved, DEFAULT_LIMITS)).toBe(true);
  });
});

describe('the Settings form', () => {
  const type = (id: string, value: string) => fireEvent.input(screen.getByTestId(id), { target: { value } });
  const setup = (store = settingsStore()) => {
    const onSave = vi.fn();
    const props = {
      saved,
      ...store,
      limits: DEFAULT_LIMITS,
      testResult: null,
      firstRun: false,
      ollama: null,
      onSave,
      onTest: vi.fn(),
    };
    render(<SettingsForm {...props} />);
    return { onSave, store, props };
  };

  it('has one Save, which says there are unsaved changes once something changed', () => {
    setup();
    expect(screen.getAllByRole('button', { name: /save/i })).toHaveLength(1);
    expect(screen.getByTestId('settings-unsaved').textContent).toBe('');
    type('limit-maxSteps', '12');
    expect(screen.getByTestId('settings-unsaved').textContent).not.toBe('');
  });

  it('an invalid field blocks the whole save, with its error at the field until it is fixed', () => {
    const { onSave } = setup();
    type('voice-maxSeconds', '90');
    type('limit-maxSteps', '0');
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(onSave).not.toHaveBeenCalled();
    const field = screen.getByTestId('limit-maxSteps');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a whole number of actions from 1 to 500.',
    );
    type('limit-maxSteps', '12');
    expect(screen.queryByTestId('limit-maxSteps-error')).toBeNull();
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(onSave).toHaveBeenCalledWith(
      { ...saved, voice: { ...DEFAULT_VOICE, maxSeconds: 90 }, planFirst: true, agentsMayConnect: false },
      { ...DEFAULT_LIMITS, maxSteps: 12 },
    );
  });

  it('keeps unsaved edits when the page is left and shown again', () => {
    const { store } = setup();
    type('voice-maxSeconds', '45');
    fireEvent.click(screen.getByTestId('plan-first-switch'));
    cleanup();
    setup(store);
    expect((screen.getByTestId('voice-maxSeconds') as HTMLInputElement).value).toBe('45');
    expect((screen.getByTestId('plan-first-switch') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('settings-unsaved').textContent).not.toBe('');
  });
});
