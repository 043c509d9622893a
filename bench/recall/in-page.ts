// Bundled (IIFE) by the recall benchmark and evaluated in each page: what the product's full
// snapshot lists there, as role and label.
import { lastListing, nameOf } from '../../content/snapshot/registry';
import { takeSnapshot } from '../../content/snapshot/take-snapshot';
import { repeatsChildren } from './compare';

(window as unknown as { __listed: () => { role: string; label: string }[] }).__listed = () => {
  takeSnapshot(document);
  return (lastListing()?.listed ?? []).map((entry) => ({ role: entry.role, label: nameOf(entry) }));
};

/**
 * On a generated page (controls-page.ts): how many of the known controls the snapshot lists, and how
 * many listed entries are not a control (or a second entry for one), by kind.
 */
(window as unknown as { __controls: () => unknown }).__controls = () => {
  takeSnapshot(document);
  const matched = new Set<Element>();
  const extra: string[] = [];
  for (const entry of lastListing()?.listed ?? []) {
    const control = entry.el.closest('[data-c]');
    if (control && !matched.has(control)) matched.add(control);
    else extra.push(`${entry.role} "${nameOf(entry)}"`);
  }
  const missing: Record<string, number> = {};
  for (const control of document.querySelectorAll('[data-c]')) {
    if (matched.has(control)) continue;
    const kind = control.getAttribute('data-c') ?? '?';
    missing[kind] = (missing[kind] ?? 0) + 1;
  }
  return { listed: matched.size, entries: matched.size + extra.length, extra: extra.slice(0, 5), missing };
};

/**
 * On a fixture page: the listed entries that only repeat the entries listed inside them
 * (repeatsChildren), and every entry as role and label, for the recall against ariaSnapshot().
 */
(window as unknown as { __nested: () => unknown }).__nested = () => {
  takeSnapshot(document);
  const listed = lastListing()?.listed ?? [];
  const squash = (text: string | null) => (text ?? '').replace(/\s+/g, '');
  const repeating: string[] = [];
  for (const entry of listed) {
    const inside = listed.filter((other) => other.el !== entry.el && entry.el.contains(other.el));
    let own = squash(entry.el.textContent);
    for (const other of inside) own = own.replace(squash(other.el.textContent), '');
    const nested = { role: entry.role, label: nameOf(entry), own, inner: inside.map((other) => nameOf(other)) };
    if (repeatsChildren(nested)) repeating.push(`${entry.role} "${nested.label}"`);
  }
  return { entries: listed.map((entry) => ({ role: entry.role, label: nameOf(entry) })), repeating };
};
