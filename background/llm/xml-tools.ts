import type { ToolCall } from './types';

/**
 * Tool calls written as XML in the answer text, for providers that refuse native tools:
 *   <tool_call name="click_element">{"index": 3}</tool_call>
 * The arguments may also sit in an <arguments> child, and the name in a <name> child.
 */
export interface XmlToolParse {
  /** The answer without its tool calls; malformed calls are replaced by a note saying so. */
  text: string;
  toolCalls: ToolCall[];
  /** Why each ignored block was ignored. */
  malformed: string[];
}

const BLOCK = /<tool_call\b([^>]*?)(?:\/>|>([\s\S]*?)<\/tool_call\s*>)/gi;
const NAME_ATTRIBUTE = /\bname\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+))/i;
const NAME_CHILD = /<(?:tool_)?name>\s*([\s\S]*?)\s*<\/(?:tool_)?name>/i;
const ARGUMENTS_CHILD = /<(arguments|args|parameters|input)>([\s\S]*?)<\/\1>/i;
const UNCLOSED = /<tool_call\b[\s\S]*$/i;

/** Reads every tool call out of `text`; ids are `xml_<n>` counting from `firstId`. */
export function parseXmlToolCalls(text: string, firstId = 1): XmlToolParse {
  const toolCalls: ToolCall[] = [];
  const malformed: string[] = [];
  const ignore = (reason: string) => {
    malformed.push(reason);
    return `\n[Bosun ignored a malformed tool call: ${reason}]\n`;
  };
  let rest = text.replace(BLOCK, (_block, attributes: string, body: string | undefined) => {
    const parsed = readBlock(attributes, body ?? '');
    if (typeof parsed === 'string') return ignore(parsed);
    toolCalls.push({ id: `xml_${firstId + toolCalls.length}`, ...parsed });
    return '\n';
  });
  // An opening tag with no end: the answer stopped (max tokens) in the middle of a call.
  rest = rest.replace(UNCLOSED, () => ignore('a <tool_call> was never closed.'));
  return { text: tidy(rest), toolCalls, malformed };
}

function readBlock(attributes: string, body: string): { name: string; args: Record<string, unknown> } | string {
  const nameMatch = NAME_ATTRIBUTE.exec(attributes);
  const name = (nameMatch?.[1] ?? nameMatch?.[2] ?? nameMatch?.[3] ?? NAME_CHILD.exec(body)?.[1] ?? '').trim();
  if (!name) return 'it has no tool name.';
  const json = ARGUMENTS_CHILD.exec(body)?.[2] ?? body.replace(NAME_CHILD, '');
  const args = parseArguments(json);
  return args ? { name, args } : `the arguments of "${name}" are not a JSON object.`;
}

function parseArguments(raw: string): Record<string, unknown> | undefined {
  // Models like to wrap JSON in a Markdown fence even inside XML.
  const json = raw
    .trim()
    .replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, '$1')
    .trim();
  if (json === '') return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function tidy(text: string): string {
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A call as the model would write it, for replaying earlier calls in a text-only conversation. */
export function renderXmlToolCall(call: ToolCall): string {
  return `<tool_call name="${call.name}">${JSON.stringify(call.args)}</tool_call>`;
}

/**
 * Keeps tool-call XML out of the streamed text: what could be the start of a `<tool_call`
 * is held back until it is known, and a call's whole block is dropped.
 */
export class XmlCallFilter {
  #pending = '';
  /** Where we are: in plain text, in a call's opening tag, or in its body. */
  #state: 'text' | 'tag' | 'body' = 'text';

  push(delta: string): string {
    this.#pending += delta;
    let out = '';
    for (;;) {
      if (this.#state === 'text') {
        const start = this.#pending.search(/<tool_call\b/i);
        if (start < 0) return out + this.#release();
        out += this.#pending.slice(0, start);
        this.#pending = this.#pending.slice(start);
        this.#state = 'tag';
      }
      const end = this.#state === 'tag' ? /\/?>/.exec(this.#pending) : /<\/tool_call\s*>/i.exec(this.#pending);
      if (!end) return out;
      this.#pending = this.#pending.slice(end.index + end[0].length);
      // A self-closing tag (`/>`) is a whole call; otherwise its body runs to </tool_call>.
      this.#state = this.#state === 'tag' && end[0] === '>' ? 'body' : 'text';
    }
  }

  /** What was held back when the answer ended outside a call. */
  flush(): string {
    const rest = this.#state === 'text' ? this.#pending : '';
    this.#pending = '';
    return rest;
  }

  /** Emits the pending text except a tail that could still become `<tool_call`. */
  #release(): string {
    const keep = partialOpening(this.#pending);
    const out = this.#pending.slice(0, this.#pending.length - keep);
    this.#pending = this.#pending.slice(this.#pending.length - keep);
    return out;
  }
}

/** How many trailing characters could be the beginning of `<tool_call`. */
function partialOpening(text: string): number {
  const tag = '<tool_call';
  for (let length = Math.min(tag.length, text.length); length > 0; length -= 1) {
    if (tag.startsWith(text.slice(-length).toLowerCase())) return length;
  }
  return 0;
}
