import { describe, expect, it } from 'vitest';
import { asyncWrapped, toEvalResult } from '../../bridge/engines/firefox-eval';

describe("browser_eval in Firefox: what BiDi's script.evaluate is given and what it answers", () => {
  it('runs a plain expression as written, so its errors keep their positions', () => {
    expect(asyncWrapped('1 + 1')).toBeNull();
    expect(asyncWrapped('const x = 1;\nnull.boom')).toBeNull();
    // A syntax error is the browser's to report.
    expect(asyncWrapped('syntax error here')).toBeNull();
  });

  it('wraps top-level await in an async function that returns the last expression', () => {
    expect(asyncWrapped('await 1')).toBe('(async () => {\nreturn (await 1);\n})()');
    expect(asyncWrapped('const r = await fetch("x");\nr.status')).toBe(
      '(async () => {\nconst r = await fetch("x");\nreturn (r.status);\n})()',
    );
    expect(asyncWrapped('await f();\nif (a) b();')).toBe('(async () => {\nawait f();\nif (a) b();\n})()');
  });

  it("turns BiDi's remote values into the shape Chromium's answers have", () => {
    expect(toEvalResult({ type: 'undefined' })).toEqual({ type: 'undefined' });
    expect(toEvalResult({ type: 'string', value: 'Saved' })).toEqual({ type: 'string', value: 'Saved' });
    expect(toEvalResult({ type: 'number', value: 'NaN' })).toEqual({ type: 'number', description: 'NaN' });
    expect(toEvalResult({ type: 'null' })).toEqual({ type: 'object', subtype: 'null', value: null });
    expect(
      toEvalResult({
        type: 'array',
        value: [
          { type: 'number', value: 1 },
          { type: 'number', value: 2 },
        ],
      }),
    ).toEqual({ type: 'object', subtype: 'array', value: [1, 2] });
    const object = {
      type: 'object',
      value: [
        ['controlled', { type: 'boolean', value: true }],
        ['scope', { type: 'string', value: 'http://x/' }],
      ],
    };
    expect(toEvalResult(object)).toEqual({ type: 'object', value: { controlled: true, scope: 'http://x/' } });
    expect(toEvalResult({ type: 'node', value: { nodeType: 1, localName: 'body' } })).toEqual({
      type: 'object',
      subtype: 'node',
      description: 'body',
    });
    // A cycle (or a cut at the depth limit) has no value: it is described.
    expect(toEvalResult({ type: 'object', handle: 'h1' })).toEqual({ type: 'object', description: 'object' });
    expect(toEvalResult({ type: 'bigint', value: '12' })).toEqual({ type: 'bigint', description: '12n' });
  });
});
