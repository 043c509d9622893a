// @vitest-environment jsdom
// A critical question looks different from a routine one: its reason first, Deny the primary button,
// no lasting answer, the access keys shown.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PermissionPrompt } from '../../sidebar/components/PermissionPrompt';

afterEach(cleanup);

const routine = {
  id: 'perm_1',
  toolName: 'click_element',
  parameters: { selector: '#add' },
  site: 'shop.example',
  permissionLevel: 'interact' as const,
  reason: 'r',
  timestamp: 0,
  requester: 'chat',
};
const purchase = { ...routine, id: 'perm_2', critical: 'it looks like it completes a purchase (“Pay now”)' };
const dataFlow = {
  ...routine,
  id: 'perm_3',
  toolName: 'type_text',
  parameters: { selector: '#q', text: 'OTP-483920' },
  dataFlow: [{ text: 'OTP-483920', from: ['mail.example'], to: 'forum.example' }],
};

const buttons = () =>
  [...screen.getByTestId('permission-prompt').querySelectorAll('.prompt-actions button')].map((b) => ({
    id: b.getAttribute('data-testid'),
    primary: b.classList.contains('button--primary'),
    key: b.querySelector('[data-testid="access-key"]')?.textContent ?? null,
  }));
/** The test ids of the question's parts, in the order they are read. */
const order = () =>
  [...screen.getByTestId('permission-prompt').querySelectorAll('[data-testid]')].map((el) =>
    el.getAttribute('data-testid'),
  );

describe('a routine question', () => {
  it('puts Allow once first as the primary button, offers the lasting answers, the question before the why', () => {
    render(<PermissionPrompt prompt={{ ...routine, request: 'Add it to my cart' }} waiting={0} onAnswer={vi.fn()} />);
    expect(buttons()).toEqual([
      { id: 'decision-allow-once', primary: true, key: null },
      { id: 'decision-deny', primary: false, key: null },
    ]);
    for (const lasting of ['allow-task', 'allow-site', 'allow-session', 'deny-all'])
      expect(screen.getByTestId(`decision-${lasting}`)).toBeTruthy();
    expect(order().indexOf('prompt-request')).toBe(0);
  });

  it.each([
    ['read-only', 'Always let Bosun read here'],
    ['navigate', 'Always let Bosun go to pages here'],
    ['interact', 'Always let Bosun click and type here'],
    ['submit', 'Always let Bosun submit forms here'],
  ] as const)('at %s offers "Allow for this task" and a lasting level in words: %s', (level, words) => {
    render(<PermissionPrompt prompt={{ ...routine, permissionLevel: level }} waiting={0} onAnswer={vi.fn()} />);
    expect(screen.getByTestId('decision-allow-site').textContent).toBe(words);
    expect(screen.getByTestId('decision-allow-task').textContent).toBe('Allow for this task');
  });
});

describe.each([
  ['a critical action', purchase, 'prompt-critical'],
  ['a data flow', dataFlow, 'prompt-data-flow'],
])('a question about %s', (_, prompt, reason) => {
  it('gives its reason before the question, Deny first and primary, no lasting answer, the access keys shown', () => {
    const onAnswer = vi.fn();
    render(<PermissionPrompt prompt={{ ...prompt, request: 'Buy it' }} waiting={0} onAnswer={onAnswer} />);
    expect(buttons()).toEqual([
      { id: 'decision-deny', primary: true, key: 'Alt+D' },
      { id: 'decision-allow-once', primary: false, key: 'Alt+A' },
    ]);
    for (const lasting of ['allow-task', 'allow-site', 'allow-session', 'deny-all'])
      expect(screen.queryByTestId(`decision-${lasting}`)).toBeNull();
    expect(screen.queryByText(/Always/)).toBeNull();
    const parts = order();
    expect(parts.indexOf(reason)).toBeGreaterThan(-1);
    expect(parts.indexOf(reason)).toBeLessThan(parts.indexOf('prompt-title'));
    // The key stays out of the button's name: screen readers hear it from aria-keyshortcuts.
    expect(screen.getByRole('button', { name: 'Deny' }).getAttribute('aria-keyshortcuts')).toBe('Alt+D Escape');
    fireEvent.click(screen.getByTestId('decision-deny'));
    expect(onAnswer).toHaveBeenCalledWith(prompt.id, 'deny');
  });
});
