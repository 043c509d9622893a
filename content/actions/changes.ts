import { isOverlay } from '../overlay/host';

/**
 * Whether the page reacted to an action: how many elements it changed, as a MutationObserver
 * sees them, over the action and a short settling time (frameworks render in a microtask or the
 * next frame). A model told "nothing changed" knows the control did not react and can try
 * another way, instead of assuming success.
 */
const SETTLE_MS = 60;

/**
 * Bosun's own overlay coming and going (the highlight of the target), or stepping aside for
 * trusted input (its style), is not the page reacting.
 */
const ownOverlay = (record: MutationRecord) =>
  (record.type === 'attributes' && record.target instanceof Element && isOverlay(record.target)) ||
  (record.type === 'childList' &&
    [...record.addedNodes, ...record.removedNodes].every((node) => node instanceof Element && isOverlay(node)));

export interface Reaction {
  changed: number;
}

export async function watchReaction<T>(
  doc: Document,
  act: () => T | Promise<T>,
): Promise<{ result: T; reaction: Reaction }> {
  const touched = new Set<Node>();
  const observer = new MutationObserver((records) => {
    for (const record of records) if (!ownOverlay(record)) touched.add(record.target);
  });
  observer.observe(doc, { subtree: true, childList: true, attributes: true, characterData: true });
  try {
    const result = await act();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    for (const record of observer.takeRecords()) if (!ownOverlay(record)) touched.add(record.target);
    return { result, reaction: { changed: touched.size } };
  } finally {
    observer.disconnect();
  }
}

/** "; the page changed 3 elements" or "; nothing on the page changed". */
export function reacted(reaction: Reaction): string {
  if (reaction.changed === 0) return '; nothing on the page changed';
  return `; the page changed ${reaction.changed} element${reaction.changed === 1 ? '' : 's'}`;
}
