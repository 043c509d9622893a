// @vitest-environment jsdom
// The Permissions view and the permission question.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PermissionPrompt } from '../../sidebar/components/PermissionPrompt';
import { PermissionsView } from '../../sidebar/components/PermissionsView';

afterEach(cleanup);

describe('PermissionsView', () => {
  const policy = {
    version: 1 as const,
    defaults: {
      'read-only': 'auto-approve' as const,
      navigate: 'ask' as const,
      interact: 'ask' as const,
      submit: 'ask' as const,
    },
    sites: { 'shop.example': 'interact' as const },
    tools: { submit_form: 'deny' as const },
    grants: [{ tool: 'click_element', site: 'shop.example', effect: 'allow' as const, scope: 'session' as const }],
    allowFileUrls: false,
  };

  it('lists defaults, grants, site rules and overrides, and sends each change', () => {
    const onChange = vi.fn();
    render(<PermissionsView policy={policy} onChange={onChange} />);
    expect(screen.getByTestId('grant').textContent).toContain(
      'shop.example · Clicking · allowed until the browser closes',
    );
    expect(screen.getByTestId('site-rule').textContent).toContain('shop.example · let Bosun click and type here');
    expect(screen.getByTestId('tool-override').textContent).toContain('Submitting forms · never');

    fireEvent.change(screen.getByTestId('default-navigate'), { target: { value: 'deny' } });
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'set-default', level: 'navigate', verdict: 'deny' });
    fireEvent.click(screen.getByTestId('revoke'));
    expect(onChange).toHaveBeenLastCalledWith({
      kind: 'revoke-grant',
      toolName: 'click_element',
      site: 'shop.example',
      scope: 'session',
    });

    fireEvent.input(screen.getByTestId('rule-site'), { target: { value: 'bank.example' } });
    fireEvent.change(screen.getByTestId('rule-level'), { target: { value: 'blocked' } });
    fireEvent.click(screen.getByTestId('rule-add'));
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'set-site', site: 'bank.example', rule: 'blocked' });

    fireEvent.change(screen.getByTestId('override-tool'), { target: { value: 'navigate' } });
    fireEvent.change(screen.getByTestId('override-value'), { target: { value: 'allow' } });
    fireEvent.click(screen.getByTestId('override-add'));
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'set-tool', toolName: 'navigate', override: 'allow' });
  });
});

describe('PermissionPrompt', () => {
  const request = {
    id: 'perm_1',
    toolName: 'click_element',
    parameters: { selector: '#buy' },
    site: 'shop.example',
    permissionLevel: 'interact' as const,
    reason: 'r',
    timestamp: 0,
  };

  it.each([
    ['abp', 'an AI agent, through the ABP page (abp-app.html)'],
    ['chat', 'the chat'],
    ['workflow step 2', 'workflow step 2'],
  ])('names the requester %s as a person reads it', (requester, shown) => {
    render(<PermissionPrompt prompt={{ ...request, requester }} waiting={0} onAnswer={vi.fn()} />);
    expect(screen.getByTestId('prompt-requester').textContent).toBe(shown);
  });
});

describe('PermissionPrompt for a data flow', () => {
  const request = {
    id: 'perm_2',
    toolName: 'type_text',
    parameters: { selector: '#q', text: 'OTP-483920' },
    site: 'forum.example',
    permissionLevel: 'interact' as const,
    reason: 'r',
    timestamp: 0,
    dataFlow: [{ text: 'OTP-483920', from: ['mail.example'], to: 'forum.example' }],
  };

  it('says what would leave, from where, to where, and offers no lasting answer', () => {
    render(<PermissionPrompt prompt={request} waiting={0} onAnswer={vi.fn()} />);
    expect(screen.getByTestId('prompt-data-flow-piece').textContent).toBe(
      'Send text read on mail.example — “OTP-483920” — to forum.example?',
    );
    expect(screen.getByTestId('decision-allow-once')).toBeTruthy();
    expect(screen.getByTestId('decision-deny')).toBeTruthy();
    for (const lasting of ['allow-task', 'allow-site', 'allow-session', 'deny-all'])
      expect(screen.queryByTestId(`decision-${lasting}`)).toBeNull();
  });
});
