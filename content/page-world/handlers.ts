/**
 * Runs in the page's own JavaScript world at document_start (a MAIN-world content script), before
 * any page script. It notes which elements get pointer or click listeners from script
 * (`addEventListener`, `onclick = …`), which Bosun's content script cannot see from its isolated
 * world: that is how frameworks (React, Vue, jQuery) make spans, list items and rows clickable.
 *
 * When the content script asks on the private channel (channel.ts), each noted element still in the
 * document gets one answer, which the content script collects. The page cannot hear the question or
 * the answers; the most it can do is add listeners itself, which lists its own elements, as an
 * `onclick` attribute would.
 */
import { DELEGATION_ROOT_TYPES, HANDLER_ANSWER, HANDLER_REQUEST, POINTER_EVENTS } from '../../src/page-handlers';
import { listen, send } from './channel';
import { call, disguise, native } from './natives';

const noted: WeakRef<Element>[] = [];
/** Every event type each element listens to; an element is noted once it listens to a pointer event. */
const types = new native.WeakMap<Element, Set<string>>();
const NOTED = '#noted';
let compactAt = 1024;

// Runs inside the page's own calls: built-ins as taken at document_start, so a page that replaced
// them gets no hold of Bosun's lists (and so no way to run its code when the content script asks).
function note(target: unknown, type: string): void {
  if (!(target instanceof Element)) return;
  let seen = call<Set<string> | undefined>(native.weakMapGet, types, target);
  if (!seen) call(native.weakMapSet, types, target, (seen = new native.Set<string>()));
  const first = !call<boolean>(native.setHas, seen, NOTED);
  call(native.setAdd, seen, type);
  if (first && call<boolean>(native.setHas, POINTER_EVENTS, type)) {
    call(native.setAdd, seen, NOTED);
    call(native.push, noted, new native.WeakRef(target));
    if (noted.length > compactAt) compact();
  }
}

/** Drops elements the page has let go of, so a long-lived page does not grow the list forever. */
function compact(): void {
  let kept = 0;
  for (let i = 0; i < noted.length; i++) {
    const el = call<Element | undefined>(native.deref, noted[i]);
    if (el && call(native.isConnected, el)) noted[kept++] = noted[i] as WeakRef<Element>;
  }
  noted.length = kept;
  compactAt = Math.max(1024, kept * 2);
}

const original = EventTarget.prototype.addEventListener;
EventTarget.prototype.addEventListener = disguise(
  {
    // Two parameters, as the built-in's length says.
    addEventListener(this: EventTarget, type: string, _listener: unknown) {
      note(this, type);
      // eslint-disable-next-line prefer-rest-params
      return native.apply(original, this, arguments) as void;
    },
  }.addEventListener,
  original,
) as typeof EventTarget.prototype.addEventListener;

// `element.onclick = fn` (React sets it on every element with an onClick prop).
for (const type of ['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'dblclick']) {
  const key = `on${type}`;
  const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, key);
  const set = descriptor?.set;
  if (!descriptor || !set) continue;
  const standIn = {
    set [key](value: unknown) {
      if (typeof value === 'function') note(this, type);
      call(set, this, value);
    },
  };
  const setter = Object.getOwnPropertyDescriptor(standIn, key)?.set as (value: unknown) => void;
  Object.defineProperty(HTMLElement.prototype, key, { ...descriptor, set: disguise(setter, set) });
}

/** React's props of an element hold its handlers; the handlers themselves listen at the root. */
const REACT_HANDLERS = ['onClick', 'onDoubleClick', 'onMouseDown', 'onMouseUp', 'onPointerDown', 'onPointerUp'];
/** An own data property's value (an accessor's is never called, nor a `value` getter the page put on Object.prototype). */
function ownValue(o: object, key: string): unknown {
  const described = native.getOwnPropertyDescriptor(o, key);
  return described && native.hasOwn(described, 'value') ? described.value : undefined;
}

/**
 * React 17+ listens for every event at its root container and keeps each element's handlers in a
 * `__reactProps$<key>` property, with the same key as the container's `__reactContainer$<key>`.
 * Values are read through descriptors, so no getter of the page runs.
 */
function answerReactHandled(rootEl: Element): void {
  const names = call<string[]>(native.keys, null, rootEl);
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (!call<boolean>(native.startsWith, name, '__reactContainer$')) continue;
    const propsKey = `__reactProps$${call<string>(native.slice, name, 17)}`;
    const all = call<NodeList>(native.querySelectorAll, rootEl, '*');
    const count = call<number>(native.nodeListLength, all);
    for (let j = 0; j < count; j++) {
      const el = call<Element>(native.item, all, j);
      const props = ownValue(el, propsKey);
      if (typeof props !== 'object' || props === null) continue;
      for (let k = 0; k < REACT_HANDLERS.length; k++)
        if (typeof ownValue(props, REACT_HANDLERS[k] as string) === 'function') {
          send(el, HANDLER_ANSWER);
          break;
        }
    }
  }
}

listen(HANDLER_REQUEST, () => {
  for (let i = 0; i < noted.length; i++) {
    const el = call<Element | undefined>(native.deref, noted[i]);
    if (!el || !call(native.isConnected, el)) continue;
    // A delegation root (React's container listens to every event type) is not itself a control:
    // the elements it handles for are.
    const seen = call<Set<string> | undefined>(native.weakMapGet, types, el);
    if (seen && call<number>(native.setSize, seen) > DELEGATION_ROOT_TYPES) answerReactHandled(el);
    else send(el, HANDLER_ANSWER);
  }
});
