/**
 * Firefox only. A content script's expando on a document is its own frame's sandbox's: the top
 * frame's content script, which reads same-origin frames itself, does not see a frame's secret
 * there (Chrome's content scripts share one world across a tab's frames, and do). So each frame's
 * script tells its parent's, at document_start, in an event on its frame element: the parent's
 * script listens first of all on its window (it ran before any page script there) and stops the
 * event, so no page script hears it.
 *
 * A page can dispatch the same event on a frame element of its own: a document announced twice
 * gets no channel at all (its script-made controls go unlisted, and the snapshot finds its shadow
 * roots by itself), so the page never makes Bosun talk on a secret it chose. Frames nested in
 * frames are heard by their parent frame's script only, and go without, as do frames in Chrome
 * that Bosun's scripts did not run in.
 */
const FRAME_SECRET = 'bosun:frame-secret';
const FRAMES_KEY = 'bosunFrameChannels';

/** Each announced frame document's secret; null once announced twice. */
type Heard = WeakMap<Document, string | null>;

export function hearFrames(): void {
  const heard: Heard = new WeakMap();
  (globalThis as unknown as Record<string, unknown>)[FRAMES_KEY] = heard;
  window.addEventListener(
    FRAME_SECRET,
    (event) => {
      event.stopImmediatePropagation();
      const doc = (event.target as Partial<HTMLIFrameElement> | null)?.contentDocument;
      const secret = (event as CustomEvent<unknown>).detail;
      if (!doc || typeof secret !== 'string') return;
      heard.set(doc, heard.has(doc) ? null : secret);
    },
    true,
  );
}

export function tellParent(secret: string): void {
  let frame: Element | null = null;
  try {
    frame = window.frameElement;
  } catch {
    // A cross-origin parent: its content script cannot read this frame anyway.
  }
  frame?.dispatchEvent(new CustomEvent(FRAME_SECRET, { detail: secret }));
}

/** A same-origin frame document's secret, as its own script announced it (Firefox). */
export function frameSecret(doc: Document): string | null {
  const heard = (globalThis as unknown as Record<string, unknown>)[FRAMES_KEY] as Heard | undefined;
  return heard?.get(doc) ?? null;
}
