// Every path that starts an agent task, enumerated from the source: each call of runTask (and of
// the functions that start one for someone: startTask, agent.start, runStep) must be declared below
// with where its task's scope comes from, and the call must pass that scope. A new way to start a
// task fails here until it is declared with its scope, so no task runs without one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { TaskOptions } from '../../background/agent/run-task';
import type { ScopeHolder } from '../../background/permissions/scope-check';

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
const EXTENSION = ['background', 'content', 'sidebar', 'abp-app', 'offscreen', 'src', 'policy', 'bridge'].flatMap(
  sources,
);

/** The text of each call of `name(` in `text` (its arguments, parentheses balanced), definitions left out. */
function callsOf(text: string, name: string): string[] {
  const calls: string[] = [];
  const pattern = new RegExp(`(?<!\\w)(?:function\\s+|async\\s+function\\s+)?${name.replace('.', '\\.')}\\(`, 'g');
  for (const match of text.matchAll(pattern)) {
    if (/function\s+$/.test(match[0].slice(0, -name.length - 1))) continue;
    let depth = 0;
    let end = match.index + match[0].length - 1;
    for (; end < text.length; end++) {
      if (text[end] === '(') depth += 1;
      if (text[end] === ')' && --depth === 0) break;
    }
    calls.push(text.slice(match.index, end + 1));
  }
  return calls;
}

/**
 * Each starter, the files that call it, and what each call must pass: the scope (or, for the
 * starters above runTask, the words its scope is made from, and never a page's text).
 */
const STARTERS: Record<string, Record<string, { scope: RegExp; why: string }[]>> = {
  runTask: {
    'background/agent/agent.ts': [
      {
        scope: /runTask\(task, tabId, signal, options\)$/,
        why: "chat and context menu (through runAsked): createTaskScope from the person's words (checked below)",
      },
    ],
    'background/workflows/step-runner.ts': [
      {
        scope: /runTask\(task, tab\.id, signal, options\)$/,
        why: 'workflow step: its approved plan (site and levels), in its options (checked below)',
      },
    ],
    'background/abp/capabilities/agent.ts': [
      {
        scope: /requester: ABP_REQUESTER,\s+scope,/,
        why: "ABP agent.run (and the bridge's abp_agent_run): its task text, read-only on failure",
      },
    ],
  },
  runReplay: {
    'background/agent/agent.ts': [
      {
        scope: /runReplay\(task, trace, tabId, signal, options\)$/,
        why: "Run again (through runAsked): the replayed task's request, the person's words (checked below)",
      },
    ],
    'background/workflows/step-runner.ts': [
      {
        scope: /, tab\.id, signal, options\)$/,
        why: 'a workflow step Run again: its approved plan (site and levels), in its options (checked below)',
      },
    ],
    'background/replay/unattended-replay.ts': [
      {
        scope: /requester: 'schedule',\s+scope,/,
        why: 'a scheduled chat task: exactly the plan the person approved when scheduling it (gate.approvePlan)',
      },
    ],
  },
  'agent.replay': {
    'background/sidebar-channel/sidebar-routes.ts': [
      {
        scope: /\(id, conversation, await deps\.tabToWorkIn\(payload\.tabId\)\)$/,
        why: "Run again: the conversation's last request",
      },
    ],
  },
  'agent.start': {
    'background/sidebar-channel/sidebar-routes.ts': [
      {
        scope: /\(id, conversation, content, tabId, context\)/,
        why: 'every chat task, through startTask (quote and attachments beside the words)',
      },
    ],
  },
  startTask: {
    'background/sidebar-channel/sidebar-routes.ts': [
      { scope: /payload\.content, payload\.tabId\)/, why: 'the chat message (typed or spoken)' },
      {
        scope: /payload\.content, payload\.tabId, \{ attachments \}\)/,
        why: 'the chat message with its files and tabs beside it',
      },
      { scope: /SUMMARY_REQUEST, undefined\)/, why: 'the summarise button: fixed words' },
    ],
    'background/index.ts': [
      {
        scope: /\}, question, tabId, \{ quote \}\)/,
        why: 'the context menu: the fixed question, the selection as a quote',
      },
    ],
  },
  runStep: {
    'background/workflows/workflow-run.ts': [{ scope: /current\.plan,\s+step,/, why: 'each step of an approved plan' }],
  },
};

describe('every path that starts a task gives it a scope', () => {
  it('the type requires one: runTask cannot be called without a scope', () => {
    expectTypeOf<TaskOptions['scope']>().toEqualTypeOf<ScopeHolder>();
  });

  it.each(Object.keys(STARTERS))('every call of %s is declared, and passes its scope', (starter) => {
    const found: Record<string, string[]> = {};
    for (const file of EXTENSION) {
      const calls = callsOf(readFileSync(file, 'utf8'), starter);
      if (calls.length > 0) found[file] = calls;
    }
    const declared = STARTERS[starter] ?? {};
    expect(Object.keys(found).sort(), `files that call ${starter}`).toEqual(Object.keys(declared).sort());
    for (const [file, calls] of Object.entries(found)) {
      const expected = declared[file] ?? [];
      expect(calls, `${file}: calls of ${starter}`).toHaveLength(expected.length);
      calls.forEach((call, i) => expect(call, `${file}: ${expected[i]?.why}`).toMatch(expected[i]?.scope ?? /$^/));
    }
  });

  it("a chat task's scope comes from the message's words, never its quote; ABP's falls back to read-only", () => {
    const agent = readFileSync('background/agent/agent.ts', 'utf8');
    expect(agent).toMatch(/scope: createTaskScope\(\{ \.\.\.deps, announce: announceScope \}, content\),/);
    expect(agent).toMatch(/const shared = \{ announceStep, personWords, request: content, tabs, held: handle \};/);
    // Run again: the scope comes from the replayed task's request, the person's message it was given by.
    expect(agent).toMatch(/content: trace\.request, tabId, context: \{\}, trace \}/);
    // A research step, run or replayed: the options both get hold the approved plan's scope for the step.
    expect(readFileSync('background/workflows/step-runner.ts', 'utf8')).toMatch(
      /const options: TaskOptions = \{[\s\S]{0,400}?scope: fixedScope\(stepScope\(step, await deps\.policy\.load\(\)\)\),/,
    );
    const abp = readFileSync('background/abp/capabilities/agent.ts', 'utf8');
    expect(abp).toMatch(
      /createTaskScope\(\{ \.\.\.deps, announce: \(\) => undefined, fallback: \(\) => READ_ONLY_SCOPE \}, task\)/,
    );
  });
});
