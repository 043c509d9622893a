// FILL_FIELDS: several fields in one request, each set by the page engine's own action for its kind,
// from what the page says the element is (its role and state), never from a listing's text.
import type { ActionResult } from '../../src/protocol/background-to-content';
import { locate, type Place } from '../find-element';
import { isChecked } from '../snapshot/describe';
import { chooseOptions } from './choose';
import { clickElement, typeField } from './operate';

type Field = Place & { value: string | boolean };

/** What to do for one field: an action, or nothing (it is already as asked); or why it cannot be (a value of the wrong kind is the caller's mistake). */
/** An action's answer, and which way its keys went (" with trusted input") where it typed. */
type Done = { result: ActionResult; via?: string };
type Step =
  { act: () => Promise<Done>; what: string } | { done: string } | { error: string; failure?: ActionResult['failure'] };

const BOXES = new Set(['checkbox', 'radio', 'switch']);
const LISTS = new Set(['select', 'listbox']);
/** Roles whose value is not text: typing into them would mean nothing. */
const NOT_TYPED = new Set(['button', 'link', 'file', 'media', 'draggable', 'clickable', 'image']);

function asBoolean(value: string | boolean): boolean | null {
  if (typeof value === 'boolean') return value;
  const word = value.trim().toLowerCase();
  return word === 'true' ? true : word === 'false' ? false : null;
}

/** A box is clicked only when its state is not the one asked for. */
function boxStep(el: Element, what: string, role: string, value: string | boolean, trusted?: boolean): Step {
  const wanted = asBoolean(value);
  if (wanted === null) return { error: `${what} takes true or false, not "${String(value)}"`, failure: 'invalid-args' };
  const control = el.localName === 'label' ? ((el as HTMLLabelElement).control ?? el) : el;
  if (isChecked(control) === wanted) return { done: `${what} is already ${wanted ? 'checked' : 'unchecked'}` };
  if (role === 'radio' && !wanted)
    return {
      error: `${what} is chosen; a radio button is unchecked by choosing another one of its group (give that one true)`,
      failure: 'invalid-args',
    };
  return {
    act: async () => ({ result: await clickElement(el, what, { trusted }) }),
    what: `${wanted ? 'check' : 'uncheck'} ${what}`,
  };
}

function stepFor(field: Field, trusted?: boolean): Step {
  const found = locate(field);
  if ('error' in found) return { error: found.error, ...(found.failure ? { failure: found.failure } : {}) };
  const { el, name: what, role } = found;
  if (BOXES.has(role)) return boxStep(el, what, role, field.value, trusted);
  const { value } = field;
  if (typeof value === 'boolean')
    return {
      error: `${what} takes text, not ${value}; true and false are for checkboxes, radios and switches`,
      failure: 'invalid-args',
    };
  if (LISTS.has(role))
    return {
      act: async () => ({ result: await chooseOptions({ ...field, optionTexts: [value] }) }),
      what: `choose "${value}" in ${what}`,
    };
  if (NOT_TYPED.has(role))
    return {
      error: `${what} is not a field; fill_form fills text fields, checkboxes, radios, switches and lists`,
      failure: 'invalid-args',
    };
  return { act: () => typeField(el, what, value, { trusted }), what: `type into ${what}` };
}

/**
 * Every field is checked first, so a field that is not there, or a value of the wrong kind, changes
 * nothing; then each is set in order, and the first that fails stops the rest, named with what was
 * filled before it.
 */
export async function fillFields(fields: Field[], trusted?: boolean): Promise<ActionResult> {
  const total = fields.length;
  const steps = fields.map((field) => stepFor(field, trusted));
  const bad = steps.findIndex((step) => 'error' in step);
  if (bad >= 0) {
    const { error, failure } = steps[bad] as { error: string; failure?: ActionResult['failure'] };
    return {
      success: false,
      error: `Field ${bad + 1} of ${total}: ${error}. Nothing was filled.`,
      ...(failure ? { failure } : {}),
    };
  }
  const results: string[] = [];
  const vias = new Set<string>();
  for (const [i, step] of steps.entries()) {
    if ('done' in step) {
      results.push(step.done);
      continue;
    }
    if (!('act' in step)) continue; // none left: checked above
    const { result, via } = await step.act();
    if (via) vias.add(via);
    if (!result.success) {
      const before = i === 0 ? 'No field was filled.' : `Fields 1–${i} were filled (${results.join('; ')}).`;
      return {
        success: false,
        error: `Field ${i + 1} of ${total} failed: could not ${step.what}: ${result.error ?? 'failed'} ${before}`,
        ...(result.failure ? { failure: result.failure } : {}),
      };
    }
    results.push(result.message ?? step.what);
  }
  return { success: true, message: `Filled ${total} of ${total} fields${[...vias].join(';')}\n${results.join('\n')}` };
}
