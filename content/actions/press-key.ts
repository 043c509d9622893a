import type { ActionResult } from '../../src/protocol/background-to-content';
import { stateOf } from '../snapshot/describe';
import { focusedElement, locate, type Place } from '../find-element';
import { reacted, watchReaction } from './changes';
import { focus } from './events';
import { focusName, keyDefault } from './key-defaults';
import { keyName, parseKey, typesChar, type Key } from '../../src/keys';
import { pressOrScript, type Trusted } from './trusted';

const fail = (error: string): ActionResult => ({ success: false, error });

function keyEvent(type: string, key: Key): KeyboardEvent {
  const charCode = type === 'keypress' ? (key.key === 'Enter' ? 13 : (key.char?.charCodeAt(0) ?? 0)) : 0;
  return new KeyboardEvent(type, {
    key: key.key,
    code: key.code,
    keyCode: type === 'keypress' ? charCode : key.keyCode,
    which: type === 'keypress' ? charCode : key.keyCode,
    charCode,
    ctrlKey: key.ctrlKey,
    shiftKey: key.shiftKey,
    altKey: key.altKey,
    metaKey: key.metaKey,
    bubbles: true,
    cancelable: true,
    composed: true,
  });
}

/**
 * One key press as a keyboard makes it: keydown, keypress for keys that type (and Enter), the
 * browser's default action unless the page cancelled the key, then keyup. Returns what the
 * default did, or that the page handled the key itself.
 */
function press(target: Element, key: Key): { handled: boolean; effect: string | null } {
  const down = target.dispatchEvent(keyEvent('keydown', key));
  const pressable = down && (typesChar(key) || (key.key === 'Enter' && !key.ctrlKey && !key.altKey && !key.metaKey));
  const pressed = pressable ? target.dispatchEvent(keyEvent('keypress', key)) : down;
  const effect = down && pressed ? keyDefault(target, key) : null;
  target.dispatchEvent(keyEvent('keyup', key));
  return { handled: !down || !pressed, effect };
}

/** The element the key goes to: the indexed one (focused first), or whatever has focus on the page. */
type KeyTarget = { el: Element; what: string; listed?: Element; role?: string };
function keyTarget(p: Place): KeyTarget | { error: string } {
  if (p.index === undefined && p.selector === undefined) {
    const active = focusedElement();
    return active ? { el: active, what: focusName(active) } : { el: document.body, what: 'the page' };
  }
  const found = locate(p);
  if ('error' in found) return found;
  const { el } = found;
  if ((el as HTMLButtonElement).disabled === true) return { error: `disabled: ${found.name} is disabled.` };
  focus(el);
  // A wrapper that is not focusable itself passes the key to what took focus inside it.
  const active = el.ownerDocument.activeElement;
  const to = active && el.contains(active) ? active : el;
  return { el: to, what: found.name, listed: el, role: found.role };
}

export async function pressKey(p: Place & Trusted & { key: string }): Promise<ActionResult> {
  const parsed = parseKey(p.key);
  if (!parsed.ok) return fail(parsed.error);
  const target = keyTarget(p);
  if ('error' in target) return fail(target.error);
  const { key } = parsed;
  const { result: pressing, reaction } = await watchReaction(target.el.ownerDocument, () =>
    pressOrScript(p.trusted, { kind: 'key', key: p.key }, () => press(target.el, key), target.el),
  );
  const pressed = `Pressed ${keyName(key)} on ${target.what}${pressing.via}`;
  const done = (text: string): ActionResult => ({
    success: true,
    message: `${pressed}: ${text}${reacted(reaction)}${shows(target)}`,
  });
  const result = pressing.result;
  // A trusted key is the browser's own: it did what the key does, unless the page stopped it.
  if (result === null) return done('the browser handled it as a real key press');
  if (result.handled) return done('the page handled the key');
  return done(result.effect ?? 'the key has no effect there');
}

/** The listed element's value or state after the key ("; it now shows =70"), when it has one. */
function shows(target: KeyTarget): string {
  if (!target.listed?.isConnected || !target.role) return '';
  const state = stateOf(target.listed, target.role).trim();
  return state ? `; it now shows ${state}` : '';
}
