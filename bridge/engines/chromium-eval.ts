import type { CDPSession } from 'playwright-core';
import { ToolError } from '../server/errors';

export type EvalResult = {
  /** typeof the value (object, string, undefined, …). */
  type: string;
  subtype?: string;
  /** The value as JSON, when it has one. */
  value?: unknown;
  /** How DevTools shows a value that is not JSON (a DOM node, a function, NaN, a BigInt). */
  description?: string;
};

const TOP_LEVEL_AWAIT = /await is only valid/;

/** The fields of CDP's Runtime.ExceptionDetails the agent is told. */
interface ExceptionDetails {
  text: string;
  lineNumber: number;
  columnNumber: number;
  exception?: { description?: string };
}

function thrown(details: ExceptionDetails, withPosition: boolean): ToolError {
  const message = details.exception?.description?.split('\n')[0] ?? details.text;
  // REPL mode wraps the expression, so its positions are not the agent's.
  const position = withPosition ? { line: details.lineNumber + 1, column: details.columnNumber + 1 } : {};
  return new ToolError(`The expression threw: ${message}`, 'Fix the expression, then call again.', {
    exception: message,
    ...position,
  });
}

/**
 * Runtime.evaluate, as the design asks. The expression is compiled first (which runs nothing): one
 * that uses top-level await is evaluated in REPL mode, which allows it; a returned promise is
 * awaited. The value is then fetched as JSON in a separate step, so a value JSON cannot hold
 * (a DOM node, a cyclic object) is described instead, and the expression never runs twice.
 */
export async function evaluateInPage(cdp: CDPSession, expression: string): Promise<EvalResult> {
  const compiled = await cdp.send('Runtime.compileScript', { expression, sourceURL: '', persistScript: false });
  const replMode =
    compiled.exceptionDetails !== undefined &&
    TOP_LEVEL_AWAIT.test(compiled.exceptionDetails.exception?.description ?? '');
  if (compiled.exceptionDetails && !replMode) throw thrown(compiled.exceptionDetails, true);

  let { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, replMode, userGesture: true });
  if (exceptionDetails) throw thrown(exceptionDetails, !replMode);
  if (result.subtype === 'promise' && result.objectId) {
    ({ result, exceptionDetails } = await cdp.send('Runtime.awaitPromise', { promiseObjectId: result.objectId }));
    // A rejection's position is where the promise machinery noticed it, not in the expression.
    if (exceptionDetails) throw thrown(exceptionDetails, false);
  }

  const base = { type: result.type, ...(result.subtype ? { subtype: result.subtype } : {}) };
  if (result.unserializableValue !== undefined) return { ...base, description: result.unserializableValue };
  if (result.objectId === undefined) return result.type === 'undefined' ? base : { ...base, value: result.value };
  try {
    const json = await cdp.send('Runtime.callFunctionOn', {
      objectId: result.objectId,
      functionDeclaration: 'function () { return this; }',
      returnByValue: true,
    });
    if (result.type !== 'function' && result.subtype !== 'node' && json.result.value !== undefined)
      return { ...base, value: json.result.value };
  } catch {
    // Not JSON (cyclic, too deep): the description below says what it is.
  } finally {
    await cdp.send('Runtime.releaseObject', { objectId: result.objectId }).catch(() => {});
  }
  return { ...base, description: result.description ?? result.type };
}
