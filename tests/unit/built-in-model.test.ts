import { describe, expect, it, vi } from 'vitest';
import { builtInPrompt, detectBuiltInModel } from '../../background/llm/built-in-model';
import { createBuiltInModelSetting } from '../../background/settings/built-in-model-setting';
import { createTaskScope, SCOPE_PROMPT } from '../../background/agent/task-scope';
import { modelTitle, TITLE_PROMPT } from '../../background/conversations/model-title';
import type { Settings } from '../../src/protocol/common';

const never = new AbortController().signal;

/**
 * A worker's global object with the Prompt API's `LanguageModel` in the documented shape:
 * `availability(options)` and `create(options)`, whose session has `prompt(text, options)` and `destroy()`.
 */
function withModel(availability: () => Promise<unknown>, answer: () => Promise<unknown> = async () => 'ok') {
  const created: unknown[] = [];
  const prompted: string[] = [];
  const destroyed = vi.fn();
  // A class, as the browser's is: its methods are static, a session's are on its prototype.
  class Session {
    prompt(text: string) {
      prompted.push(text);
      return answer();
    }
    destroy() {
      destroyed();
    }
  }
  class LanguageModel {
    static availability = vi.fn(availability);
    static create = vi.fn(async (options: unknown) => {
      created.push(options);
      return new Session();
    });
  }
  return { scope: { LanguageModel }, LanguageModel, created, prompted, destroyed };
}

describe('detectBuiltInModel: a built-in model is detected, never assumed', () => {
  it('no LanguageModel, or one without the API’s functions, is no model, for that reason', async () => {
    expect(await detectBuiltInModel({})).toEqual({ availability: 'unavailable', reason: 'no-api' });
    expect(await detectBuiltInModel({ LanguageModel: { availability: 'available' } })).toEqual({
      availability: 'unavailable',
      reason: 'no-api',
    });
  });

  it('a check that throws, or answers outside the API’s values, is no model', async () => {
    const throws = withModel(() => Promise.reject(new Error('NotSupportedError')));
    expect(await detectBuiltInModel(throws.scope)).toEqual({ availability: 'unavailable', reason: 'check-failed' });
    const odd = withModel(async () => 'readily');
    expect(await detectBuiltInModel(odd.scope)).toEqual({ availability: 'unavailable', reason: 'check-failed' });
  });

  it.each([
    ['unavailable', { availability: 'unavailable', reason: 'unavailable' }],
    ['downloadable', { availability: 'downloadable', reason: null }],
    ['downloading', { availability: 'downloading', reason: null }],
    ['available', { availability: 'available', reason: null }],
  ])('the browser’s %j is reported as it says', async (answer, status) => {
    const model = withModel(async () => answer);
    expect(await detectBuiltInModel(model.scope)).toEqual(status);
    // Asked for English text in and out, what Bosun's prompts are.
    expect(model.LanguageModel.availability).toHaveBeenCalledWith(
      expect.objectContaining({ expectedInputs: [{ type: 'text', languages: ['en'] }] }),
    );
  });
});

describe('builtInPrompt: the model is asked only when the browser says it is available', () => {
  it.each(['downloadable', 'downloading', 'unavailable'])(
    '%s: no prompt, and no session (no download started)',
    async (a) => {
      const model = withModel(async () => a);
      expect(await builtInPrompt(model.scope)).toBeNull();
      expect(model.LanguageModel.create).not.toHaveBeenCalled();
    },
  );

  it('available: the instruction goes in as the system prompt, the text is prompted, the session let go', async () => {
    const model = withModel(
      async () => 'available',
      async () => 'A title',
    );
    const prompt = await builtInPrompt(model.scope);
    expect(await prompt!('Be brief.', 'Hello', never)).toBe('A title');
    expect(model.created[0]).toMatchObject({ initialPrompts: [{ role: 'system', content: 'Be brief.' }] });
    expect(model.prompted).toEqual(['Hello']);
    expect(model.destroyed).toHaveBeenCalledOnce();
  });

  it('an answer that is not short text, or a session without prompt, is refused', async () => {
    for (const answer of [42, { text: 'x' }, 'x'.repeat(2001)]) {
      const model = withModel(
        async () => 'available',
        async () => answer,
      );
      await expect((await builtInPrompt(model.scope))!('s', 't', never)).rejects.toThrow(/other than short text/);
    }
    const odd = { LanguageModel: { availability: async () => 'available', create: async () => ({}) } };
    await expect((await builtInPrompt(odd))!('s', 't', never)).rejects.toThrow(/no session/);
  });
});

describe('the built-in model setting: off by default, used only when on and available', () => {
  const store = (stored: boolean) => ({
    saved: [] as boolean[],
    loadBuiltInModel: () => Promise.resolve(stored),
    saveBuiltInModel(on: boolean) {
      this.saved.push(on);
      return Promise.resolve();
    },
  });

  it('off: no prompt even where the browser has the model; on: the prompt, and the sidebars told', async () => {
    const model = withModel(async () => 'available');
    const changed = vi.fn();
    const saved = store(false);
    const setting = createBuiltInModelSetting(saved, changed, model.scope);
    await setting.load();
    expect(setting.state()).toEqual({ availability: 'available', reason: null, on: false });
    expect(await setting.prompt()).toBeNull();
    await setting.set(true);
    expect(saved.saved).toEqual([true]);
    expect(changed).toHaveBeenLastCalledWith({ availability: 'available', reason: null, on: true });
    expect(await setting.prompt()).toBeTypeOf('function');
  });

  it('on, where the browser has none: no prompt, and the state says why', async () => {
    const setting = createBuiltInModelSetting(store(true), () => undefined, {});
    await setting.load();
    expect(setting.state()).toEqual({ availability: 'unavailable', reason: 'no-api', on: true });
    expect(await setting.prompt()).toBeNull();
  });
});

describe('the task scope from the built-in model', () => {
  const provider = () => ({ provider: 'openai', model: 'm' }) as Settings;
  const scopeWith = (answer: string | null, settings: Settings | null = provider()) => {
    const complete = vi.fn(async () => ({
      text: '{"level": "read-only", "commitments": []}',
      toolCalls: [],
      usedToolFallback: false,
    }));
    const asked: [string, string][] = [];
    const builtIn = async () =>
      answer === null ? null : async (system: string, text: string) => (asked.push([system, text]), answer);
    const holder = createTaskScope(
      { settings: () => settings, complete, builtIn, announce: () => undefined },
      'Buy it',
    );
    return { holder, complete, asked };
  };

  it('is asked instead of the provider, with the scope instruction and the words only', async () => {
    const { holder, complete, asked } = scopeWith('{"level": "submit", "commitments": ["buy"]}');
    expect(await holder.get(never)).toEqual({ level: 'submit', commitments: ['buy'] });
    expect(asked).toEqual([[SCOPE_PROMPT, 'Buy it']]);
    expect(complete).not.toHaveBeenCalled();
  });

  it('with no provider set, it still gives the scope', async () => {
    const { holder } = scopeWith('{"level": "navigate", "commitments": []}', null);
    expect(await holder.get(never)).toEqual({ level: 'navigate', commitments: [] });
  });

  it('an answer that is not a scope is refused: the keyword scope is used', async () => {
    const { holder, complete } = scopeWith('Sure! Level: submit, everything allowed.');
    expect(await holder.get(never)).toEqual({ level: 'submit', commitments: ['buy'] });
    expect(complete).not.toHaveBeenCalled();
  });

  it('none to use: the provider is asked as before', async () => {
    const { holder, complete } = scopeWith(null);
    expect(await holder.get(never)).toEqual({ level: 'read-only', commitments: [] });
    expect(complete).toHaveBeenCalledOnce();
  });
});

describe('modelTitle: the built-in model’s title is model output, checked', () => {
  const answering = (answer: string | Error) => async (system: string) => {
    expect(system).toBe(TITLE_PROMPT);
    if (answer instanceof Error) throw answer;
    return answer;
  };

  it.each([
    ['  Booking a table in Lyon  ', 'Booking a table in Lyon'],
    ['"Booking a table in Lyon."', 'Booking a table in Lyon'],
  ])('%j → %j', async (answer, title) => {
    expect(await modelTitle(answering(answer), 'Book a table')).toBe(title);
  });

  it.each(['', '   ', '""', 'Line one\nLine two', 'x'.repeat(61)])('%j is not a title', async (answer) => {
    expect(await modelTitle(answering(answer), 'Book a table')).toBeNull();
  });

  it('a failed prompt gives no title', async () => {
    expect(await modelTitle(answering(new Error('NotReadableError')), 'Book a table')).toBeNull();
  });
});
