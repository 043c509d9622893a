// "Run again": a finished task's trace replayed through the gate without the model. Each step's
// element is found by its role and label on the page as it is now; a step that cannot be matched,
// or that the page answers differently than recorded (it failed where it had succeeded), is put to
// the model alone, and the replay goes on. Each result says which of the two did it.
import { ProviderError } from '../../src/llm/errors';
import type { Settings } from '../../src/protocol/common';
import { runToolCall, type TaskDeps, type TaskEnd, type TaskOptions } from '../agent/run-task';
import { systemPrompt } from '../agent/system-prompt';
import { closeTask, endWithError, limitReached } from '../agent/task-endings';
import { createTaskState, issueHeld, written, type TaskState } from '../agent/task-state';
import type { ToolCall } from '../llm/types';
import { newId } from '../storage/ids';
import { findElement, parseListing, shownName, type ElementName, type Listed } from './replay-match';
import type { Trace, TraceStep } from '../../src/protocol/trace';

/** How many further parts of a long listing the replay reads looking for a step's element. */
const MAX_LISTING_PARTS = 20;
const MORE = /more elements not listed: read_listing with from=(\d+)/;
const ELEMENT_ARGS = ['index', 'to'] as const;

/** The page as the replay last read it, until an action may have changed it. */
interface Reading {
  text: string;
  listed: Listed[];
}

interface Replay {
  state: TaskState;
  trace: Trace;
  reading: Reading | null;
  replayed: number;
  asked: number;
}

export async function runReplay(
  deps: TaskDeps,
  trace: Trace,
  startTab: number,
  signal: AbortSignal,
  options: TaskOptions,
): Promise<TaskEnd> {
  const state = createTaskState(deps, startTab, signal, options);
  state.follower.start();
  state.tabFacts.start();
  await deps.runs?.save({ runId: state.runId, tabId: state.tabId, startedAt: Date.now() });
  const replay: Replay = { state, trace, reading: null, replayed: 0, asked: 0 };
  try {
    for (const step of trace.steps) {
      if (signal.aborted) throw signal.reason ?? new DOMException('Stopped', 'AbortError');
      const limit = limitReached(state);
      if (limit) {
        await written(state);
        return await closeTask(state, limit);
      }
      const end = await replayStep(replay, step);
      if (end) return end;
    }
    await written(state);
    const answer = await deps.conversation.add({
      role: 'assistant',
      content: `Ran again: ${replay.replayed} of ${trace.steps.length} actions as recorded, ${replay.asked} with the model.`,
      status: 'done',
    });
    await deps.conversation.finish(answer);
    return 'answered';
  } catch (error) {
    issueHeld(state);
    if (deps.conversation.generation === state.generation)
      await endWithError(deps.conversation, state.answer, error, signal);
    return signal.aborted ? 'stopped' : 'error';
  } finally {
    // A call cut short by a clear still has its Action Log entry to store.
    issueHeld(state);
    state.follower.stop();
    state.tabFacts.stop();
    await deps.mask.hide(state.touched);
    // As a task's: a run made for the replay ends with it; a research run's steps share theirs.
    if (options.runId === undefined) deps.gate.endRun(state.runId);
    await deps.runs?.end();
  }
}

/** One recorded step, as recorded where it still matches, else by the model. */
async function replayStep(replay: Replay, step: TraceStep): Promise<TaskEnd | null> {
  let reason = step.unnamed ? 'its element was not named when it was recorded' : null;
  const args: Record<string, unknown> = { ...step.args };
  for (const key of ELEMENT_ARGS) {
    const name = step[key];
    if (reason || !name) continue;
    const found = await find(replay, name);
    if (typeof found === 'number') args[key] = found;
    else if ('end' in found) return found.end;
    else reason = found.reason;
  }
  if (!reason) {
    const done = await act(replay.state, { id: newId('call'), name: step.name, args }, 'replayed');
    if (typeof done === 'string') return done;
    replay.reading = null;
    if (done.outcome === 'success') {
      replay.replayed += 1;
      return null;
    }
    reason = `the page answered differently than recorded: ${done.content.slice(0, 500)}`;
  }
  return await askModel(replay, step, reason);
}

/** The element's index on the page now, reading it (and the rest of a long listing) as needed. */
async function find(replay: Replay, name: ElementName): Promise<number | { reason: string } | { end: TaskEnd }> {
  let reading = replay.reading ?? (await read(replay, 'read_page', {}));
  if ('end' in reading) return reading;
  for (let part = 0; ; part += 1) {
    const match = findElement(reading.listed, name);
    if (match.kind === 'found') return match.index;
    const from = MORE.exec(reading.text)?.[1];
    if (match.kind === 'ambiguous' || from === undefined || part >= MAX_LISTING_PARTS)
      return {
        reason:
          match.kind === 'ambiguous'
            ? `${match.count} elements on the page are named ${shownName(name)}`
            : `no ${shownName(name)} on the page now`,
      };
    const more = await read(replay, 'read_listing', { from: Number(from) });
    if ('end' in more) return more;
    // The parts add up to one listing, read against the same reading's indices.
    reading = { text: more.text, listed: [...reading.listed, ...more.listed] };
    replay.reading = reading;
  }
}

async function read(replay: Replay, name: string, args: Record<string, unknown>): Promise<Reading | { end: TaskEnd }> {
  const done = await act(replay.state, { id: newId('call'), name, args }, 'replayed');
  if (typeof done === 'string') return { end: done };
  replay.reading = { text: done.content, listed: done.outcome === 'success' ? parseListing(done.content) : [] };
  return replay.reading;
}

/** A call through the gate as any of the task's, with its assistant message; gives its result, or how the task ended. */
async function act(state: TaskState, call: ToolCall, mark: 'replayed' | 'model', usage?: object) {
  const { conversation } = state.deps;
  await written(state);
  state.answer = await conversation.add({
    role: 'assistant',
    content: '',
    status: 'done',
    toolCalls: [call],
    ...usage,
  });
  state.replayMark = mark;
  const end = await runToolCall(state, call);
  if (end) return end;
  const result = conversation.all().findLast((m) => m.role === 'tool' && m.toolCallId === call.id);
  if (!result) return 'stopped';
  return result;
}

/**
 * The model, asked for this step alone: it sees the person's request, the step as recorded and
 * the page as it is now (as a reading, page content marked as such), and answers with one call.
 */
async function askModel(replay: Replay, step: TraceStep, reason: string): Promise<TaskEnd | null> {
  const { state, trace } = replay;
  const { deps, signal } = state;
  const settings: Settings | null = deps.settings();
  if (!settings)
    throw new ProviderError(`A step needs the model (${reason}): choose a provider and model in Settings.`);
  const reading = replay.reading ?? (await read(replay, 'read_page', {}));
  if ('end' in reading) return reading.end;
  const readId = newId('call');
  const tab = await state.tabFacts.of(state.tabId);
  const result = await deps.complete({
    settings,
    system: `${systemPrompt(tab)}\n${stepRule(step, reason)}`,
    turns: [
      { role: 'user', content: trace.request },
      { role: 'assistant', content: '', toolCalls: [{ id: readId, name: 'read_page', args: {} }] },
      { role: 'tool', toolCallId: readId, name: 'read_page', content: reading.text },
    ],
    tools: deps.tools(),
    signal,
    onText: () => undefined,
  });
  state.tokens += result.usage?.totalTokens ?? 0;
  const usage = result.usage ? { usage: result.usage } : {};
  const call = result.toolCalls[0];
  replay.asked += 1;
  if (!call) {
    // The model could not do the step: its words stay in the conversation and the replay goes on.
    await deps.conversation.add({ role: 'assistant', content: result.text, status: 'done', ...usage });
    return null;
  }
  const done = await act(state, call, 'model', usage);
  if (typeof done === 'string') return done;
  replay.reading = null;
  return null;
}

/**
 * The step the model is asked for, as the recording has it. Element names are the page's words:
 * they come as a JSON value, for the model to find the element by, never as instructions.
 */
function stepRule(step: TraceStep, reason: string): string {
  const recorded = {
    tool: step.name,
    args: step.args,
    ...(step.index ? { element: shownName(step.index) } : {}),
    ...(step.to ? { to: shownName(step.to) } : {}),
    why: reason,
  };
  return [
    'You are running again a task the person gave before. Its recorded steps are replayed without you; one of them cannot be done as recorded, and you are asked for that step only.',
    `Recorded step, and why it needs you (JSON; element names and results are the page's text): ${JSON.stringify(recorded)}`,
    'Do this one step on the page as it is now with one tool call (the latest reading is above), and nothing after it. If it cannot be done, answer in words why, without calling tools.',
  ].join('\n');
}
