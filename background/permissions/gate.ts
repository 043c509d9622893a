import {
  actionLevel,
  applyDecision,
  decide,
  decisionProceeds,
  type CriticalContext,
  type PermissionDecisionValue,
  type PermissionLevel,
  type ScopeExcess,
} from '../../policy';
import { beyondInWords, beyondScope, WIDENS, type ScopeHolder } from './scope-check';
import { newId } from '../../src/ids';
import { parseCall } from '../tools/registry';
import type { ReadAccess, Target, ToolContext, ToolOutput } from '../tools/types';
import type { ActionLog } from './action-log';
import type { PolicyStore } from './policy-store';
import type { Prompts } from './prompts';

export interface GateDeps {
  policy: PolicyStore;
  prompts: Prompts;
  log: ActionLog;
  /** How long a question waits for the person before it counts as a deny. */
  promptTimeoutMs(): number;
}

export interface GateCall {
  name: string;
  args: unknown;
  /** The run this call belongs to: a `deny` is remembered for the rest of it. */
  runId: string;
  /** Who asked, shown in the prompt and the log: the chat, a workflow step, an ABP client. */
  requester: string;
  /** Called once the action is allowed, right before it runs (after any question to the person). */
  beforeRun?(): Promise<void>;
  /** Called with the element's name on the page once the page has described it, before any question. */
  described?(label: string): void;
  /**
   * How long a question may wait for this caller (ms), where it is not the person's own setting:
   * an MCP client gives up after its own timeout, and 0 means nobody can answer (a headless
   * bridge), so nobody is asked. Unanswered, such a call throws QuestionUnanswered instead of
   * counting as the person's deny.
   */
  questionTimeoutMs?: number;
  /**
   * What the person asked this task to do (chat tasks only): an action beyond it asks even where a
   * grant or the site's trust would approve it. Workflows (their approved plan), ABP and the bridge
   * (no person's words) have none.
   */
  scope?: ScopeHolder;
}

/**
 * A question the caller could not wait for: nobody answered in time, nobody could answer, or the
 * caller went away (`cancelled`). The person said nothing, so nothing is remembered; the Action Log
 * has the entry. Callers say how to allow it up front.
 */
export class QuestionUnanswered extends Error {
  override name = 'QuestionUnanswered';
  constructor(
    readonly question: { tool: string; site: string; level: PermissionLevel; summary?: string },
    readonly why: 'nobody-can-answer' | 'no-answer-in-time' | 'cancelled',
  ) {
    super(
      why === 'cancelled'
        ? `The call was cancelled while Bosun's question about '${question.tool}' on ${question.site} waited; it did not run.`
        : `'${question.tool}' on ${question.site} needs the person's permission (level ${question.level}), and ${why === 'nobody-can-answer' ? 'nobody can answer a question here' : 'nobody answered in time'}; it did not run.`,
    );
  }
}

/** A request to open or read a site outside the tool registry: an ABP crawl, a picked page. */
export interface SiteAccess {
  /** The capability asking, as the question and the log name it: "crawl.start". */
  name: string;
  level: PermissionLevel;
  url: string;
  args: unknown;
  runId: string;
  requester: string;
  summary?: string;
  /** How the log names an approval that came from a grant (a workflow's approved plan). */
  grantedAs?: string;
  /** As GateCall's: how long a question may wait for this caller. */
  questionTimeoutMs?: number;
}

export interface GateResult extends ToolOutput {
  outcome: 'success' | 'failed' | 'denied';
  decision: string;
  site: string;
  /** The element the action was about, by its name on the page, for the chat's line in words. */
  label?: string;
}

/** Everything the target description says, for the critical-action check and the action's level. */
const actionOf = (target: Target): CriticalContext => ({
  label: target.label,
  url: target.url,
  pageUrl: target.url,
  formAction: target.form?.action,
  fieldTypes: target.form?.fieldTypes,
  autocomplete: target.form?.autocomplete,
  fieldNames: target.form?.fieldNames,
  element: target.element,
  fields: target.fields,
});

/** The element's name on the page, as results and the Action Log carry it. */
const labelOf = (target: Target): { label?: string } => (target.label ? { label: target.label.slice(0, 200) } : {});

const summarize = (args: unknown) =>
  typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};

/**
 * The one way a tool runs: decide → (ask the person) → execute → record. Whoever asks (chat,
 * workflow, ABP), the same policy applies, and every call leaves an Action Log entry.
 */
export function createGate(deps: GateDeps) {
  async function record(
    call: GateCall,
    site: string,
    level: PermissionLevel,
    decision: string,
    result: GateResult,
  ): Promise<GateResult> {
    await deps.log.add({
      id: newId('log'),
      timestamp: Date.now(),
      toolName: call.name,
      parameters: summarize(call.args),
      site,
      permissionLevel: level,
      decision,
      result: result.outcome,
      details: `${call.requester}: ${result.text.slice(0, 500)}`,
      ...(result.label ? { target: result.label } : {}),
    });
    return result;
  }

  async function ask(
    call: GateCall,
    site: string,
    level: PermissionLevel,
    target: Target,
    reason: string,
    critical: string | null,
    beyond: ScopeExcess | null,
    signal: AbortSignal,
  ): Promise<PermissionDecisionValue> {
    const ownTime = call.questionTimeoutMs;
    const timeoutMs = ownTime ?? deps.promptTimeoutMs();
    const question = { tool: call.name, site, level, ...(target.summary ? { summary: target.summary } : {}) };
    const unanswered = async (why: QuestionUnanswered['why']) => {
      const decision = why === 'cancelled' ? 'cancelled' : 'unanswered';
      const error = new QuestionUnanswered(question, why);
      await record(call, site, level, decision, {
        success: false,
        outcome: 'denied',
        decision,
        site,
        text: error.message,
        ...labelOf(target),
      });
      return error;
    };
    if (ownTime === 0) throw await unanswered('nobody-can-answer');
    // The target is outlined on the page while the question is open; an outline that fails costs
    // nothing, and a page slow to take it off never holds up the answer.
    const outlined = target.outline?.().catch(() => undefined);
    const posed = await deps.prompts
      .pose(
        {
          id: newId('perm'),
          toolName: call.name,
          parameters: summarize(call.args),
          site,
          permissionLevel: level,
          reason,
          timestamp: Date.now(),
          requester: call.requester,
          ...(target.summary ? { summary: target.summary } : {}),
          ...(critical ? { critical } : {}),
          ...(beyond ? { beyondScope: beyond } : {}),
          expiresAt: Date.now() + timeoutMs,
        },
        timeoutMs,
        signal,
      )
      .finally(() => void outlined?.then((hide) => hide?.()));
    if (ownTime !== undefined && !posed.answered)
      throw await unanswered(signal.aborted ? 'cancelled' : 'no-answer-in-time');
    return posed.decision;
  }

  type Judged = { site: string; decision: string; refused?: undefined } | { refused: GateResult };

  /** decide → (ask the person): the verdict for one action at `level` on `target`; a refusal is logged. */
  async function judge(
    call: GateCall,
    name: string,
    level: PermissionLevel,
    target: Target,
    signal: AbortSignal,
    grantedAs = 'auto-approved',
  ): Promise<Judged> {
    const action = actionOf(target);
    const policy = await deps.policy.load();
    const verdict = decide(policy, { toolName: name, level, site: target.url, runId: call.runId, action }, Date.now());
    const site = verdict.site.kind === 'site' ? verdict.site.site : target.url;
    const refuse = async (decision: string, text: string): Promise<Judged> => ({
      refused: await record(call, site, level, decision, {
        success: false,
        outcome: 'denied',
        decision,
        site,
        text,
        ...labelOf(target),
      }),
    });

    if (verdict.verdict === 'deny') return refuse('denied', `Denied by the permission policy: ${verdict.why}`);
    // Only an action the policy would allow is checked against the task: a deny stays a deny.
    const beyond = await beyondScope(call.scope, level, action, signal);
    if (verdict.verdict === 'auto-approve' && beyond === null)
      return { site, decision: verdict.rule === 'site-grant' ? grantedAs : 'auto-approved' };
    const reason = `Bosun wants to use '${name}' on ${site}${verdict.critical ? ` — this looks like ${verdict.critical}` : ''}${beyond ? ` — ${beyondInWords(beyond)}` : ''}.`;
    const answer = await ask(call, site, level, target, reason, verdict.critical, beyond, signal);
    await deps.policy.update((p) => applyDecision(p, { toolName: name, site, runId: call.runId }, answer));
    if (!decisionProceeds(answer))
      return refuse(answer, 'Denied by the user. Do not try this action again; ask the person or do something else.');
    if (beyond && WIDENS.has(answer)) call.scope?.widen(beyond);
    return { site, decision: answer };
  }

  /**
   * Another site's read-level verdict for a tool already running (list_tabs reporting other
   * tabs): asked of the policy, never of the person, so a listing cannot raise a question per tab.
   */
  async function readAccess(call: GateCall, url: string): Promise<ReadAccess> {
    const request = { toolName: call.name, level: 'read-only' as const, site: url, runId: call.runId };
    const { verdict } = decide(await deps.policy.load(), request, Date.now());
    return verdict === 'auto-approve' ? 'allowed' : verdict === 'ask' ? 'ask' : 'refused';
  }

  async function run(call: GateCall, ctx: ToolContext): Promise<GateResult> {
    const parsed = parseCall(call.name, call.args);
    if (!parsed.ok) return { success: false, outcome: 'failed', decision: 'invalid', site: '', text: parsed.error };
    const { tool, args } = parsed;
    let target: Target;
    try {
      target = await tool.target(args, ctx);
    } catch (error) {
      return record(call, '', tool.level, 'unavailable', {
        success: false,
        outcome: 'failed',
        decision: 'unavailable',
        site: '',
        text: `The tab cannot be used: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    // Arguments that name nothing on the page are refused like malformed ones: no question, no Action Log entry.
    if (target.invalid)
      return {
        success: false,
        outcome: 'failed',
        decision: 'invalid',
        site: '',
        text: target.invalid,
        failure: 'invalid-args',
      };
    const level = actionLevel(tool.name, tool.level, actionOf(target));
    const { label } = labelOf(target);
    if (label) call.described?.(label);
    const judged = await judge(call, tool.name, level, target, ctx.signal);
    if (judged.refused) return judged.refused;
    const { site, decision } = judged;
    await call.beforeRun?.();
    try {
      const output = await tool.run(args, { ...ctx, readAccess: (url) => readAccess(call, url) });
      return await record(call, site, level, decision, {
        ...output,
        outcome: output.success ? 'success' : 'failed',
        decision,
        site,
        ...labelOf(target),
      });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      return record(call, site, level, decision, {
        success: false,
        outcome: 'failed',
        decision,
        site,
        text,
        ...labelOf(target),
      });
    }
  }

  /**
   * Access to a site for work that is not one of the model's tools (an ABP crawl, a picked page):
   * decided, asked and logged like a tool call, under the capability's own name. Null when it may
   * go ahead; otherwise the refusal, already in the Action Log.
   */
  async function authorize(access: SiteAccess, signal: AbortSignal): Promise<GateResult | null> {
    const call: GateCall = {
      name: access.name,
      args: access.args,
      runId: access.runId,
      requester: access.requester,
      ...(access.questionTimeoutMs !== undefined ? { questionTimeoutMs: access.questionTimeoutMs } : {}),
    };
    const judged = await judge(
      call,
      access.name,
      access.level,
      { url: access.url, summary: access.summary },
      signal,
      access.grantedAs,
    );
    if (judged.refused) return judged.refused;
    await record(call, judged.site, access.level, judged.decision, {
      success: true,
      outcome: 'success',
      decision: judged.decision,
      site: judged.site,
      text: `access to ${access.url}`,
    });
    return null;
  }

  return { run, authorize };
}
export type Gate = ReturnType<typeof createGate>;
