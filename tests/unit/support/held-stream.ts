// A scripted answer held before its second chunk: the order in which a client sees the chunks and the
// test's release, in either wire format.
import type { TextStep } from '../../fixtures/llm-server/script';

/** A text step of `one` then `two`, held before `two` until `release` is called. */
export function heldStep(): { step: TextStep; release: () => void } {
  let release = () => {};
  const until = new Promise<void>((resolve) => (release = resolve));
  return { step: { kind: 'text', chunks: ['one', 'two'], holdBefore: { chunk: 1, until } }, release };
}

/**
 * Reads the stream to its end, releasing the hold a little after `one` arrived; what came, in order.
 * `marks` finds each chunk in a read as the wire format writes it.
 */
export async function seenInOrder(
  response: Response,
  release: () => void,
  marks: { one: string; two: string },
): Promise<string[]> {
  const reader = response.body!.getReader();
  const seen: string[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const text = new TextDecoder().decode(read.value);
    if (text.includes(marks.one)) {
      seen.push('one');
      setTimeout(() => (seen.push('released'), release()), 50);
    }
    if (text.includes(marks.two)) seen.push('two');
  }
  return seen;
}
