import type { Commitment, PermissionLevel, ScopeExcess, TaskScope } from '../policy';
import { t, type MessageKey } from '../src/i18n';

/** What each level adds to the ones below it, in the person's words. */
const LEVEL_WORDS: Readonly<Record<PermissionLevel, readonly MessageKey[]>> = {
  'read-only': ['scope_read'],
  navigate: ['scope_read', 'scope_navigate'],
  interact: ['scope_read', 'scope_navigate', 'scope_fill'],
  submit: ['scope_read', 'scope_navigate', 'scope_fill', 'scope_submit'],
};

const COMMITMENT_WORDS: Readonly<Record<Commitment, MessageKey>> = {
  buy: 'scope_buy',
  send: 'scope_send',
  delete: 'scope_delete',
  account: 'scope_account',
  share: 'scope_share',
  approve: 'scope_approve',
};

/** "This task may: read, navigate, fill forms, and buy or pay". */
export function scopeInWords(scope: TaskScope): string {
  const parts = [...LEVEL_WORDS[scope.level], ...scope.commitments.map((c) => COMMITMENT_WORDS[c])].map((key) =>
    t(key),
  );
  return t('status_scope', new Intl.ListFormat('en', { type: 'conjunction' }).format(parts));
}

const BEYOND_LEVEL: Readonly<Record<Exclude<PermissionLevel, 'read-only'>, MessageKey>> = {
  navigate: 'beyond_navigate',
  interact: 'beyond_interact',
  submit: 'beyond_submit',
};

const BEYOND_COMMITMENT: Readonly<Record<Commitment, MessageKey>> = {
  buy: 'beyond_buy',
  send: 'beyond_send',
  delete: 'beyond_delete',
  account: 'beyond_account',
  share: 'beyond_share',
  approve: 'beyond_approve',
};

/** Why a question is asked although a grant would allow the action: "Your request did not ask to submit anything." */
export function beyondInWords(beyond: ScopeExcess): string {
  if (beyond.kind === 'commitment') return t(BEYOND_COMMITMENT[beyond.commitment]);
  // A read-only action is never beyond a scope (every scope reads); the widest words stand in.
  return t(beyond.level === 'read-only' ? 'beyond_submit' : BEYOND_LEVEL[beyond.level]);
}
