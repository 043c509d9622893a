/**
 * Runs in the page's own JavaScript world at document_start (a MAIN-world content script), before
 * any page script. It notes which elements get pointer or click listeners from script
 * (`addEventListener`, `onclick = …`), which Bosun's content script cannot see from its isolated
 * world: that is how frameworks (React, Vue, jQuery) make spans, list items and rows clickable.
 *
 * It shares nothing with the page but two event names: when the content script dispatches
 * REQUEST on the document, each noted element still in the document gets one ANSWER event, which
 * the content script collects. A page can forge ANSWER events; the worst it gets is an element of
 * its own listed, as an `onclick` attribute would.
 */
import { DELEGATION_ROOT_TYPES, HANDLER_ANSWER, HANDLER_REQUEST, POINTER_EVENTS } from '../../src/page-handlers';

const noted: WeakRef<Element>[] = [];
/** Every event type each element listens to; an element is noted once it listens to a pointer event. */
const types = new WeakMap<Element, Set<string>>();
let compactAt = 1024;

function note(target: unknown, type: string): void {
  if (!(target instanceof Element)) return;
  let seen = types.get(target);
  if (!seen) types.set(target, (seen = new Set()));
  const first = !seen.has('#noted');
  seen.add(type);
  if (first && POINTER_EVENTS.has(type)) {
    seen.add('#noted');
    noted.push(new WeakRef(target));
    if (noted.length > compactAt) compact();
  }
}

/** Drops elements the page has let go of, so a long-lived page does not grow the list forever. */
function compact(): void {
  let kept = 0;
  for (const ref of noted) if (ref.deref()?.isConnected) noted[kept++] = ref;
  noted.length = kept;
  compactAt = Math.max(1024, kept * 2);
}

const original = EventTarget.prototype.addEventListener;
EventTarget.prototype.addEventListener = function addEventListener(
  this: EventTarget,
  type: string,
  ...rest: unknown[]
) {
  note(this, type);
  return Reflect.apply(original, this, [type, ...rest]) as void;
} as typeof EventTarget.prototype.addEventListener;

// `element.onclick = fn` (React sets it on every element with an onClick prop).
for (const type of ['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'dblclick']) {
  const key = `on${type}`;
  const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, key);
  const set = descriptor?.set;
  if (!descriptor || !set) continue;
  Object.defineProperty(HTMLElement.prototype, key, {
    ...descriptor,
    set(this: HTMLElement, value: unknown) {
      if (typeof value === 'function') note(this, type);
      set.call(this, value);
    },
  });
}

document.addEventListener(
  HANDLER_REQUEST,
  () => {
    for (const ref of noted) {
      const el = ref.deref();
      // A delegation root (React's container listens to every event type) is not itself a control.
      if (!el?.isConnected || (types.get(el)?.size ?? 0) > DELEGATION_ROOT_TYPES) continue;
      el.dispatchEvent(new CustomEvent(HANDLER_ANSWER, { bubbles: false, composed: true }));
    }
  },
  true,
);
