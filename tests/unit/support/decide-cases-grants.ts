// Fixtures of decide(): grants for a tool on a site, and a tool's override everywhere.
import { allow, NOW, policy, req, session, SITE, type Case } from './policy-fixtures';

export const GRANT_AND_OVERRIDE_CASES: Case[] = [
  // Grants.
  {
    name: 'allow-site grant approves this tool here',
    policy: policy({ grants: [allow('click_element')] }),
    request: req(),
    verdict: 'auto-approve',
    rule: 'site-grant',
  },
  {
    name: 'session grant approves this tool here',
    policy: policy({ grants: [session('click_element')] }),
    request: req(),
    verdict: 'auto-approve',
    rule: 'site-grant',
  },
  {
    name: 'a grant for another tool does not apply',
    policy: policy({ grants: [allow('fill_form')] }),
    request: req(),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'a grant for another site does not apply',
    policy: policy({ grants: [allow('click_element', 'other.com')] }),
    request: req(),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'an expired grant does not apply',
    policy: policy({ grants: [allow('click_element', SITE, { expiresAt: NOW })] }),
    request: req(),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'an unexpired grant applies',
    policy: policy({ grants: [allow('click_element', SITE, { expiresAt: NOW + 1 })] }),
    request: req(),
    verdict: 'auto-approve',
    rule: 'site-grant',
  },
  {
    name: 'a grant covers every level of its tool',
    policy: policy({ grants: [allow('click_element')] }),
    request: req({ level: 'submit' }),
    verdict: 'auto-approve',
    rule: 'site-grant',
  },
  // Tool overrides.
  {
    name: 'tool allow override approves everywhere',
    policy: policy({ tools: { click_element: 'allow' } }),
    request: req(),
    verdict: 'auto-approve',
    rule: 'tool-allow',
  },
  {
    name: 'tool ask override asks even for read-only',
    policy: policy({ tools: { click_element: 'ask' } }),
    request: req({ level: 'read-only' }),
    verdict: 'ask',
    rule: 'tool-ask',
  },
  {
    name: 'tool ask override beats site trust',
    policy: policy({ tools: { click_element: 'ask' }, sites: { [SITE]: 'submit' } }),
    request: req(),
    verdict: 'ask',
    rule: 'tool-ask',
  },
  {
    name: 'a grant beats a tool ask override',
    policy: policy({ tools: { click_element: 'ask' }, grants: [allow('click_element')] }),
    request: req(),
    verdict: 'auto-approve',
    rule: 'site-grant',
  },
  {
    name: 'tool deny override denies even read-only',
    policy: policy({ tools: { click_element: 'deny' } }),
    request: req({ level: 'read-only' }),
    verdict: 'deny',
    rule: 'tool-deny',
  },
  {
    name: 'tool deny beats a grant',
    policy: policy({ tools: { click_element: 'deny' }, grants: [allow('click_element')] }),
    request: req(),
    verdict: 'deny',
    rule: 'tool-deny',
  },
  {
    name: 'tool deny beats site trust',
    policy: policy({ tools: { click_element: 'deny' }, sites: { [SITE]: 'submit' } }),
    request: req(),
    verdict: 'deny',
    rule: 'tool-deny',
  },
  {
    name: 'an override for another tool does not apply',
    policy: policy({ tools: { fill_form: 'deny' } }),
    request: req(),
    verdict: 'ask',
    rule: 'level-default',
  },
];
