/**
 * The built-ins the page-world script uses, taken at document_start before any page script runs.
 * The script runs in the page's own world: a page may later replace any method or getter (on
 * `Array.prototype`, `Object.prototype`, `EventTarget.prototype`, `JSON`…), and a replaced one would
 * run the page's code inside Bosun's, telling it that Bosun reads or acts right now and handing it
 * Bosun's objects. So what runs when the content script asks calls only these, through `call`
 * (never a method looked up at that time, a spread, an iterator or a missing property).
 */
const { apply, getOwnPropertyDescriptor } = Reflect;

/** `fn` called on `self` with `args`: Reflect.apply as it was, on an array made here. */
export const call = <T>(fn: unknown, self: unknown, ...args: unknown[]): T => apply(fn as () => T, self, args);

export const getter = (proto: object, key: string): unknown => getOwnPropertyDescriptor(proto, key)?.get;

export const native = {
  apply,
  addEventListener: EventTarget.prototype.addEventListener,
  removeEventListener: EventTarget.prototype.removeEventListener,
  dispatchEvent: EventTarget.prototype.dispatchEvent,
  CustomEvent,
  detail: getter(CustomEvent.prototype, 'detail'),
  preventDefault: Event.prototype.preventDefault,
  stopImmediatePropagation: Event.prototype.stopImmediatePropagation,
  isConnected: getter(Node.prototype, 'isConnected'),
  WeakRef,
  deref: WeakRef.prototype.deref,
  WeakMap,
  weakMapGet: WeakMap.prototype.get,
  weakMapSet: WeakMap.prototype.set,
  Set,
  setAdd: Set.prototype.add,
  setHas: Set.prototype.has,
  setSize: getter(Set.prototype, 'size'),
  push: Array.prototype.push,
  parse: JSON.parse,
  stringify: JSON.stringify,
  hasOwn: Object.hasOwn,
  keys: Object.keys,
  getOwnPropertyDescriptor,
  startsWith: String.prototype.startsWith,
  slice: String.prototype.slice,
  querySelectorAll: Element.prototype.querySelectorAll,
  item: NodeList.prototype.item,
  nodeListLength: getter(NodeList.prototype, 'length'),
  now: Date.now,
  toString: Function.prototype.toString,
};

/** What `Function.prototype.toString` shows for each of Bosun's stand-ins: the native function's own text. */
const shown = new native.WeakMap<object, string>();

/**
 * Makes a stand-in for a built-in look like it: `toString` gives the built-in's text ("[native
 * code]"), and its name and length are the built-in's (the stand-ins are methods, so, like
 * built-ins, they have no `prototype` and cannot be called with `new`). What a page can still tell
 * is written in the README's Security section.
 */
export function disguise<T extends object>(standIn: T, real: object): T {
  for (const key of ['name', 'length'])
    Reflect.defineProperty(standIn, key, { ...getOwnPropertyDescriptor(real, key) });
  call(native.weakMapSet, shown, standIn, call(native.toString, real));
  return standIn;
}

// `toString` itself is a stand-in then: it shows its own built-in's text too.
const stand = {
  toString(this: unknown): string {
    const text = call<string | undefined>(native.weakMapGet, shown, this);
    return text ?? call<string>(native.toString, this);
  },
}.toString;
Function.prototype.toString = disguise(stand, native.toString);
