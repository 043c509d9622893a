import { actionLevel, clickDestination, decide } from '../../policy';
import { checkedCall, parseCall } from '../tools/registry';
import type { ReadAccess, RunContext, Target, Tool, ToolContext } from '../tools/types';
import { dataFlows, sentBy, sentByAccess, typedBy } from './data-flow-check';
import { judge } from './gate-judge';
import { planApproval } from './gate-plan';
import { actionOf, labelOf, record, recordStart } from './gate-record';
import type { GateCall, GateDeps, GateResult, SiteAccess } from './gate-types';
import { createRunReadings } from './run-readings';

export type { GateCall, GateDeps, GateResult, SiteAccess } from './gate-types';
export { QuestionUnanswered } from './question-unanswered';

/**
 * The one way a tool runs: decide → (ask the person) → execute → record. Whoever asks (chat,
 * workflow, ABP), the same policy applies, and every call leaves an Action Log entry.
 */
export function createGate(deps: GateDeps) {
  /** What each run has read, by site: the data-flow rule checks what an action sends against it. */
  const readings = createRunReadings();

  async function run(call: GateCall, ctx: ToolContext): Promise<GateResult> {
    const parsed = call.argsChecked ? checkedCall(call.name, call.args) : parseCall(call.name, call.args);
    if (!parsed.ok) return { success: false, outcome: 'failed', decision: 'invalid', site: '', text: parsed.error };
    const { tool, args } = parsed;
    const located = await locate(deps, call, tool, args, ctx);
    if ('outcome' in located) return located;
    // Where a click goes is part of the click: judged as a navigation there, and its address data-flow checked (sentBy).
    const destination = clickDestination(tool.name, actionOf(located));
    const target = destination === null ? located : { ...located, destination };
    const level = actionLevel(tool.name, tool.level, actionOf(target));
    const { label } = labelOf(target);
    if (label) call.described?.(label, target.url);
    const flowRun = call.flowRun ?? call.runId;
    const sent = sentBy(tool, args, target);
    const flows = dataFlows(readings, flowRun, sent, call.personWords ?? []);
    const judged = await judge(deps, call, tool.name, level, target, ctx.signal, call.grantedAs, flows, typedBy(sent));
    if (judged.refused) return judged.refused;
    // Written before what leads into the action (its mask, its page's dialog watch), which then runs at once.
    const place = await recordStart(deps.log, call, judged.site, level, judged.decision, labelOf(target).label);
    await call.beforeRun?.(judged.asked);
    const runCtx = { ...ctx, target, readAccess: (url: string) => readAccess(deps, call, url) };
    const { readings: spans, ...output } = await execute(tool, args, runCtx);
    // What the tool returned is a reading of the site judged, or of each site it says it spans.
    for (const read of spans ?? [{ url: judged.site, text: output.text }]) readings.note(flowRun, read.url, read.text);
    const result = { ...output, decision: judged.decision, site: judged.site, ...labelOf(target) };
    return record(deps.log, call, judged.site, level, judged.decision, result, place);
  }

  /**
   * Access to a site for work outside a tool call (a crawl, a workflow step's tab, a picked page):
   * decided, asked and logged like a tool call, under the operation's name and at its declared level. Null when it may
   * go ahead; otherwise the refusal, already in the Action Log.
   */
  async function authorize(access: SiteAccess, signal: AbortSignal): Promise<GateResult | null> {
    const { name, level } = access.operation;
    const call: GateCall = {
      name,
      args: access.args,
      runId: access.runId,
      requester: access.requester,
      ...(access.questionTimeoutMs !== undefined ? { questionTimeoutMs: access.questionTimeoutMs } : {}),
      ...(access.scope ? { scope: access.scope } : {}),
    };
    const target = { url: access.url, summary: access.summary };
    const flows = dataFlows(readings, access.flowRun ?? access.runId, sentByAccess(access.url, access.sends), []);
    const judged = await judge(deps, call, name, level, target, signal, access.grantedAs, flows);
    if (judged.refused) return judged.refused;
    await record(deps.log, call, judged.site, level, judged.decision, {
      success: true,
      outcome: 'success',
      decision: judged.decision,
      site: judged.site,
      text: `access to ${access.url}`,
    });
    return null;
  }

  return {
    run,
    authorize,
    ...planApproval(deps.policy, deps.log),
    /** A value the run read outside the gate's tools (the bridge's cookie or script result), at `url`. */
    noteRead: (runId: string, url: string, text: string): void => readings.note(runId, url, text),
    /** The run is over: what it read is forgotten. */
    endRun: (runId: string): void => readings.end(runId),
  };
}
export type Gate = ReturnType<typeof createGate>;

/**
 * Another site's read-level verdict for a tool already running (list_tabs reporting other
 * tabs): asked of the policy, never of the person, so a listing cannot raise a question per tab.
 */
async function readAccess(deps: GateDeps, call: GateCall, url: string): Promise<ReadAccess> {
  const request = { toolName: call.name, level: 'read-only' as const, site: url, runId: call.runId };
  const { verdict } = decide(await deps.policy.load(), request, Date.now());
  return verdict === 'auto-approve' ? 'allowed' : verdict === 'ask' ? 'ask' : 'refused';
}

/**
 * What the call is about on the page, or why it cannot run: a tab that cannot be used is logged;
 * arguments that name nothing on the page are refused like malformed ones (no question, no entry).
 */
async function locate(
  deps: GateDeps,
  call: GateCall,
  tool: Tool,
  args: unknown,
  ctx: ToolContext,
): Promise<Target | GateResult> {
  let target: Target;
  try {
    target = await tool.target(args, ctx);
  } catch (error) {
    return record(deps.log, call, '', tool.level, 'unavailable', {
      success: false,
      outcome: 'failed',
      decision: 'unavailable',
      site: '',
      text: `The tab cannot be used: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  if (target.invalid)
    return {
      success: false,
      outcome: 'failed',
      decision: 'invalid',
      site: '',
      text: target.invalid,
      failure: 'invalid-args',
    };
  return target;
}

/** The tool's own run; a throw is a failed result, not an escape past the Action Log. */
async function execute(tool: Tool, args: unknown, ctx: RunContext): Promise<Omit<GateResult, 'decision' | 'site'>> {
  try {
    const output = await tool.run(args, ctx);
    return { ...output, outcome: output.success ? 'success' : 'failed' };
  } catch (error) {
    return { success: false, outcome: 'failed', text: error instanceof Error ? error.message : String(error) };
  }
}
