// The builders the policy's decision tests share: a policy from the defaults, grants, and a request.
import { defaultPolicy, type DecisionRequest, type Grant, type HarborPolicy, type RuleId } from '../../../policy';

export const NOW = 1_700_000_000_000;
export const SITE = 'example.com';

/** A policy from the defaults plus the fields a case changes. */
export const policy = (patch: Partial<HarborPolicy> = {}): HarborPolicy => ({ ...defaultPolicy(), ...patch });
export const allow = (tool: string, site = SITE, extra: Partial<Grant> = {}): Grant =>
  ({ tool, site, effect: 'allow', scope: 'persistent', ...extra }) as Grant;
export const session = (tool: string, site = SITE): Grant => ({ tool, site, effect: 'allow', scope: 'session' });
export const denyAll = (tool: string, site = SITE): Grant => ({ tool, site, effect: 'deny', scope: 'persistent' });
export const runDeny = (tool: string, runId: string, site = SITE): Grant => ({
  tool,
  site,
  effect: 'deny',
  scope: 'run',
  runId,
});

export const req = (patch: Partial<DecisionRequest> = {}): DecisionRequest => ({
  toolName: 'click_element',
  level: 'interact',
  site: `https://www.${SITE}/page`,
  runId: 'run-1',
  ...patch,
});

export interface Case {
  name: string;
  policy: HarborPolicy;
  request: DecisionRequest;
  verdict: 'auto-approve' | 'ask' | 'deny';
  rule: RuleId;
}
