import { ProviderError } from '../../src/llm/errors';
import type { ToolCall } from '../llm/types';
import type { Settings } from '../../src/protocol/common';
import { modelTurn } from './model-turn';
import { closeTask, endTabClosed, endWithError, limitReached, repeatedText } from './task-endings';
import { beginAction, createTaskState, holdWrite, issueHeld, written, type TaskState } from './task-state';
import { fixedScope } from './task-scope';
import { PROPOSE_PLAN, proposePlan, type TaskPlanning } from './task-plan';
import type { GateResult } from '../permissions/gate';
import type { TaskDeps, TaskEnd, TaskOptions } from './task-types';
import { heldElsewhere } from './tab-holder';

export type { SharedTaskDeps, TaskDeps, TaskEnd, TaskOptions } from './task-types';

const NO_SETTINGS = 'Choose a provider and model in Settings first.';

/**
 * One task: model → tool calls → gate → results → model, until the model answers, the person
 * stops it, or a limit is reached. Each model turn is its own assistant message and each tool
 * call its own tool message, saved as they happen.
 */
export async function runTask(
  deps: TaskDeps,
  startTab: number,
  signal: AbortSignal,
  options: TaskOptions,
): Promise<TaskEnd> {
  const { conversation } = deps;
  const state = createTaskState(deps, startTab, signal, options);
  state.follower.start();
  state.tabFacts.start();
  await deps.runs?.save({ runId: state.runId, tabId: state.tabId, startedAt: Date.now() });
  noteEarlierReadings(deps, state.runId);
  try {
    const settings = deps.settings();
    if (!settings) throw new ProviderError(NO_SETTINGS);
    for (;;) {
      const end = await taskTurn(state, settings);
      if (end) return end;
    }
  } catch (error) {
    issueHeld(state);
    // A clear ends the task with the conversation it belonged to: nothing is written into the new one.
    if (conversation.generation === state.generation) await endWithError(conversation, state.answer, error, signal);
    return signal.aborted ? 'stopped' : 'error';
  } finally {
    // A call cut short by a clear still has its Action Log entry to store.
    issueHeld(state);
    state.follower.stop();
    state.tabFacts.stop();
    await Promise.all([deps.mask.hide(state.touched), deps.forgetReadings(state.snapshots)]);
    // A task that made its own run (a chat task) ends it. A workflow's steps share their run, so a
    // later step cannot carry what an earlier one read; the gate keeps only the latest runs' readings.
    if (options.runId === undefined) deps.gate.endRun(state.runId);
    if (state.planned) await deps.gate.endPlan(state.runId);
    await deps.runs?.end();
  }
}

/** How much of the conversation's earlier results a task notes, newest first: about 0.1 s of indexing. */
const EARLIER_READINGS = 500_000;

/**
 * What earlier tasks of the conversation read, and the tabs the person picked, are in the model's
 * context too: the data-flow rule counts them as read, on the site each came from.
 */
function noteEarlierReadings(deps: TaskDeps, runId: string): void {
  let budget = EARLIER_READINGS;
  const note = (site: string, text: string) => {
    deps.gate.noteRead(runId, site, text.slice(0, budget));
    budget -= text.length;
  };
  for (const message of [...deps.conversation.all()].reverse()) {
    if (budget <= 0) return;
    // A tab the person picked as context was read on its site, as a tool's reading would be.
    for (const attachment of message.attachments ?? [])
      if (attachment.kind === 'tab') note(attachment.url, attachment.text);
    if (message.role !== 'tool' || !message.site) continue;
    note(message.site, message.content);
  }
}

/** One model turn and the tool calls it asks for: gives how the task ended, or null to go on. */
async function taskTurn(state: TaskState, settings: Settings): Promise<TaskEnd | null> {
  const { deps, signal } = state;
  const limit = limitReached(state);
  if (limit) {
    await written(state);
    return await closeTask(state, limit);
  }
  if (state.follower.lost()) {
    await written(state);
    return await endTabClosed(state);
  }
  // The model is asked while the empty answer is being saved, with the last step's results: the
  // save is awaited before the turn goes on (a model turn that fails reports its own error first).
  issueHeld(state);
  const { message: current, saved } = deps.conversation.open({ role: 'assistant', content: '', status: 'streaming' });
  saved.catch(() => undefined);
  state.answer = current;
  const { images, mode } = state;
  const tab = await state.tabFacts.of(state.tabId);
  const planFirst = state.planning !== undefined;
  const result = await modelTurn(deps, current, { settings, tab, images, mode, planFirst }, signal);
  await saved;
  await written(state);
  if (result.usedToolFallback) mode.xmlTools = true;
  state.tokens += result.usage?.totalTokens ?? 0;
  if (result.toolCalls.length === 0) {
    await deps.conversation.finish(current);
    return 'answered';
  }
  // Stored with the first call's Action Log entry, before that call runs: no action runs before the
  // calls that asked for it are stored.
  holdWrite(state, () => deps.conversation.save(current).then(() => deps.conversation.updated(current)));
  for (const call of result.toolCalls) {
    if (signal.aborted) break;
    const end = await runToolCall(state, call);
    if (end) return end;
  }
  if (signal.aborted) throw signal.reason ?? new DOMException('Stopped', 'AbortError');
  return null;
}

/**
 * One tool call the model asked for, through the gate, saved as its own tool message. Gives how
 * the task ended when the call ends it (a clear, the same call repeated), or null to go on. The
 * result and the call's Action Log entry are held for the step's next commit (holdWrite), with the
 * next action's entry or the next turn's answer: the task waits for its writes before the next
 * action and at a turn's end.
 */
export async function runToolCall(state: TaskState, call: ToolCall): Promise<TaskEnd | null> {
  state.seen = undefined;
  state.located = undefined;
  const output =
    call.name === PROPOSE_PLAN && state.planning
      ? await answerPlan(state, state.planning, call)
      : await gateCall(state, call);
  const save = saveResult(state, call, output);
  if (!save) return 'stopped';
  holdWrite(state, save);
  state.steps += 1;
  if (state.repeats.record(call.name, call.args, output.text)) {
    await written(state);
    return await closeTask(state, repeatedText(call.name));
  }
  return null;
}

/**
 * The model's plan, put to the person. Approved, it is the task's scope from here on (announced
 * for the status bar) and its grants hold until the task ends.
 */
async function answerPlan(state: TaskState, planning: TaskPlanning, call: ToolCall): Promise<GateResult> {
  await written(state);
  const { result, scope } = await proposePlan(planning, state.runId, call, state.signal);
  if (scope) {
    state.planned = true;
    state.scope = fixedScope(scope, planning.announce);
    planning.announce(scope);
  }
  return result;
}

/** One call of the tool registry, through the gate, unless another task works in its tab. */
function gateCall(state: TaskState, call: ToolCall): Promise<GateResult> {
  const held = heldElsewhere(state, call);
  if (held) return Promise.resolve(held);
  const { deps, runId } = state;
  return state.follower.around(() =>
    deps.gate.run(
      {
        name: call.name,
        args: call.args,
        runId,
        requester: state.requester,
        beforeRun: async (asked) => {
          await written(state);
          await beginAction(state, call.name, asked);
        },
        settle: () => issueHeld(state),
        keepLog: (write) => holdWrite(state, write),
        described: (target, url) => state.announceStep?.({ toolCallId: call.id, target, url }),
        scope: state.scope,
        ...(state.planned ? { grantedAs: 'approved-plan' } : {}),
        ...(state.personWords ? { personWords: state.personWords } : {}),
        ...(state.request ? { request: state.request } : {}),
      },
      state.ctx,
    ),
  );
}

/** A call's result as its own tool message, and its save; null after a clear, which ended the task. */
function saveResult(state: TaskState, call: ToolCall, output: GateResult): (() => Promise<void>) | null {
  const { conversation } = state.deps;
  if (output.image) state.images.set(call.id, output.image);
  if (conversation.generation !== state.generation) return null;
  const { save } = conversation.stage({
    role: 'tool',
    content: output.text,
    status: 'done',
    toolCallId: call.id,
    name: call.name,
    outcome: output.outcome,
    decision: output.decision,
    site: output.site,
    ...(output.label ? { target: output.label } : {}),
    ...(output.storedPages?.length ? { storedPages: output.storedPages } : {}),
    ...(state.replayMark ? { replay: state.replayMark } : {}),
  });
  return save;
}
