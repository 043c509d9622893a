import type { CompletionResult } from '../llm/types';
import type { ChatMessage, Settings } from '../../src/protocol/common';
import { systemPrompt } from './system-prompt';
import { PLAN_RULE, PLAN_SPEC } from './task-plan';
import type { TabFacts } from './tab-facts';
import type { TaskDeps } from './task-types';
import { toTurns } from './turns';

export interface TurnContext {
  settings: Settings;
  /** The tab the task works in, as the system prompt describes it; null when it is gone. */
  tab: TabFacts | null;
  images: Map<string, string>;
  mode: { xmlTools: boolean };
  /** Plan-first mode: the model is offered propose_plan and told to state its plan before acting. */
  planFirst: boolean;
}

/** One model turn, streamed into `answer` and saved every `saveEveryMs` as it grows. */
export async function modelTurn(
  deps: TaskDeps,
  answer: ChatMessage,
  turn: TurnContext,
  signal: AbortSignal,
): Promise<CompletionResult> {
  const { settings, tab, images } = turn;
  const saveEveryMs = deps.saveEveryMs ?? 1000;
  let lastSave = Date.now();
  const turns = toTurns(deps.conversation.all()).map((turn) =>
    turn.role === 'tool' && images.has(turn.toolCallId)
      ? { ...turn, image: images.get(turn.toolCallId) as string }
      : turn,
  );
  const result = await deps.complete({
    settings,
    system: turn.planFirst ? `${systemPrompt(tab)}\n${PLAN_RULE}` : systemPrompt(tab),
    turns,
    tools: turn.planFirst ? [...deps.tools(), PLAN_SPEC] : deps.tools(),
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
  if (result.toolCalls.length > 0) answer.toolCalls = result.toolCalls;
  return result;
}
