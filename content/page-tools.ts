/**
 * The content script's side of the tools a page declares for agents (src/page-tools.ts): the page-world
 * script reads and calls them (content/page-world/page-tools.ts) and answers over the private channel.
 * What it sends is page data, already cut to the shared limits there: the background checks it with its
 * schema (src/protocol/page-tools-reply.ts), and its answer goes to the model marked as page content.
 */
import { PAGE_TOOLS_ANSWER, PAGE_TOOLS_ASK } from '../src/page-tools';
import type { ActionResult } from '../src/protocol/background-to-content';
import { channelTypeOf } from './page-channel/secret';

let asked = 0;

/** Gives the page world an order and waits for the answer with its id: null without one within `waitMs`. */
function ask(order: object, waitMs: number) {
  const [askType, answerType] = [PAGE_TOOLS_ASK, PAGE_TOOLS_ANSWER].map((name) => channelTypeOf(document, name));
  if (!askType || !answerType) return Promise.resolve(null);
  const id = ++asked;
  return new Promise<Record<string, unknown> | null>((resolve) => {
    const hear = (event: Event) => {
      try {
        const given: unknown = JSON.parse((event as CustomEvent<string>).detail);
        if ((given as { id?: unknown } | null)?.id === id) finish(given as Record<string, unknown>);
      } catch {
        // Not an answer.
      }
    };
    const finish = (value: Record<string, unknown> | null) => {
      clearTimeout(timer);
      document.removeEventListener(answerType, hear, true);
      resolve(value);
    };
    const timer = setTimeout(() => finish(null), waitMs);
    document.addEventListener(answerType, hear, true);
    document.dispatchEvent(new CustomEvent(askType, { detail: JSON.stringify({ ...order, id }) }));
  });
}

/** LIST_PAGE_TOOLS: what the page declares, as the page-world script cut it (the page's `getTools` gets 2 s). */
export const listPageTools = async (): Promise<unknown> => ({ tools: (await ask({}, 2_000))?.tools ?? [] });

/** CALL_PAGE_TOOL: runs the page's tool `name` with `input` (JSON; its `execute` gets 30 s); the answer is the page's words. */
export async function callPageTool(name: string, input: string): Promise<ActionResult> {
  const answer = await ask({ name, input }, 30_000);
  const said = String(answer?.text ?? `The page's tool "${name}" did not answer.`);
  return answer?.ok === true ? { success: true, message: said || '(no answer)' } : { success: false, error: said };
}
