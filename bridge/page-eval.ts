import type { CDPSession } from 'playwright-core';
import { ToolError } from './errors';

export type EvalResult = {
  /** typeof the value (object, string, undefined, …). */
  type: string;
  subtype?: string;
  /** The value as JSON, when it has one. */
  value?: unknown;
  /** How DevTools shows a value that is not JSON (a DOM node, a function, NaN, a BigInt). */
  description?: string;
};

/**
 * Runtime.evaluate, as the design asks: replMode allows top-level await, awaitPromise waits for
 * a returned promise. The value is fetched as JSON in a second step so that a value JSON cannot
 * hold (a DOM node, a cyclic object) is described instead of failing after it was computed,
 * and the expression never runs twice.
 */
export async function evaluateInPage(cdp: CDPSession, expression: string): Promise<EvalResult> {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, replMode: true, userGesture: true });
  if (exceptionDetails) {
    const message = exceptionDetails.exception?.description?.split('\n')[0] ?? exceptionDetails.text;
    throw new ToolError(`The expression threw: ${message}`, 'Fix the expression, then call again.', {
      exception: message,
      line: exceptionDetails.lineNumber + 1,
      column: exceptionDetails.columnNumber + 1,
    });
  }
  const base = { type: result.type, ...(result.subtype ? { subtype: result.subtype } : {}) };
  if (result.unserializableValue !== undefined) return { ...base, description: result.unserializableValue };
  if (result.objectId === undefined) return result.type === 'undefined' ? base : { ...base, value: result.value };
  try {
    const json = await cdp.send('Runtime.callFunctionOn', { objectId: result.objectId, functionDeclaration: 'function () { return this; }', returnByValue: true });
    if (result.type !== 'function' && result.subtype !== 'node' && json.result.value !== undefined) return { ...base, value: json.result.value };
  } catch {
    // Not JSON (cyclic, too deep): the description below says what it is.
  } finally {
    await cdp.send('Runtime.releaseObject', { objectId: result.objectId }).catch(() => {});
  }
  return { ...base, description: result.description ?? result.type };
}
