import { applyDecision, decide, decisionProceeds, type PermissionLevel } from '../../policy';
import type { Target } from '../tools/types';
import { flowInWords, type DataFlow } from './data-flow-check';
import { askPerson, type Asking } from './gate-question';
import { actionOf, refusal } from './gate-record';
import type { GateCall, GateDeps, GateResult } from './gate-types';
import { leavingFor } from './destination';
import { beyondInWords, beyondScope, WIDENS } from './scope-check';

/** `asked`: the person was asked, so time has passed since the target was read. */
export type Judged = { site: string; decision: string; asked: boolean; refused?: undefined } | { refused: GateResult };

/**
 * decide → (ask the person): the verdict for one action at `level` on `target`; a refusal is logged.
 * `flows`: text the action would carry from another site's readings to this one (data-flow rule);
 * `typed`: the values it types or chooses on the page, which a plan's scope lists.
 */
export async function judge(
  deps: GateDeps,
  call: GateCall,
  name: string,
  level: PermissionLevel,
  target: Target,
  signal: AbortSignal,
  grantedAs = 'auto-approved',
  flows: readonly DataFlow[] = [],
  typed: readonly string[] = [],
): Promise<Judged> {
  const action = actionOf(target);
  const policy = await deps.policy.load();
  const now = Date.now();
  const verdict = decide(policy, { toolName: name, level, site: target.url, runId: call.runId, action }, now);
  const site = verdict.site.kind === 'site' ? verdict.site.site : target.url;
  const refuse = async (decision: string, text: string): Promise<Judged> => ({
    refused: await refusal(deps.log, call, site, level, decision, text, target),
  });

  if (verdict.verdict === 'deny') return refuse('denied', `Denied by the permission policy: ${verdict.why}`);
  // A click that leaves for another site is also that navigation: refused if either is refused.
  const leaving = leavingFor(policy, target, call.runId, now);
  if (leaving?.verdict.verdict === 'deny')
    return refuse('denied', `Denied by the permission policy: it goes to ${leaving.site}: ${leaving.verdict.why}`);
  // Only an action the policy would allow is checked against the task: a deny stays a deny.
  const sites = leaving ? [site, leaving.site] : [site];
  const beyond =
    target.outsideTask ?? (await beyondScope(call.scope, { toolName: name, sites, level, action, typed }, signal));
  if (flows.length > 0) return judgeFlow(deps, { call, site, level, target, flows, beyond }, signal, refuse);
  const allowed = verdict.verdict === 'auto-approve' && (leaving?.verdict.verdict ?? 'auto-approve') === 'auto-approve';
  if (allowed && beyond === null)
    return { site, decision: verdict.rule === 'site-grant' ? grantedAs : 'auto-approved', asked: false };
  const reason = `Bosun wants to use '${name}' on ${site}${leaving ? ` — it goes to ${leaving.host}` : ''}${verdict.critical ? ` — this looks like ${verdict.critical}` : ''}${beyond ? ` — ${beyondInWords(beyond)}` : ''}.`;
  // The question names where the click goes: "link 'Docs' — goes to docs.other.example". When only
  // the destination asks, the question is about going there, and the answer is remembered for it.
  const shown = leaving ? { ...target, summary: `${target.summary ?? name} — goes to ${leaving.host}` } : target;
  const about =
    leaving && verdict.verdict === 'auto-approve' && beyond === null
      ? { toolName: 'navigate', site: leaving.site, level: 'navigate' as const }
      : { toolName: name, site, level };
  const answer = await askPerson(
    deps,
    {
      call,
      site: about.site,
      level: about.level,
      target: shown,
      reason,
      critical: verdict.critical,
      beyond,
      dataFlow: [],
    },
    signal,
  );
  await deps.policy.update((p) => applyDecision(p, { ...about, runId: call.runId }, answer));
  if (!decisionProceeds(answer))
    return refuse(answer, 'Denied by the user. Do not try this action again; ask the person or do something else.');
  if (beyond && WIDENS.has(answer)) call.scope?.widen(beyond);
  return { site, decision: answer, asked: true };
}

/**
 * An action that would carry another site's text here always asks, whatever grants, trust or scope
 * say (a deny above stays a refusal). The answer covers this one action: nothing lasting is
 * recorded, an allow runs it once and a deny refuses it, so no grant ever covers a data flow.
 */
async function judgeFlow(
  deps: GateDeps,
  asking: Omit<Asking, 'reason' | 'critical' | 'dataFlow'> & { flows: readonly DataFlow[] },
  signal: AbortSignal,
  refuse: (decision: string, text: string) => Promise<Judged>,
): Promise<Judged> {
  const { flows, ...rest } = asking;
  const words = flowInWords(flows);
  const reason = `Bosun would send ${words}.`;
  const answer = await askPerson(deps, { ...rest, reason, critical: null, dataFlow: flows }, signal);
  if (!decisionProceeds(answer))
    return refuse(
      'deny',
      `Denied by the user: this would have sent ${words}. Do not send text read on one site to another; ask the person.`,
    );
  return { site: asking.site, decision: 'allow-once', asked: true };
}
