import type { ActionResult } from '../../src/protocol/background-to-content';
import { click, focus, pressEnter } from './events';
import { typeKeysIntoEditable, typeKeysIntoField } from './keyboard-typing';
import { landedOn, prepare } from './target';
import { pointFor, pressOrScript, watchClickFollowed } from './trusted';
import { typeTrusted } from './trusted-typing';

const fail = (error: string): ActionResult => ({ success: false, error });

/** A link that opens its page in another tab or window. */
function opensTab(el: Element): boolean {
  const target = (el.closest('a[href]') as HTMLAnchorElement | null)?.target.toLowerCase() ?? '';
  return target !== '' && target !== '_self' && target !== '_parent' && target !== '_top';
}

/**
 * Clicks the element; `clicked` is what the answer says happened (by default "Clicked <what>"),
 * `trusted` whether trusted input is on.
 */
export async function clickElement(
  el: Element,
  what: string,
  { clicked = `Clicked ${what}`, trusted }: { clicked?: string; trusted?: boolean } = {},
): Promise<ActionResult> {
  const ready = prepare(el, what);
  if (!ready.ok) return fail(ready.error);
  const watch = watchClickFollowed(el);
  const { hit } = ready;
  const pressed = await pressOrScript(
    trusted,
    { kind: 'click', at: pointFor(el, ready), count: 1 },
    () => click(hit, ready.x, ready.y),
    el,
  );
  const seenFollowing = watch.stop();
  const followed = pressed.result ?? seenFollowing;
  const done = `${clicked}${landedOn(el, hit)}${pressed.via}`;
  if (!opensTab(el)) return { success: true, message: done };
  // A page that handles the click itself (an in-page preview) opens no tab: nothing to wait for.
  return followed
    ? { success: true, message: done, opensTab: true }
    : { success: true, message: `${done}; the page handled it and opened no new tab` };
}

const isTextField = (el: Element) =>
  el.localName === 'textarea' ||
  (el.localName === 'input' &&
    !/^(checkbox|radio|button|submit|reset|image|file|hidden|range|color)$/.test((el as HTMLInputElement).type));

type TypeOptions = { clear?: boolean; submit?: boolean; trusted?: boolean };
/**
 * Types into a text field, replacing its text unless `clear` is false. With trusted input on, the
 * keys are the browser's own (trusted-typing.ts). Otherwise each character is a key press
 * (keyboard-typing.ts), then `change` fires: controlled inputs and key-filtered widgets see it.
 */
export const typeInto = async (el: Element, what: string, text: string, options: TypeOptions = {}) =>
  (await typeField(el, what, text, options)).result;

/** typeInto, also saying which way the text went (" with trusted input"), for answers worded otherwise. */
export async function typeField(
  el: Element,
  what: string,
  text: string,
  options: TypeOptions = {},
): Promise<{ result: ActionResult; via: string }> {
  const fail = (error: string) => ({ result: { success: false, error }, via: '' });
  const editable = (el as HTMLElement).isContentEditable === true;
  if (!isTextField(el) && !editable) return fail(`${what} is not a text field; use click or select instead.`);
  if ((el as HTMLInputElement).readOnly === true) return fail(`disabled: ${what} is read-only.`);
  const ready = prepare(el, what);
  if (!ready.ok) return fail(ready.error);
  focus(el);
  const clear = options.clear ?? true;
  let count = [...text].length;
  const typing = await typeTrusted(options.trusted, el, text, clear, () => {
    if (editable) count = typeKeysIntoEditable(el as HTMLElement, text, clear);
    else {
      const field = el as HTMLInputElement;
      const before = field.value;
      count = typeKeysIntoField(field, text, clear);
      // A person's change is committed when they leave the field; the answer is that point here.
      if (field.value !== before) field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  });
  const refused =
    typing.via === '' && count < [...text].length ? `; the page kept out ${[...text].length - count}` : '';
  const typed = `Typed ${count} character${count === 1 ? '' : 's'} into ${what}${typing.via}${refused}`;
  if (!options.submit) return { result: { success: true, message: typed }, via: typing.via };
  return { result: await submitFrom(el, typed, typing.result === null), via: typing.via };
}

/**
 * Enter in the field (the browser's own when the text went in with trusted input); when the page
 * does not handle a scripted one, the field's form is submitted as a browser would.
 */
async function submitFrom(el: Element, typed: string, trusted: boolean): Promise<ActionResult> {
  const form = (el as HTMLInputElement).form;
  const pressed = await pressOrScript(trusted, { kind: 'key', key: 'Enter' }, () => !pressEnter(el), el);
  if (pressed.result === false && form) {
    form.requestSubmit();
    return { success: true, message: `${typed} and submitted the form` };
  }
  return { success: true, message: `${typed} and pressed Enter${pressed.via}` };
}
