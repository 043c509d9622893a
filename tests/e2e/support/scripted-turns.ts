// A scripted model's turns that know of a page only what the tools told it: each turn is chosen
// from the latest listing (where it finds elements by their labels, support/listing.ts) and the
// last tool result.
import { onTestFinished } from 'vitest';
import type { Responder, Step } from '../../fixtures/llm-server/script';

type Message = { role: string; content?: unknown };

/** What the scripted model has seen when it takes a step: the latest listing and the last tool result. */
export interface Seen {
  listing: string;
  last: string;
}

/** The scripted model's turns, one per tool result received so far; after the last, it answers `done`. */
export type Plan = ((seen: Seen) => Step)[];

let calls = 0;

/** One model turn calling one tool. */
export const call = (name: string, args: object): Step => ({
  kind: 'tool_calls',
  calls: [{ id: `c${++calls}`, name, arguments: args }],
});

/** A model turn answering the person, which ends the task. */
export const answer = (text: string): Step => ({ kind: 'text', chunks: [text] });

export const toolResults = (body: unknown): string[] =>
  ((body as { messages?: Message[] }).messages ?? []).filter((m) => m.role === 'tool').map((m) => String(m.content));

/**
 * The responder that plays `plan` against what the tools answer (OpenAI request format, which the
 * scripted server's base URL speaks). A plan step that finds no element ends the task with what it
 * missed, so a broken plan shows as an unsolved task rather than a hang.
 */
export function scriptedModel(plan: Plan, done: string): Responder {
  return (body) => {
    const results = toolResults(body);
    const last = results.at(-1) ?? '';
    const listing = [...results].reverse().find((r) => r.includes('## Interactive elements')) ?? '';
    const step = plan[results.length];
    if (!step) return answer(done);
    try {
      return step({ listing, last });
    } catch (error) {
      return answer(`I could not go on: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}

/** The person's first words in a model request: the question that started its task, or a research step's prompt. */
export const question = (body: unknown) =>
  String(((body as { messages?: Message[] }).messages ?? []).find((m) => m.role === 'user')?.content ?? '');

/** A promise the test settles (the model's answers may wait for it); a test that fails lets it go too. */
export function hold() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  onTestFinished(() => release());
  return { released, release };
}
