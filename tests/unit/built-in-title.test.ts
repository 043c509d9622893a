import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { BuiltInPrompt } from '../../background/llm/built-in-model';

vi.mock('../../src/platform/browser', async (original) => ({
  ...(await original<typeof import('../../src/platform/browser')>()),
  browser: { tabs: { get: () => Promise.resolve({ id: 7, title: 'Tables', url: 'https://tables.example/' }) } },
}));
const { openBosunDb } = await import('../../background/storage/db');
const { createConversationHistory } = await import('../../background/conversations/conversation-history');

const WORDS = 'Find me a table for two in Lyon on Friday';
let databases = 0;

/**
 * A loaded history whose built-in model answers `answer` (or none at all, for null) once `answered`
 * resolves, and its titles as listed.
 */
async function historyWith(answer: string | null, answered: Promise<void> = Promise.resolve()) {
  const asked: string[] = [];
  const prompt: BuiltInPrompt = async (_system, text) => {
    asked.push(text);
    await answered;
    return answer ?? '';
  };
  const history = createConversationHistory(
    openBosunDb(`titles-${++databases}`),
    () => undefined,
    () => undefined,
    async () => (answer === null ? null : prompt),
  );
  await history.load();
  const titles = () => {
    const listing = history.listing();
    return listing.type === 'CONVERSATIONS' ? listing.payload.list.map((c) => c.title) : [];
  };
  return { history, asked, titles };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a conversation titled by the built-in model', () => {
  it('enters the history under its first words, then takes the model’s title', async () => {
    const { history, asked, titles } = await historyWith('Dinner table in Lyon');
    await history.noteMessage('current', WORDS, 7);
    await vi.waitFor(() => expect(titles()).toEqual(['Dinner table in Lyon']));
    expect(asked).toEqual([WORDS]);
    // The next message is not the first: no second title is asked for.
    await history.noteMessage('current', 'And for Saturday?', 7);
    await settle();
    expect(asked).toHaveLength(1);
  });

  it('a title the person gave while the model was answering is kept', async () => {
    let answer = () => undefined as void;
    const { history, asked, titles } = await historyWith(
      'Dinner table in Lyon',
      new Promise((resolve) => (answer = resolve)),
    );
    await history.noteMessage('current', WORDS, 7);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    await history.rename('current', 'Lyon');
    answer();
    await settle();
    expect(titles()).toEqual(['Lyon']);
  });

  it('an answer that is no title, or no model, leaves the first words', async () => {
    for (const answer of ['Line one\nLine two', null]) {
      const { history, titles } = await historyWith(answer);
      await history.noteMessage('current', WORDS, 7);
      await settle();
      expect(titles()).toEqual([WORDS]);
    }
  });
});
