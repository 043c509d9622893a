import { parse, type Program } from 'acorn';
import type { EvalResult } from './chromium-eval';
import { ToolError } from '../server/errors';
import type { BidiConnection } from './firefox-privileged';

/** WebDriver BiDi's script.RemoteValue, as far as the bridge reads it. */
interface RemoteValue {
  type: string;
  value?: unknown;
  handle?: string;
}

interface EvaluateResult {
  type: 'success' | 'exception';
  result?: RemoteValue;
  exceptionDetails?: { text: string; lineNumber: number; columnNumber: number };
}

class NotJson extends Error {}

const parses = (source: string, allowAwait: boolean): Program | null => {
  try {
    return parse(source, { ecmaVersion: 'latest', sourceType: 'script', allowAwaitOutsideFunction: allowAwait });
  } catch {
    return null;
  }
};

/**
 * BiDi evaluates a script, where top-level await is a syntax error. An expression that needs it runs
 * as the body of an async function whose last expression statement is returned, which gives the
 * value a console's REPL mode would. Anything else runs as written, so its errors keep their positions.
 */
export function asyncWrapped(expression: string): string | null {
  if (parses(expression, false)) return null;
  const program = parses(expression, true);
  if (!program) return null;
  const last = program.body.at(-1);
  const body =
    last?.type === 'ExpressionStatement'
      ? `${expression.slice(0, last.start)}return (${expression.slice(last.expression.start, last.expression.end)});`
      : expression;
  return `(async () => {\n${body}\n})()`;
}

/** A RemoteValue as JSON; NotJson for what JSON cannot hold (nodes, functions, cycles, depth cut). */
function toJson(remote: RemoteValue): unknown {
  switch (remote.type) {
    case 'undefined':
    case 'null':
      return null;
    case 'string':
    case 'boolean':
      return remote.value;
    case 'number':
      // NaN, -0 and the infinities come as strings; JSON.stringify turns them into null.
      return typeof remote.value === 'number' ? remote.value : remote.value === '-0' ? 0 : null;
    case 'date':
      return remote.value;
    case 'array':
    case 'set':
      if (!Array.isArray(remote.value)) throw new NotJson();
      return (remote.value as RemoteValue[]).map(toJson);
    case 'object':
    case 'map':
      if (!Array.isArray(remote.value)) throw new NotJson();
      return Object.fromEntries(
        (remote.value as [string | RemoteValue, RemoteValue][])
          .filter(([, value]) => value.type !== 'undefined' && value.type !== 'function' && value.type !== 'symbol')
          .map(([key, value]) => [typeof key === 'string' ? key : String(toJson(key)), toJson(value)]),
      );
    default:
      throw new NotJson();
  }
}

/** How a value that is not JSON is shown, in the words of a browser console. */
function describe(remote: RemoteValue): string {
  if (remote.type === 'node') {
    const node = remote.value as
      { localName?: string; nodeType?: number; attributes?: Record<string, string> } | undefined;
    const id = node?.attributes?.id ? `#${node.attributes.id}` : '';
    return node?.localName ? `${node.localName}${id}` : `node (type ${node?.nodeType ?? '?'})`;
  }
  if (remote.type === 'regexp') {
    const { pattern, flags } = remote.value as { pattern: string; flags?: string };
    return `/${pattern}/${flags ?? ''}`;
  }
  if (remote.type === 'bigint') return `${String(remote.value)}n`;
  if (remote.type === 'number') return String(remote.value);
  return remote.type;
}

const OBJECT_SUBTYPES = new Set([
  'array',
  'null',
  'node',
  'regexp',
  'date',
  'map',
  'set',
  'weakmap',
  'weakset',
  'error',
  'proxy',
  'promise',
  'typedarray',
  'arraybuffer',
  'iterator',
  'generator',
]);

/** The same shape Chromium's RemoteObject gives: typeof, a subtype for objects, and the value or a description. */
export function toEvalResult(remote: RemoteValue): EvalResult {
  const primitive = ['undefined', 'string', 'number', 'boolean', 'bigint', 'symbol', 'function'].includes(remote.type);
  const base = primitive
    ? { type: remote.type }
    : { type: 'object', ...(OBJECT_SUBTYPES.has(remote.type) ? { subtype: remote.type } : {}) };
  if (remote.type === 'undefined') return base;
  if (remote.type === 'null') return { ...base, value: null };
  if (remote.type === 'number' && typeof remote.value !== 'number') return { ...base, description: describe(remote) };
  try {
    return { ...base, value: toJson(remote) };
  } catch {
    return { ...base, description: describe(remote) };
  }
}

/** browser_eval in Firefox: BiDi script.evaluate in the tab, a returned promise awaited. */
export async function evaluateInFirefox(
  connection: BidiConnection,
  context: string,
  expression: string,
): Promise<EvalResult> {
  const wrapped = asyncWrapped(expression);
  const { result } = await connection.send('script.evaluate', {
    expression: wrapped ?? expression,
    target: { context },
    awaitPromise: true,
    resultOwnership: 'none',
    userActivation: true,
    serializationOptions: { maxObjectDepth: 32, maxDomDepth: 0 },
  });
  const answer = result as EvaluateResult;
  if (answer.type === 'exception') {
    const details = answer.exceptionDetails!;
    const message = details.text.split('\n')[0] ?? details.text;
    // Wrapped, the positions are the wrapper's, not the agent's.
    const position = wrapped ? {} : { line: details.lineNumber + 1, column: details.columnNumber + 1 };
    throw new ToolError(`The expression threw: ${message}`, 'Fix the expression, then call again.', {
      exception: message,
      ...position,
    });
  }
  return toEvalResult(answer.result!);
}
