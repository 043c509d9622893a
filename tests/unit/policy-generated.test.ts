// @vitest-environment node
/**
 * Generated cases: random policies × random requests, checked against the invariants the person
 * relies on. Reproducible: the PRNG is seeded; set POLICY_SEED to replay a failure.
 */
import { describe, expect, it } from 'vitest';
import { PERMISSION_DECISIONS, PERMISSION_LEVELS, type PermissionLevel } from '../../policy/vocabulary';
import {
  applyDecision,
  decide,
  type DecisionRequest,
  type Grant,
  type HarborPolicy,
  type PolicyDecision,
} from '../../policy';

const SEED = Number(process.env.POLICY_SEED ?? 0x5eed_b05);
const CASES = 12_000;
const NOW = 1_700_000_000_000;

/** mulberry32: tiny, fast, good enough to explore a small space reproducibly. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOOLS = ['read_page', 'click_element', 'fill_form', 'navigate_to'];
const SITES = [
  'example.com',
  'example.co.uk',
  'user.github.io',
  'other.github.io',
  'localhost',
  '[::1]',
  '192.168.0.1',
];
const RUNS = ['run-a', 'run-b', 'run-c'];
const EXPIRIES = [undefined, undefined, NOW - 1000, NOW, NOW + 1000];
const CRITICAL_LABELS = ['Buy now', 'Delete account', 'Pay $5', 'Place order', 'Cancel subscription'];
const PLAIN_LABELS = ['Next', 'Add to cart', 'Search', 'Sender', 'Deleted items'];
const RESTRICTED = ['about:blank', 'https://addons.mozilla.org/x', 'chrome://settings', 'javascript:alert(1)'];

/** A request plus the canonical site the generator meant (null for a restricted page). */
type Generated = DecisionRequest & { siteKey: string | null };

function generator(random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const chance = (p: number) => random() < p;
  const siteForm = (site: string): string => {
    const isName = /^[a-z]/.test(site) && site !== 'localhost';
    return pick([
      site,
      `https://${site}/p?q=1`,
      `http://${site}:8080/`,
      ...(isName ? [`https://www.${site}./x`, `HTTPS://A.B.${site.toUpperCase()}/`] : []),
    ]);
  };
  const grant = (tool = pick(TOOLS), site = pick(SITES)): Grant => {
    const expiresAt = pick(EXPIRIES);
    const base = { tool, site, ...(expiresAt === undefined ? {} : { expiresAt }) };
    return pick<Grant>([
      { ...base, effect: 'allow', scope: 'persistent' },
      { ...base, effect: 'allow', scope: 'session' },
      { ...base, effect: 'deny', scope: 'persistent' },
      { ...base, effect: 'deny', scope: 'run', runId: pick(RUNS) },
    ]);
  };
  const policy = (): HarborPolicy => ({
    version: 1,
    defaults: {
      'read-only': pick(['auto-approve', 'ask', 'deny']),
      navigate: pick(['ask', 'deny']),
      interact: pick(['ask', 'deny']),
      submit: pick(['ask', 'deny']),
    },
    sites: Object.fromEntries(
      SITES.filter(() => chance(0.35)).map((s) => [s, pick([...PERMISSION_LEVELS, 'blocked'] as const)]),
    ),
    tools: Object.fromEntries(
      TOOLS.filter(() => chance(0.25)).map((t) => [t, pick(['allow', 'ask', 'deny'] as const)]),
    ),
    grants: Array.from({ length: Math.floor(random() * 8) }, () => grant()),
    allowFileUrls: chance(0.5),
  });
  const request = (): Generated => {
    const restricted = chance(0.05);
    const siteKey = restricted ? null : pick(SITES);
    const label = chance(0.5) ? undefined : pick([...CRITICAL_LABELS, ...PLAIN_LABELS]);
    return {
      toolName: pick(TOOLS),
      level: pick(PERMISSION_LEVELS),
      site: siteKey === null ? pick(RESTRICTED) : siteForm(siteKey),
      siteKey,
      ...(chance(0.8) ? { runId: pick(RUNS) } : {}),
      ...(label === undefined ? {} : { action: { label } }),
    };
  };
  return { pick, chance, grant, policy, request };
}

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
};

const RANK: Record<PermissionLevel, number> = { 'read-only': 0, navigate: 1, interact: 2, submit: 3 };
const live = (g: Grant) => g.expiresAt === undefined || NOW < g.expiresAt;
const forCall = (g: Grant, r: DecisionRequest, site: string) =>
  g.tool === r.toolName && g.site === site && (g.scope !== 'run' || g.runId === r.runId);
const outcome = (d: PolicyDecision) => `${d.verdict}/${d.rule}/${d.ceiling ?? '-'}`;

/** The invariants of one (policy, request) pair; returns the first broken one, or null. */
function brokenInvariant(p: HarborPolicy, r: Generated, extra: Grant[]): string | null {
  const d = decide(p, r, NOW);
  const site = r.siteKey;
  if (site === null) return d.verdict === 'deny' ? null : 'a restricted page was not denied';
  const grants = p.grants.filter((g) => live(g) && forCall(g, r, site));
  const rule = Object.hasOwn(p.sites, site) ? p.sites[site] : undefined;
  const override = Object.hasOwn(p.tools, r.toolName) ? p.tools[r.toolName] : undefined;
  const denied = grants.some((g) => g.effect === 'deny') || rule === 'blocked' || override === 'deny';
  const vouched =
    grants.some((g) => g.effect === 'allow') ||
    (rule !== undefined && rule !== 'blocked' && RANK[r.level] <= RANK[rule]) ||
    override === 'allow';
  if (d.verdict === 'auto-approve' && r.level !== 'read-only' && !vouched)
    return '(1) auto-approved above read-only without a grant, trust or allow';
  if (denied && d.verdict !== 'deny') return '(2) a deny was turned into something else';
  const onlyThisCall = { ...p, grants: p.grants.filter((g) => forCall(g, r, site)) };
  if (outcome(decide(onlyThisCall, r, NOW)) !== outcome(d))
    return '(3) a grant for another tool, site or run changed the decision';
  const withOthers = { ...p, grants: [...p.grants, ...extra.filter((g) => !forCall(g, r, site))] };
  if (outcome(decide(withOthers, r, NOW)) !== outcome(d))
    return '(3) adding grants for other tools, sites or runs changed the decision';
  const flipped = p.grants.map((g): Grant =>
    live(g)
      ? g
      : g.effect === 'allow'
        ? { ...g, effect: 'deny', scope: 'persistent' }
        : { ...g, effect: 'allow', scope: 'persistent' },
  );
  if (outcome(decide({ ...p, grants: flipped }, r, NOW)) !== outcome(d))
    return '(4) an expired grant changed the decision';
  // A read commits nothing, whatever the words on what it reads.
  const critical =
    r.toolName !== 'read_page' && r.action?.label !== undefined && CRITICAL_LABELS.includes(r.action.label);
  if (critical && d.verdict === 'auto-approve') return '(5) a critical action was auto-approved';
  return null;
}

/** Invariant (6) and friends: an answer changes decisions about its own call only. */
function brokenByAnswer(
  p: HarborPolicy,
  r: Generated,
  probes: Generated[],
  decision: (typeof PERMISSION_DECISIONS)[number],
): string | null {
  const after = applyDecision(
    p,
    { toolName: r.toolName, site: r.site, ...(r.runId === undefined ? {} : { runId: r.runId }) },
    decision,
  );
  if (after === p) return 'applyDecision returned its input';
  const persistent = (q: HarborPolicy) => q.grants.filter((g) => g.scope === 'persistent');
  if (decision === 'allow-session' || decision === 'deny' || decision === 'allow-once') {
    if (JSON.stringify(persistent(after)) !== JSON.stringify(persistent(p)))
      return `(6) ${decision} changed a persistent grant`;
  }
  const newGrants = after.grants.filter((g) => !p.grants.includes(g));
  const goneGrants = p.grants.filter((g) => !after.grants.includes(g));
  const key = (g: Grant) => `${g.tool}|${g.site}|${g.scope}|${g.scope === 'run' ? g.runId : ''}`;
  if (newGrants.length > 1) return `(6) ${decision} added more than one grant`;
  const added = newGrants[0];
  if (
    goneGrants.some(
      (g) =>
        added === undefined ||
        (key(g) !== key(added) &&
          !(
            g.scope === 'persistent' &&
            added.scope === 'persistent' &&
            g.tool === added.tool &&
            g.site === added.site
          )),
    )
  ) {
    return `(6) ${decision} removed a grant about something else`;
  }
  if (decision === 'allow-session' && added !== undefined && added.scope !== 'session')
    return '(6) allow-session made a non-session grant';
  if (decision === 'deny' && added !== undefined && (added.scope !== 'run' || added.runId !== r.runId))
    return '(6) deny made a grant beyond its run';
  for (const probe of probes) {
    const sameCall = probe.toolName === r.toolName && probe.siteKey !== null && probe.siteKey === r.siteKey;
    const sameRun = decision !== 'deny' || probe.runId === r.runId;
    if (sameCall && sameRun) continue;
    if (outcome(decide(after, probe, NOW)) !== outcome(decide(p, probe, NOW)))
      return `(6) ${decision} changed a decision about another tool, site or run`;
  }
  const { grants: _a, ...restAfter } = after;
  const { grants: _b, ...restBefore } = p;
  return JSON.stringify(restAfter) === JSON.stringify(restBefore)
    ? null
    : `(6) ${decision} changed something besides grants`;
}

describe(`generated policies (seed ${SEED}; replay with POLICY_SEED=${SEED})`, () => {
  // CPU-bound: on a loaded two-core machine it can take several seconds.
  it(`${CASES} random policies × requests keep every invariant`, () => {
    const gen = generator(prng(SEED));
    for (let i = 0; i < CASES; i += 1) {
      const p = deepFreeze(gen.policy());
      const r = deepFreeze(gen.request());
      const extra = Array.from({ length: 3 }, () => gen.grant());
      const probes = Array.from({ length: 3 }, () => gen.request());
      const snapshot = JSON.stringify(p);
      const broken = brokenInvariant(p, r, extra) ?? brokenByAnswer(p, r, probes, gen.pick(PERMISSION_DECISIONS));
      const mutated = JSON.stringify(p) !== snapshot ? 'the policy was mutated' : null;
      const failure = broken ?? mutated;
      if (failure !== null) {
        expect.fail(`seed=${SEED} case=${i}: ${failure}\npolicy=${JSON.stringify(p)}\nrequest=${JSON.stringify(r)}`);
      }
    }
  }, 120_000);

  it('the generator reaches every verdict and every rule', () => {
    const gen = generator(prng(SEED));
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i += 1) {
      const d = decide(gen.policy(), gen.request(), NOW);
      seen
        .add(d.verdict)
        .add(d.rule)
        .add(d.ceiling ?? 'no-ceiling');
    }
    expect([...seen].sort()).toEqual(
      [
        'auto-approve',
        'ask',
        'deny',
        'critical-action',
        'no-ceiling',
        'restricted-page',
        'run-deny',
        'deny-all-grant',
        'blocked-site',
        'tool-deny',
        'site-grant',
        'tool-ask',
        'site-trust',
        'tool-allow',
        'level-default',
      ].sort(),
    );
  });
});
