import { newId } from '../../src/ids';
import { ProviderError } from '../../src/llm/errors';
import type { CompletionRequest, CompletionResult, ToolSpec } from '../../src/llm/types';
import { browser } from '../../src/platform/browser';
import type { ChatMessage, Settings } from '../../src/protocol/common';
import type { Limits } from '../../src/protocol/limits';
import type { PageCache } from '../../src/storage/page-cache';
import type { Conversation } from '../conversation-messages';
import type { Gate } from '../permissions/gate';
import type { ScopeHolder } from '../permissions/scope-check';
import { systemPrompt } from '../system-prompt';
import { TOOLS } from '../tools/registry';
import type { ToolContext } from '../tools/types';
import { createRepeatDetector, REPEAT_LIMIT } from './repeat-detector';
import { createTabFollower } from './tab-follower';
import type { RunRecords } from './run-record';
import { toTurns } from './turns';

export interface TaskDeps {
  conversation: Conversation;
  complete(request: CompletionRequest): Promise<CompletionResult>;
  gate: Gate;
  settings(): Settings | null;
  limits(): Limits;
  runs: RunRecords;
  pages: PageCache;
  crawl: ToolContext['crawl'];
  tools(): ToolSpec[];
  /** `seen`: the tab as just read, so showing the mask does not read it again. */
  mask: {
    show(tabId: number, seen?: { url: string | undefined }): Promise<void>;
    hide(tabIds: Iterable<number>): Promise<void>;
  };
  /** How often, at most, a streaming answer is written to storage. */
  saveEveryMs?: number;
}

/** What every task shares, whoever runs it; each runner adds its own conversation and run records. */
export type SharedTaskDeps = Omit<TaskDeps, 'conversation' | 'runs' | 'saveEveryMs'>;

const NO_SETTINGS = 'Choose a provider and model in Settings first.';

async function tabInfo(tabId: number): Promise<{ title: string; url: string } | null> {
  try {
    const tab = await browser.tabs.get(tabId);
    return { title: tab.title ?? '', url: tab.url ?? '' };
  } catch {
    return null;
  }
}

/** How a task ended: the model answered, a limit (actions, tokens, repeats) stopped it, the person stopped it, or it failed. */
export type TaskEnd = 'answered' | 'limit' | 'stopped' | 'error';

/** Who runs the task: a workflow step passes its run (whose approved grants apply) and its name. */
export interface TaskOptions {
  runId?: string;
  requester?: string;
  /** What the person asked this task to do (chat tasks): the gate asks before anything beyond it. */
  scope?: ScopeHolder;
}

/**
 * One task: model → tool calls → gate → results → model, until the model answers, the person
 * stops it, or a limit is reached. Each model turn is its own assistant message and each tool
 * call its own tool message, saved as they happen.
 */
export async function runTask(
  deps: TaskDeps,
  startTab: number,
  signal: AbortSignal,
  options: TaskOptions = {},
): Promise<TaskEnd> {
  const { conversation } = deps;
  const runId = options.runId ?? newId('run');
  const requester = options.requester ?? 'chat';
  let tabId = startTab;
  const snapshots = new Map<number, string>();
  const images = new Map<string, string>();
  // Once a provider has refused native tools, later turns go straight to XML tool calls.
  const mode = { xmlTools: false };
  const touched = new Set<number>();
  const repeats = createRepeatDetector();
  let steps = 0;
  let tokens = 0;
  let answer: ChatMessage | null = null;

  const ctx: ToolContext = {
    get tabId() {
      return tabId;
    },
    signal,
    bindTab: (id) => {
      tabId = id;
    },
    snapshotId: (id) => snapshots.get(id),
    rememberSnapshot: (id, snapshot) => snapshots.set(id, snapshot),
    actionTab: () => (seen?.tabId === tabId ? { url: seen.url } : undefined),
    pages: deps.pages,
    crawl: deps.crawl,
  };
  const follower = createTabFollower(
    () => tabId,
    (id) => (tabId = id),
  );
  // The mask goes up once the gate has allowed the action, never while it decides or asks: a denied
  // action leaves the page as it was, with nothing shown on it. Reading puts nothing on the page at
  // all, so a page cannot notice it is being read and swap its text for the model.
  // The tab is read once when an action is allowed: the mask and the action's request both use that reading.
  let seen: { tabId: number; url: string | undefined } | undefined;
  const beginAction = async (toolName: string) => {
    const tab = await follower.begin();
    seen = tab ? { tabId, url: tab.url } : undefined;
    if (TOOLS.get(toolName)?.level === 'read-only') return;
    touched.add(tabId);
    await deps.mask.show(tabId, tab ?? undefined);
  };
  const generation = conversation.generation;
  const closing = async (text: string): Promise<TaskEnd> => {
    answer = await conversation.add({ role: 'assistant', content: text, status: 'done' });
    await conversation.finish(answer);
    return 'limit';
  };

  follower.start();
  await deps.runs.save({ runId, tabId, startedAt: Date.now() });
  try {
    const settings = deps.settings();
    if (!settings) throw new ProviderError(NO_SETTINGS);
    for (;;) {
      const limits = deps.limits();
      if (steps >= limits.maxSteps)
        return await closing(
          `I stopped after ${steps} actions, the limit for one task. Tell me to continue if you want me to go on.`,
        );
      if (tokens >= limits.maxTokens)
        return await closing(
          `I stopped: this task used ${tokens} tokens, the limit for one task. Tell me to continue if you want me to go on.`,
        );
      const current = await conversation.add({ role: 'assistant', content: '', status: 'streaming' });
      answer = current;
      const result = await modelTurn(deps, current, { settings, tabId, images, mode }, signal);
      if (result.usedToolFallback) mode.xmlTools = true;
      tokens += result.usage?.totalTokens ?? 0;
      if (result.toolCalls.length === 0) {
        await conversation.finish(current);
        return 'answered';
      }

      for (const call of result.toolCalls) {
        if (signal.aborted) break;
        await deps.runs.save({
          runId,
          tabId,
          startedAt: Date.now(),
          inFlight: { toolCallId: call.id, name: call.name },
        });
        seen = undefined;
        const output = await follower.around(() =>
          deps.gate.run(
            {
              name: call.name,
              args: call.args,
              runId,
              requester,
              beforeRun: () => beginAction(call.name),
              ...(options.scope ? { scope: options.scope } : {}),
            },
            ctx,
          ),
        );
        if (output.image) images.set(call.id, output.image);
        if (conversation.generation !== generation) return 'stopped';
        await conversation.add({
          role: 'tool',
          content: output.text,
          status: 'done',
          toolCallId: call.id,
          name: call.name,
          outcome: output.outcome,
          decision: output.decision,
          site: output.site,
          ...(output.label ? { target: output.label } : {}),
        });
        await deps.runs.save({ runId, tabId, startedAt: Date.now() });
        steps += 1;
        if (repeats.record(call.name, call.args, output.text)) {
          return await closing(
            `I stopped: I called ${call.name} with the same arguments ${REPEAT_LIMIT} times in a row and nothing changed. Tell me how you want to proceed.`,
          );
        }
      }
      if (signal.aborted) throw signal.reason ?? new DOMException('Stopped', 'AbortError');
    }
  } catch (error) {
    // A clear ends the task with the conversation it belonged to: nothing is written into the new one.
    if (conversation.generation === generation) await endWithError(conversation, answer, error, signal);
    return signal.aborted ? 'stopped' : 'error';
  } finally {
    follower.stop();
    await deps.mask.hide(touched);
    await deps.runs.end();
  }
}

interface TurnContext {
  settings: Settings;
  tabId: number;
  images: Map<string, string>;
  mode: { xmlTools: boolean };
}

async function modelTurn(
  deps: TaskDeps,
  answer: ChatMessage,
  turn: TurnContext,
  signal: AbortSignal,
): Promise<CompletionResult> {
  const { settings, tabId, images } = turn;
  const saveEveryMs = deps.saveEveryMs ?? 1000;
  let lastSave = Date.now();
  const turns = toTurns(deps.conversation.all()).map((turn) =>
    turn.role === 'tool' && images.has(turn.toolCallId)
      ? { ...turn, image: images.get(turn.toolCallId) as string }
      : turn,
  );
  const result = await deps.complete({
    settings,
    system: systemPrompt(await tabInfo(tabId)),
    turns,
    tools: deps.tools(),
    ...(turn.mode.xmlTools ? { xmlTools: true } : {}),
    signal,
    onText: (delta) => {
      deps.conversation.appendText(answer, delta);
      if (Date.now() - lastSave >= saveEveryMs) {
        lastSave = Date.now();
        // A failed save (storage full) is reported when the answer finishes and is saved again.
        void deps.conversation.save(answer).catch(() => undefined);
      }
    },
  });
  answer.content = result.text;
  answer.status = 'done';
  if (result.usage) answer.usage = result.usage;
  if (result.toolCalls.length > 0) {
    answer.toolCalls = result.toolCalls;
    await deps.conversation.save(answer);
    deps.conversation.updated(answer);
  }
  return result;
}

async function endWithError(
  conversation: Conversation,
  answer: ChatMessage | null,
  error: unknown,
  signal: AbortSignal,
): Promise<void> {
  const stopped = signal.aborted;
  const text =
    error instanceof ProviderError
      ? error.message
      : `Something went wrong: ${error instanceof Error ? error.message : String(error)}`;
  // The answer being written carries the outcome; after a finished turn, a short closing message does.
  const target =
    answer && answer.status === 'streaming'
      ? answer
      : await conversation.add({ role: 'assistant', content: '', status: 'streaming' });
  target.status = stopped ? 'stopped' : 'error';
  if (!stopped) target.error = text;
  await conversation.finish(target);
}
