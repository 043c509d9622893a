// Fixtures of decide(): the level defaults, and site trust (levels up to the trusted one, on that site only).
import { defaultPolicy } from '../../../policy';
import { policy, req, SITE, type Case } from './policy-fixtures';

export const DEFAULT_AND_TRUST_CASES: Case[] = [
  // Level defaults.
  {
    name: 'read-only auto-approves by default',
    policy: policy(),
    request: req({ level: 'read-only' }),
    verdict: 'auto-approve',
    rule: 'level-default',
  },
  {
    name: 'navigate asks by default',
    policy: policy(),
    request: req({ level: 'navigate' }),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'interact asks by default',
    policy: policy(),
    request: req({ level: 'interact' }),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'submit asks by default',
    policy: policy(),
    request: req({ level: 'submit' }),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'read-only default changed to ask',
    policy: policy({ defaults: { ...defaultPolicy().defaults, 'read-only': 'ask' } }),
    request: req({ level: 'read-only' }),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'submit default changed to deny',
    policy: policy({ defaults: { ...defaultPolicy().defaults, submit: 'deny' } }),
    request: req({ level: 'submit' }),
    verdict: 'deny',
    rule: 'level-default',
  },
  {
    name: 'a forced auto-approve default above read-only is clamped to ask',
    policy: policy({ defaults: { ...defaultPolicy().defaults, navigate: 'auto-approve' as 'ask' } }),
    request: req({ level: 'navigate' }),
    verdict: 'ask',
    rule: 'level-default',
  },
  // Site trust: covers levels up to the trusted one, on that site only.
  {
    name: 'site trusted at interact approves interact',
    policy: policy({ sites: { [SITE]: 'interact' } }),
    request: req(),
    verdict: 'auto-approve',
    rule: 'site-trust',
  },
  {
    name: 'site trusted at interact approves navigate',
    policy: policy({ sites: { [SITE]: 'interact' } }),
    request: req({ level: 'navigate' }),
    verdict: 'auto-approve',
    rule: 'site-trust',
  },
  {
    name: 'site trusted at interact does not approve submit',
    policy: policy({ sites: { [SITE]: 'interact' } }),
    request: req({ level: 'submit' }),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'site trust beats a read-only default of deny',
    policy: policy({ sites: { [SITE]: 'read-only' }, defaults: { ...defaultPolicy().defaults, 'read-only': 'deny' } }),
    request: req({ level: 'read-only' }),
    verdict: 'auto-approve',
    rule: 'site-trust',
  },
  {
    name: 'trust on another site does not apply',
    policy: policy({ sites: { 'other.com': 'submit' } }),
    request: req(),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'trust on a sub-site does not widen to a sibling',
    policy: policy({ sites: { 'alice.github.io': 'submit' } }),
    request: req({ site: 'https://bob.github.io/' }),
    verdict: 'ask',
    rule: 'level-default',
  },
];
