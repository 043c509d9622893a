// Records the README's animated capture: one task from question to answer, in Chromium's side
// panel width, with the scripted model server: the person types, Bosun reads the page, asks
// before it clicks, the person allows it, the answer streams in.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PageDriver } from '../../tests/e2e/harness';
import { answerPrompt, waitForPrompt, waitUntilIdle } from '../../tests/e2e/support/agent';
import type { LlmServer } from '../../tests/fixtures/llm-server';
import { encodeGif } from './gif-encode';
import { startRecording } from './recorder';
import { withSidebar } from './session';

/** Chrome's side panel opens about 360 px wide. */
const SIZE = { width: 360, height: 640 };
const QUESTION = 'Add the Trail Runner 2 to my cart';
const ANSWER = [
  'Done: the **Trail Runner 2** is in your cart at **$89.99**.',
  '',
  'The page now says *Added to cart (1)*. Want me to check the sizes in stock before you pay?',
].join('\n');
/** How long the last frame, the whole answer, stays before the animation starts again. */
const HOLD_MS = 4000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function recordTask(root: string): Promise<string> {
  return withSidebar('chromium', root, async (sidebar, llm) => {
    const recording = await startRecording(sidebar, SIZE);
    try {
      await actTask(sidebar, llm);
    } catch (error) {
      await recording.discard();
      throw error;
    }
    const frames = await recording.stop(HOLD_MS);
    const path = join(root, 'docs', 'task-chromium.gif');
    await writeFile(path, encodeGif(frames));
    return `${path} (${frames.length} frames)`;
  });
}

/** The task as a person does it, with pauses where a person reads or the model thinks. */
async function actTask(sidebar: PageDriver, llm: LlmServer): Promise<void> {
  llm.script(
    { kind: 'tool_calls', calls: [{ id: 'r1', name: 'read_page', arguments: {} }], delayMs: 300 },
    { kind: 'tool_calls', calls: [{ id: 'c1', name: 'click_element', arguments: { selector: '#add-to-cart' } }] },
    // A few words at a time, as a model streams.
    { kind: 'text', chunks: ANSWER.match(/\S+\s*/g) ?? [], delayMs: 90 },
  );
  await pause(1200);
  for (let end = 4; end < QUESTION.length + 4; end += 4) {
    await sidebar.fill('[data-testid="composer-input"]', QUESTION.slice(0, end));
    await pause(150);
  }
  await pause(600);
  await sidebar.press('Enter');
  await waitForPrompt(sidebar);
  await pause(2500);
  await answerPrompt(sidebar, 'allow-once');
  // Idle (Send is back) only once the answer has ended: the turn with the click is done before it starts.
  await waitUntilIdle(sidebar);
  await pause(800);
}
