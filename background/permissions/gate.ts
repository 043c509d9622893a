import {
  actionLevel,
  applyDecision,
  decide,
  decisionProceeds,
  type CriticalContext,
  type PermissionDecisionValue,
  type PermissionLevel,
} from '../../policy';
import { newId } from '../../src/ids';
import { parseCall } from '../tools/registry';
import type { Target, ToolContext, ToolOutput } from '../tools/types';
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
}

export interface GateResult extends ToolOutput {
  outcome: 'success' | 'failed' | 'denied';
  decision: string;
  site: string;
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
    signal: AbortSignal,
  ) {
    const timeoutMs = deps.promptTimeoutMs();
    return deps.prompts.ask(
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
        expiresAt: Date.now() + timeoutMs,
      },
      timeoutMs,
      signal,
    );
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
        text: `The tab cannot be used: ${String(error)}`,
      });
    }
    const action = actionOf(target);
    const level = actionLevel(tool.name, tool.level, action);
    const policy = await deps.policy.load();
    const verdict = decide(
      policy,
      { toolName: tool.name, level, site: target.url, runId: call.runId, action },
      Date.now(),
    );
    const site = verdict.site.kind === 'site' ? verdict.site.site : target.url;
    const refuse = (decision: string, text: string) =>
      record(call, site, level, decision, { success: false, outcome: 'denied', decision, site, text });

    let decision: string = verdict.verdict === 'auto-approve' ? 'auto-approved' : verdict.verdict;
    if (verdict.verdict === 'deny') return refuse('denied', `Denied by the permission policy: ${verdict.why}`);
    if (verdict.verdict === 'ask') {
      const reason = `Bosun wants to use '${tool.name}' on ${site}${verdict.critical ? ` — this looks like ${verdict.critical}` : ''}.`;
      const answer: PermissionDecisionValue = await ask(
        call,
        site,
        level,
        target,
        reason,
        verdict.critical,
        ctx.signal,
      );
      await deps.policy.update((p) => applyDecision(p, { toolName: tool.name, site, runId: call.runId }, answer));
      decision = answer;
      if (!decisionProceeds(answer))
        return refuse(answer, 'Denied by the user. Do not try this action again; ask the person or do something else.');
    }
    await call.beforeRun?.();
    try {
      const output = await tool.run(args, ctx);
      return record(call, site, level, decision, {
        ...output,
        outcome: output.success ? 'success' : 'failed',
        decision,
        site,
      });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      return record(call, site, level, decision, { success: false, outcome: 'failed', decision, site, text });
    }
  }

  return { run };
}
export type Gate = ReturnType<typeof createGate>;
