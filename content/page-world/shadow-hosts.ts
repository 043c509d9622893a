/**
 * Names the elements that carry an open shadow root, for the content script's snapshot. From the
 * isolated world of a Firefox content script, reading `shadowRoot` on every element of a large
 * page crosses a wrapper each time; here, in the page's own world, it costs what it costs the page.
 * When the content script asks on the private channel (channel.ts), each host gets one answer
 * (composed, so the content script's listener sees the host even inside another shadow root), then
 * the document gets DONE.
 *
 * Hosts are noted as script attaches their roots, so a question costs what the hosts cost, not the
 * page: the document is walked only for roots markup declares (`<template shadowrootmode>`), while
 * it is parsed and once after, and once after `setHTMLUnsafe` or `parseHTMLUnsafe`. A clonable
 * root's copies get roots without either, so once one exists every question walks the document.
 *
 * Page code could still name elements that are not hosts (the content script reads `shadowRoot`
 * on each named element and finds nothing) or hide hosts (attaching roots with another frame's
 * built-ins), by replacing what the walk calls, had it not been taken here first; either would only
 * hide its own controls from the listing, as it could by not rendering them. Neither reaches the
 * gate, which judges each target from the content script's own reads.
 */
import { HOST_ANSWER, HOSTS_DONE, HOSTS_REQUEST } from '../../src/page-handlers';
import { listen, send } from './channel';
import { call, disguise, getter, native } from './natives';

// Taken before any page script runs, so a page that later redefines them does not change the walk.
const shadowRootOf = getter(Element.prototype, 'shadowRoot');
const clonableOf = getter(ShadowRoot.prototype, 'clonable');
const readyStateOf = getter(Document.prototype, 'readyState');
const ownerDocumentOf = getter(Node.prototype, 'ownerDocument');
const createTreeWalker = Document.prototype.createTreeWalker;
const nextNode = TreeWalker.prototype.nextNode;
const SHOW_ELEMENT = NodeFilter.SHOW_ELEMENT;

const hosts: WeakRef<Element>[] = [];
const noted = new native.WeakMap<Element, true>();
let compactAt = 1024;
/** The next question walks the document: until a walk after parsing, and after markup that may declare roots. */
let walkNext = true;
/** A clonable root was seen: its copies are not noted, so every question walks. */
let walkAlways = false;

function note(el: Element, root: ShadowRoot | null): void {
  if (!root) return;
  if (clonableOf && call(clonableOf, root)) walkAlways = true;
  if (call(native.weakMapGet, noted, el)) return;
  call(native.weakMapSet, noted, el, true);
  call(native.push, hosts, new native.WeakRef(el));
  if (hosts.length > compactAt) compact();
}

/** Drops the hosts the page has let go of (a detached host stays: it may come back). */
function compact(): void {
  let kept = 0;
  for (let i = 0; i < hosts.length; i++) if (call(native.deref, hosts[i])) hosts[kept++] = hosts[i] as WeakRef<Element>;
  hosts.length = kept;
  compactAt = Math.max(1024, kept * 2);
}

function walkUnder(root: Node): void {
  const walker = call<TreeWalker>(createTreeWalker, document, root, SHOW_ELEMENT);
  for (let el = call<Element | null>(nextNode, walker); el; el = call<Element | null>(nextNode, walker)) {
    const shadow = call<ShadowRoot | null>(shadowRootOf, el);
    if (!shadow) continue;
    note(el, shadow);
    walkUnder(shadow);
  }
}

/** Replaces `proto[key]` with a stand-in that calls the built-in, then `after` with its result. */
function follow(proto: object, key: string, after: (self: unknown, result: unknown) => void): void {
  const real = (proto as Record<string, unknown>)[key];
  if (typeof real !== 'function') return;
  const standIn = {
    [key](this: unknown) {
      // eslint-disable-next-line prefer-rest-params
      const result = native.apply(real, this, arguments);
      after(this, result);
      return result;
    },
  }[key] as object;
  (proto as Record<string, unknown>)[key] = disguise(standIn, real);
}

if (shadowRootOf && readyStateOf && ownerDocumentOf) {
  // A closed root is not the content script's to walk: only an open one is readable as `shadowRoot`.
  follow(Element.prototype, 'attachShadow', (host) => note(host as Element, call(shadowRootOf, host)));
  const declares = () => (walkNext = true);
  follow(Element.prototype, 'setHTMLUnsafe', declares);
  follow(ShadowRoot.prototype, 'setHTMLUnsafe', declares);
  follow(Document, 'parseHTMLUnsafe', declares);

  listen(HOSTS_REQUEST, () => {
    // Parsing, also again after a late document.open(): the parser may be declaring roots.
    const parsing = call(readyStateOf, document) === 'loading';
    if (walkNext || walkAlways || parsing) {
      walkNext = parsing;
      walkUnder(document);
    }
    for (let i = 0; i < hosts.length; i++) {
      const el = call<Element | undefined>(native.deref, hosts[i]);
      if (el && call(native.isConnected, el) && call(ownerDocumentOf, el) === document) send(el, HOST_ANSWER);
    }
    send(document, HOSTS_DONE);
  });
}
