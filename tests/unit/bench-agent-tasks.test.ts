// The agent-tasks benchmark's pure parts: the provider from the environment, its flags and its report.
import { describe, expect, it } from 'vitest';
import { modelFromEnv } from '../../bench/agent-tasks/provider';
import { formatReport, runsOf, totalsOf } from '../../bench/agent-tasks/report';
import { parseArgs } from '../../bench/agent-tasks/run';
import { TASKS } from '../../bench/agent-tasks/tasks';

const env = (values: Record<string, string>) => values;

describe('the agent-tasks provider', () => {
  it('is the scripted model when no variable is set', () => {
    expect(modelFromEnv({})).toEqual({ kind: 'scripted' });
    expect(modelFromEnv(env({ BOSUN_BENCH_PROVIDER: ' ' }))).toEqual({ kind: 'scripted' });
  });

  it('is the provider the variables name, checked as Settings are', () => {
    expect(
      modelFromEnv(
        env({
          BOSUN_BENCH_PROVIDER: 'openai',
          BOSUN_BENCH_BASE_URL: 'https://api.openai.com/v1/',
          BOSUN_BENCH_MODEL: 'gpt-4o-mini',
          BOSUN_BENCH_API_KEY: 'sk-test',
        }),
      ),
    ).toEqual({
      kind: 'provider',
      settings: { provider: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKey: 'sk-test' },
    });
    // A local server needs no key.
    expect(
      modelFromEnv(
        env({
          BOSUN_BENCH_PROVIDER: 'ollama',
          BOSUN_BENCH_BASE_URL: 'http://127.0.0.1:11434/v1',
          BOSUN_BENCH_MODEL: 'qwen3',
        }),
      ),
    ).toMatchObject({ kind: 'provider', settings: { provider: 'ollama', apiKey: '' } });
  });

  it('fails with the variable and what it takes on a bad or missing value', () => {
    const good = { BOSUN_BENCH_BASE_URL: 'https://example.test/v1', BOSUN_BENCH_MODEL: 'm' };
    expect(() => modelFromEnv(env({ ...good, BOSUN_BENCH_PROVIDER: 'gemini' }))).toThrow(
      /^BOSUN_BENCH_PROVIDER is not valid: .* \(one of openai, anthropic, openrouter, ollama, custom\)$/,
    );
    expect(() =>
      modelFromEnv(env({ ...good, BOSUN_BENCH_PROVIDER: 'custom', BOSUN_BENCH_BASE_URL: 'ftp://example.test' })),
    ).toThrow(/^BOSUN_BENCH_BASE_URL is not valid: must start with http:\/\/ or https:\/\//);
    expect(() => modelFromEnv(env({ BOSUN_BENCH_PROVIDER: 'openai', BOSUN_BENCH_BASE_URL: 'https://a.test' }))).toThrow(
      /^BOSUN_BENCH_MODEL is not set: a real provider needs BOSUN_BENCH_PROVIDER/,
    );
    expect(() => modelFromEnv(env({ BOSUN_BENCH_API_KEY: 'sk-test' }))).toThrow(/^BOSUN_BENCH_PROVIDER is not set/);
  });
});

describe('the agent-tasks flags', () => {
  it('defaults to every task in both browsers', () => {
    expect(parseArgs([])).toMatchObject({ browsers: ['chromium', 'firefox'], tasks: null, json: false, build: true });
    expect(TASKS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(TASKS.map((t) => t.id)).size).toBe(TASKS.length);
  });

  it('takes chosen tasks and browsers, and refuses what it does not know', () => {
    expect(parseArgs(['--tasks=slider,dialog', '--browsers=firefox', '--no-build'])).toMatchObject({
      tasks: ['slider', 'dialog'],
      browsers: ['firefox'],
      build: false,
    });
    expect(() => parseArgs(['--tasks=slider,flying'])).toThrow(/no task "flying" \(tasks: slider, /);
    expect(() => parseArgs(['--browsers=safari'])).toThrow(/--browsers takes chromium, firefox or both/);
    expect(() => parseArgs(['--seconds=1'])).toThrow(/--seconds takes a whole number/);
    expect(() => parseArgs(['--fast'])).toThrow(/unknown argument --fast/);
  });
});

describe('the agent-tasks report', () => {
  const figures = (solved: boolean, steps: number, modelCalls: number, neededModel = 0) => ({
    solved,
    solvedBefore: false,
    steps,
    modelCalls,
    inputTokens: 1000 * modelCalls,
    outputTokens: 20 * modelCalls,
    seconds: 1.5,
    neededModel,
    note: solved ? '' : 'stopped after 180 s',
  });

  it('prints a row per task and run, by the model, replayed and on the variant, and the totals of each', () => {
    const runs = [
      {
        task: 'slider',
        ...figures(true, 5, 6),
        replay: figures(true, 8, 0),
        variant: { ...figures(true, 8, 4, 4), changedSteps: 4 },
      },
      { task: 'dialog', ...figures(false, 2, 3), replay: figures(false, 1, 0), variant: null },
    ];
    expect(totalsOf(runsOf(runs, 'model'))).toEqual({
      solved: 1,
      tasks: 2,
      meanSteps: 3.5,
      modelCalls: 9,
      inputTokens: 9000,
      outputTokens: 180,
      seconds: 3,
      neededModel: 0,
    });
    expect(runsOf(runs, 'variant').map((r) => r.task)).toEqual(['slider']);
    const lines = formatReport([{ browser: 'firefox', runs }]);
    expect(lines).toContain('firefox:');
    expect(lines.some((l) => /^dialog +model +no +2 +3 +3000 +60 +1\.5 +- +stopped after 180 s$/.test(l))).toBe(true);
    expect(lines.some((l) => /^slider +replay +yes +8 +0 +0 +0 +1\.5 +0$/.test(l))).toBe(true);
    expect(lines.some((l) => /^slider +variant +yes +8 +4 +4000 +80 +1\.5 +4$/.test(l))).toBe(true);
    expect(lines).toContain(
      'firefox variant total: solved 1 of 1, mean steps 8.0, model calls 4, tokens 4000 in / 80 out, time 1.5 s, steps that needed the model 4',
    );
  });
});
