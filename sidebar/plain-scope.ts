import type { Commitment, PermissionLevel, ScopeExcess, TaskScope } from '../policy';
import { t } from '../src/i18n';

type Words = () => string;

const READ: Words = () => t('scope_read');
const NAVIGATE: Words = () => t('scope_navigate');
const FILL: Words = () => t('scope_fill');
const SUBMIT: Words = () => t('scope_submit');

/** What a task at each level may do, in the person's words: each level adds to the ones below. */
const LEVEL_WORDS: Readonly<Record<PermissionLevel, readonly Words[]>> = {
  'read-only': [READ],
  navigate: [READ, NAVIGATE],
  interact: [READ, NAVIGATE, FILL],
  submit: [READ, NAVIGATE, FILL, SUBMIT],
};

const COMMITMENT_WORDS: Readonly<Record<Commitment, Words>> = {
  buy: () => t('scope_buy'),
  send: () => t('scope_send'),
  delete: () => t('scope_delete'),
  account: () => t('scope_account'),
  share: () => t('scope_share'),
  approve: () => t('scope_approve'),
};

/** What one level adds, for a plan's step: "fill forms". */
const LEVEL_ADDS: Readonly<Record<PermissionLevel, Words>> = {
  'read-only': READ,
  navigate: NAVIGATE,
  interact: FILL,
  submit: SUBMIT,
};
export const levelInWords = (level: PermissionLevel): string => LEVEL_ADDS[level]();
export const commitmentInWords = (commitment: Commitment): string => COMMITMENT_WORDS[commitment]();

/** "This task may: read, navigate, fill forms, and buy or pay". */
export function scopeInWords(scope: TaskScope): string {
  const parts = [...LEVEL_WORDS[scope.level], ...scope.commitments.map((c) => COMMITMENT_WORDS[c])].map((w) => w());
  return t('status_scope', new Intl.ListFormat('en', { type: 'conjunction' }).format(parts));
}

const BEYOND_LEVEL: Readonly<Record<PermissionLevel, Words>> = {
  // Every scope reads, so a read is never beyond one; the widest words stand in should one arrive.
  'read-only': () => t('beyond_submit'),
  navigate: () => t('beyond_navigate'),
  interact: () => t('beyond_interact'),
  submit: () => t('beyond_submit'),
};

const BEYOND_COMMITMENT: Readonly<Record<Commitment, Words>> = {
  buy: () => t('beyond_buy'),
  send: () => t('beyond_send'),
  delete: () => t('beyond_delete'),
  account: () => t('beyond_account'),
  share: () => t('beyond_share'),
  approve: () => t('beyond_approve'),
};

/** Why a question is asked although a grant would allow the action: "Your request did not ask to submit anything." */
export function beyondInWords(beyond: ScopeExcess): string {
  switch (beyond.kind) {
    case 'commitment':
      return BEYOND_COMMITMENT[beyond.commitment]();
    case 'level':
      return BEYOND_LEVEL[beyond.level]();
    case 'site':
      return t('beyond_site', beyond.site);
    case 'recall':
      return t('beyond_recall', beyond.site);
    case 'typed':
      return t('beyond_typed', beyond.value);
  }
}
