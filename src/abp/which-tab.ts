import * as v from 'valibot';

/**
 * What the MCP bridge evaluates in Bosun's content-script world of its working tab to learn the
 * tab's id in the extension: the background answers with the id the browser stamped on the message.
 * The page cannot run code in that world, so it can neither forge the answer nor point it at another
 * tab. Answers JSON text (either engine hands a string back from that world unchanged).
 */
export const WHICH_TAB_EXPRESSION = `(globalThis.browser ?? globalThis.chrome).runtime
  .sendMessage({ type: 'WHICH_TAB' })
  .then((answer) => JSON.stringify(answer), (error) => JSON.stringify({ success: false, error: String(error) }))`;

/** The background's answer, as the runtime-message channel wraps it. */
const WhichTabAnswer = v.variant('success', [
  v.object({
    success: v.literal(true),
    reply: v.object({ tabId: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
  }),
  v.object({ success: v.literal(false), error: v.string() }),
]);

/** The tab id in the answer's JSON text; throws with the reason when there is none. */
export function answeredTabId(text: string): number {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`Bosun's content script answered no JSON: ${text.slice(0, 200)}`);
  }
  const answer = v.parse(WhichTabAnswer, json);
  if (!answer.success) throw new Error(answer.error);
  return answer.reply.tabId;
}
