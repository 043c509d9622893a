/**
 * The browser refuses a write when Bosun's storage quota is used up (a full disk, or a browser
 * limit). Browsers name it QuotaExceededError, often with no message (Chromium), so it is
 * recognised by name and explained in words the person can act on.
 */
export const STORAGE_FULL =
  "the browser's storage for Bosun is full, so nothing was saved. Delete conversations or crawl jobs you no longer need, or free disk space, then try again.";

/**
 * Firefox: after a write failed for want of space, the connection refuses its next write with
 * this InvalidStateError, even once space has been freed; the write after that works.
 */
const REFUSED_AFTER_FULL = /did not allow mutations/;

export function isStorageFull(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || (name === 'InvalidStateError' && REFUSED_AFTER_FULL.test(String(error)));
}

/** A failure as one line for the person: the full-storage explanation, or the error's own message. */
export function describeFailure(error: unknown): string {
  if (isStorageFull(error)) return STORAGE_FULL;
  return error instanceof Error ? error.message : String(error);
}
