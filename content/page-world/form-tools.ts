/**
 * The draft's declarative tools (WebMCP): a `<form toolname tooldescription>` is a tool whose input
 * is its named fields (each described by `toolparamdescription`), and a call fills the form and
 * submits it as a person would. Read here, beside the imperative ones (page-tools.ts), so both come
 * to the content script in one answer; read from the form itself even where the browser lists it
 * too (Chromium does, as a tool that changes the page), so a call submits it in every browser.
 */
import { PAGE_TOOL_LIMITS } from '../../src/page-tools';

const toolName = (form: Element): string =>
  (form.getAttribute('toolname') ?? '').trim().slice(0, PAGE_TOOL_LIMITS.name);

const toolForms = (): HTMLFormElement[] =>
  [...document.querySelectorAll<HTMLFormElement>('form[toolname]')].slice(0, PAGE_TOOL_LIMITS.tools);

/** Each form's tool, as page-tools.ts describes a tool (plus `form`). */
export function formTools(): Record<string, unknown>[] {
  return toolForms().flatMap((form) => {
    const name = toolName(form);
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

/** Fills the form whose tool is `name` with `input`, by field name, and submits it; null when no form declares it. */
export function submitFormTool(name: unknown, input: unknown): { ok: boolean; text: string } | null {
  const form = toolForms().find((one) => toolName(one) === name);
  if (!form) return null;
  for (const [key, value] of Object.entries(typeof input === 'object' && input !== null ? input : {})) {
    const field = form.elements.namedItem(key);
    if (!(
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    ))
      return { ok: false, text: `The form has no field "${key}".` };
    field.value = typeof value === 'string' ? value : JSON.stringify(value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  form.requestSubmit();
  return { ok: true, text: 'The form was submitted.' };
}
