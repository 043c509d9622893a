// Measurements taken inside the sidebar page with performance.now(). Each function is passed to
// PageDriver.evaluate, which serializes it: they use nothing from this module's scope.

/** rAF-polls `done` until it holds; resolves to the ms it took from `t0`, or throws after `limitMs`. */
export function untilFrame(): void {
  (window as unknown as { __untilFrame: unknown }).__untilFrame = (t0: number, done: () => boolean, limitMs: number) =>
    new Promise<number>((resolve, reject) => {
      const tick = () => {
        if (done()) return resolve(performance.now() - t0);
        if (performance.now() - t0 > limitMs) {
          const all = document.querySelectorAll('[data-testid="message"]');
          return reject(
            new Error(
              `not done after ${limitMs} ms; ${all.length} messages shown, the last: ${all[all.length - 1]?.textContent?.slice(0, 200)}`,
            ),
          );
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
}

type UntilFrame = (t0: number, done: () => boolean, limitMs: number) => Promise<number>;

/** Opens the conversation titled `title` from the History view: ms from the click to a frame showing its last message. */
export async function openFromHistory({ title, lastText }: { title: string; lastText: string }): Promise<number> {
  const until = (window as unknown as { __untilFrame: UntilFrame }).__untilFrame;
  const item = [...document.querySelectorAll('[data-testid="history-item"]')].find(
    (el) => el.querySelector('[data-testid="history-open"]')?.textContent === title,
  );
  const button = item?.querySelector<HTMLButtonElement>('[data-testid="history-open"]');
  if (!button) throw new Error(`no conversation titled ${title}`);
  const t0 = performance.now();
  button.click();
  return until(
    t0,
    () => {
      const all = document.querySelectorAll('[data-testid="message"]');
      return all[all.length - 1]?.textContent?.includes(lastText) === true;
    },
    20_000,
  );
}

/** Sends `text` with Enter: ms from the key to a frame showing it as the last message of the conversation. */
export async function sendAndShow(text: string): Promise<number> {
  const until = (window as unknown as { __untilFrame: UntilFrame }).__untilFrame;
  const input = document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]')!;
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const t0 = performance.now();
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  return until(
    t0,
    () => [...document.querySelectorAll('[data-role="user"]')].at(-1)?.textContent?.includes(text) === true,
    60_000,
  );
}

/** Records, for every character typed into the message box, the ms from its input event to the next frame. */
export function watchTyping(): void {
  const delays: number[] = [];
  (window as unknown as { __typing: number[] }).__typing = delays;
  // On the document: the message box is made anew each time the chat view is shown.
  document.addEventListener('input', (event) => {
    if ((event.target as HTMLElement).dataset.testid !== 'composer-input' || !(event as InputEvent).data) return;
    const at = event.timeStamp;
    requestAnimationFrame(() => delays.push(performance.now() - at));
  });
}

/** The typing delays recorded since the last call, emptied. */
export function takeTyping(): number[] {
  const delays = (window as unknown as { __typing: number[] }).__typing;
  return delays.splice(0, delays.length);
}

/** The sidebar's JavaScript heap after a full garbage collection (needs --js-flags=--expose-gc and --enable-precise-memory-info), and its element count. */
export function heapAndNodes(): { heapBytes: number; elements: number } {
  (globalThis as unknown as { gc?: () => void }).gc?.();
  const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
  return { heapBytes: memory?.usedJSHeapSize ?? Number.NaN, elements: document.getElementsByTagName('*').length };
}
