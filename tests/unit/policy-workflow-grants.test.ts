// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  applyDecision,
  decide,
  defaultPolicy,
  grantWorkflowRun,
  parsePolicy,
  withoutRun,
  type HarborPolicy,
} from '../../policy';
import { MAX_GRANTS } from '../../policy/types';

const NOW = 1_700_000_000_000;
const TOOLS = ['read_page', 'navigate', 'click_element', 'submit_form'];
const RUN = 'wf-run-1';
const approved = grantWorkflowRun(
  defaultPolicy(),
  RUN,
  [
    { site: 'https://shop.example.com/search', level: 'navigate' },
    { site: 'http://127.0.0.2:8080/', level: 'interact' },
    { site: 'about:config', level: 'navigate' },
  ],
  TOOLS,
);
const verdict = (
  policy: HarborPolicy,
  toolName: string,
  level: 'read-only' | 'navigate' | 'interact' | 'submit',
  site: string,
  runId = RUN,
  action = {},
) => decide(policy, { toolName, level, site, runId, action }, NOW).verdict;

describe('a workflow run is granted exactly the site and level pairs of its approved plan', () => {
  it('approves the listed pairs, in this run only', () => {
    expect(verdict(approved, 'navigate', 'navigate', 'https://www.example.com/other')).toBe('auto-approve');
    expect(verdict(approved, 'click_element', 'interact', 'http://127.0.0.2:9/x')).toBe('auto-approve');
    expect(verdict(approved, 'navigate', 'navigate', 'https://www.example.com/other', 'another-run')).toBe('ask');
    expect(verdict(approved, 'navigate', 'navigate', 'https://www.example.com/other', '')).toBe('ask');
  });

  it('still asks for any other level or site, and for critical actions', () => {
    expect(verdict(approved, 'click_element', 'interact', 'https://example.com/')).toBe('ask');
    // A click that submits a form is judged at submit, which was not approved.
    expect(verdict(approved, 'click_element', 'submit', 'http://127.0.0.2/')).toBe('ask');
    expect(verdict(approved, 'navigate', 'navigate', 'https://example.org/')).toBe('ask');
    expect(verdict(approved, 'click_element', 'interact', 'http://127.0.0.2/', RUN, { label: 'Delete account' })).toBe(
      'ask',
    );
  });

  it('a use the plan implies (a step opening its site) is granted for that tool alone', () => {
    const opening = grantWorkflowRun(
      defaultPolicy(),
      RUN,
      [{ site: 'https://shop.example.com/', level: 'read-only' }],
      TOOLS,
      [{ tool: 'open_tab', site: 'https://shop.example.com/search', level: 'navigate' }],
    );
    expect(verdict(opening, 'open_tab', 'navigate', 'https://shop.example.com/cart')).toBe('auto-approve');
    expect(verdict(opening, 'navigate', 'navigate', 'https://shop.example.com/cart')).toBe('ask');
    expect(verdict(opening, 'open_tab', 'interact', 'https://shop.example.com/cart')).toBe('ask');
  });

  it('grants nothing on restricted pages, and a deny in the run still wins', () => {
    expect(approved.grants.some((g) => g.site.includes('config'))).toBe(false);
    const denied = applyDecision(approved, { toolName: 'navigate', site: 'https://example.com/', runId: RUN }, 'deny');
    expect(verdict(denied, 'navigate', 'navigate', 'https://example.com/')).toBe('deny');
  });

  it('is one grant per tool, site and level, survives storage parsing, and ends with the run', () => {
    expect(approved.grants).toHaveLength(2 * TOOLS.length);
    const again = grantWorkflowRun(approved, RUN, [{ site: 'example.com', level: 'navigate' }], TOOLS);
    expect(again.grants).toHaveLength(TOOLS.length);
    const { policy, problems } = parsePolicy(JSON.parse(JSON.stringify(approved)));
    expect(problems).toEqual([]);
    expect(policy.grants).toEqual(approved.grants);
    const ended = withoutRun(denyElsewhere(approved), RUN);
    expect(ended.grants).toEqual([
      { tool: 'navigate', site: 'example.com', effect: 'deny', scope: 'run', runId: 'other' },
    ]);
  });

  it('adds nothing past the grant cap, so the steps ask instead', () => {
    const full = grantWorkflowRun(
      defaultPolicy(),
      'big',
      [{ site: 'example.com', level: 'navigate' }],
      Array.from({ length: MAX_GRANTS + 1 }, (_, i) => `t${i}`),
    );
    expect(full.grants).toEqual([]);
  });
});

function denyElsewhere(policy: HarborPolicy): HarborPolicy {
  return {
    ...policy,
    grants: [...policy.grants, { tool: 'navigate', site: 'example.com', effect: 'deny', scope: 'run', runId: 'other' }],
  };
}
