/**
 * The content script's side of the tools a page declares for agents (src/page-tools.ts): the
 * imperative ones come from the page-world script over the private channel, the declarative ones
 * (`<form toolname tooldescription>`, fields described by `toolparamdescription`) are read here
 * from the DOM. Everything the page world sends is page data: parsed with valibot and cut to the
 * shared limits before it leaves this script.
 */
import * as v from 'valibot';
import {
  PAGE_TOOL_CALL,
  PAGE_TOOL_LIMITS,
  PAGE_TOOL_RESULT,
  PAGE_TOOLS_ANSWER,
  PAGE_TOOLS_REQUEST,
} from '../src/page-tools';
import type { ActionResult, PageToolsResult } from '../src/protocol/background-to-content';
import { channelTypeOf } from './page-channel/secret';

type Declared = PageToolsResult['tools'][number];

/** How long the page's `getTools` may take; a call's `execute` gets longer (it may fetch). */
const LIST_WAIT_MS = 2_000;
const CALL_WAIT_MS = 30_000;

const cutText = (max: number) => v.pipe(v.string(), v.transform((s) => s.slice(0, max)));
const FromPageWorld = v.object({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(PAGE_TOOL_LIMITS.name)),
  description: cutText(PAGE_TOOL_LIMITS.description),
  inputSchema: v.pipe(v.string(), v.maxLength(PAGE_TOOL_LIMITS.schema)),
  readOnly: v.boolean(),
  consequential: v.boolean(),
});
const ListAnswer = v.object({ id: v.string(), tools: v.pipe(v.array(v.unknown()), v.maxLength(PAGE_TOOL_LIMITS.tools)) });
const CallAnswer = v.object({ id: v.string(), ok: v.boolean(), text: cutText(PAGE_TOOL_LIMITS.result) });

let asked = 0;

/** Sends `request` with `detail` and waits for the `answer` whose id is this request's; null without one. */
function askPageWorld(request: string, answer: string, detail: (id: string) => string, waitMs: number) {
  const requestType = channelTypeOf(document, request);
  const answerType = channelTypeOf(document, answer);
  if (!requestType || !answerType) return Promise.resolve(null);
  const id = `${++asked}`;
  return new Promise<unknown>((resolve) => {
    const hear = (event: Event) => {
      const given = (event as CustomEvent<unknown>).detail;
      if (typeof given !== 'string' || given.length > 2_000_000) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(given);
      } catch {
        return;
      }
      if (typeof parsed !== 'object' || parsed === null || (parsed as { id?: unknown }).id !== id) return;
      finish(parsed);
    };
    const timer = setTimeout(() => finish(null), waitMs);
    const finish = (value: unknown) => {
      clearTimeout(timer);
      document.removeEventListener(answerType, hear, true);
      resolve(value);
    };
    document.addEventListener(answerType, hear, true);
    document.dispatchEvent(new CustomEvent(requestType, { detail: detail(id) }));
  });
}

/** The tools `<form toolname>` elements declare, with their named fields as parameters. */
function formTools(): Declared[] {
  const forms = [...document.querySelectorAll<HTMLFormElement>('form[toolname]')].slice(0, PAGE_TOOL_LIMITS.tools);
  return forms.flatMap((form) => {
    const name = (form.getAttribute('toolname') ?? '').trim().slice(0, PAGE_TOOL_LIMITS.name);
    if (!name) return [];
    const properties: Record<string, { type: 'string'; description?: string }> = {};
    for (const field of [...form.elements].slice(0, 50)) {
      const fieldName = field.getAttribute('name');
      if (!fieldName || field instanceof HTMLButtonElement || (field as HTMLInputElement).type === 'submit') continue;
      const about = field.getAttribute('toolparamdescription');
      properties[fieldName.slice(0, 100)] = { type: 'string', ...(about ? { description: about.slice(0, 200) } : {}) };
    }
    const schema = JSON.stringify({ type: 'object', properties });
    return [
      {
        name,
        description: (form.getAttribute('tooldescription') ?? '').slice(0, PAGE_TOOL_LIMITS.description),
        inputSchema: schema.length <= PAGE_TOOL_LIMITS.schema ? schema : '',
        readOnly: false,
        consequential: false,
        form: true,
      },
    ];
  });
}

/** LIST_PAGE_TOOLS: what the page declares; a name declared twice counts once. */
export async function listPageTools(): Promise<PageToolsResult> {
  const answer = v.safeParse(
    ListAnswer,
    await askPageWorld(PAGE_TOOLS_REQUEST, PAGE_TOOLS_ANSWER, (id) => id, LIST_WAIT_MS),
  );
  const fromApi = answer.success
    ? answer.output.tools.flatMap((tool) => {
        const one = v.safeParse(FromPageWorld, tool);
        return one.success ? [{ ...one.output, form: false }] : [];
      })
    : [];
  // A form's tool is read from the form itself, whether or not the browser lists it too (Chromium
  // does, as a tool that changes the page): a call fills and submits that form.
  const seen = new Set<string>();
  const tools = [...formTools(), ...fromApi].filter((tool) => !seen.has(tool.name) && seen.add(tool.name));
  return { tools: tools.slice(0, PAGE_TOOL_LIMITS.tools) };
}

/** Fills a declarative tool's form with the input, by field name, and submits it as a person would. */
function submitFormTool(form: HTMLFormElement, input: Record<string, unknown>): ActionResult {
  for (const [key, value] of Object.entries(input)) {
    const field = form.elements.namedItem(key);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement))
      return { success: false, error: `The form "${form.getAttribute('toolname')}" has no field "${key}".` };
    field.value = typeof value === 'string' ? value : JSON.stringify(value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  form.requestSubmit();
  return { success: true, message: `Submitted the form of the page's tool "${form.getAttribute('toolname')}".` };
}

/** CALL_PAGE_TOOL: runs the page's tool `name` with `input`; its answer is the page's words. */
export async function callPageTool(name: string, input: Record<string, unknown>): Promise<ActionResult> {
  const { tools } = await listPageTools();
  const tool = tools.find((one) => one.name === name);
  if (!tool) return { success: false, error: `This page declares no tool named "${name}".`, failure: 'invalid-args' };
  if (tool.form) {
    const form = [...document.querySelectorAll<HTMLFormElement>('form[toolname]')].find(
      (one) => (one.getAttribute('toolname') ?? '').trim().slice(0, PAGE_TOOL_LIMITS.name) === name,
    );
    return form ? submitFormTool(form, input) : { success: false, error: `The form of "${name}" is gone.` };
  }
  const answer = v.safeParse(
    CallAnswer,
    await askPageWorld(PAGE_TOOL_CALL, PAGE_TOOL_RESULT, (id) => JSON.stringify({ id, name, input }), CALL_WAIT_MS),
  );
  if (!answer.success) return { success: false, error: `The page's tool "${name}" did not answer.` };
  return answer.output.ok
    ? { success: true, message: answer.output.text || '(no answer)' }
    : { success: false, error: `The page's tool "${name}" failed: ${answer.output.text}` };
}
