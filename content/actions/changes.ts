import { isOverlay } from '../overlay/host';

/**
 * Whether the page reacted to an action: how many elements it changed, as a MutationObserver
 * sees them, over the action and a short settling time (frameworks render in a microtask or the
 * next frame). A model told "nothing changed" knows the control did not react and can try
 * another way, instead of assuming success.
 */
const SETTLE_MS = 60;
/**
 * Once the page has reacted, how long it must then stay still for the reaction to count as done:
 * more than a frame, so a render in the next frame is still counted. A page that does not react
 * is given all of SETTLE_MS before "nothing changed" is said.
 */
const QUIET_MS = 25;

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
  let changed: (() => void) | undefined;
  const observer = new MutationObserver((records) => {
    const page = records.filter((record) => !ownOverlay(record));
    for (const record of page) touched.add(record.target);
    if (page.length > 0) changed?.();
  });
  observer.observe(doc, { subtree: true, childList: true, attributes: true, characterData: true });
  try {
    const result = await act();
    await settled(touched.size > 0, (onChange) => (changed = onChange));
    for (const record of observer.takeRecords()) if (!ownOverlay(record)) touched.add(record.target);
    return { result, reaction: { changed: touched.size } };
  } finally {
    observer.disconnect();
  }
}

/** Resolves after SETTLE_MS at most; once the page has changed, as soon as it has been still for QUIET_MS. */
function settled(alreadyChanged: boolean, listen: (onChange: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(limit);
      clearTimeout(quiet);
      resolve();
    };
    const limit = setTimeout(done, SETTLE_MS);
    const restart = () => {
      clearTimeout(quiet);
      quiet = setTimeout(done, QUIET_MS);
    };
    listen(restart);
    if (alreadyChanged) restart();
  });
}

/** "; the page changed 3 elements" or "; nothing on the page changed". */
export function reacted(reaction: Reaction): string {
  if (reaction.changed === 0) return '; nothing on the page changed';
  return `; the page changed ${reaction.changed} element${reaction.changed === 1 ? '' : 's'}`;
}
