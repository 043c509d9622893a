/**
 * An HTML5 drag with trusted input. CDP mouse events start Chrome's drag (a trusted dragstart),
 * but its drag session would then run outside the page; intercepted (`Input.setInterceptDrags`),
 * Chrome hands the drag's data over instead, and `Input.dispatchDragEvent` carries it on to the
 * drop, so the page sees trusted dragenter, dragover, drop and dragend.
 */
import * as v from 'valibot';
import {
  dragEvent,
  dragPath,
  dragStartCommands,
  heldMove,
  release,
  type CdpCommand,
  type Point,
} from '../../src/trusted-input';
import { debuggerApi } from './debugger-api';

/** How long Chrome may take to report the drag after the last move: a page that cancelled dragstart starts none. */
const START_WAIT_MS = 500;

/** The drag's data as Chrome reports it; handed back unchanged with every drag event. */
const Intercepted = v.object({
  data: v.looseObject({
    items: v.array(v.looseObject({ mimeType: v.string(), data: v.string() })),
    dragOperationsMask: v.number(),
  }),
});
type DragData = v.InferOutput<typeof Intercepted>['data'];

/** Listens for the tab's intercepted drag until stopped; `wait` resolves with its data, or null when none came in time. */
function watchIntercepted(tabId: number) {
  let data: DragData | null = null;
  let arrived: () => void = () => undefined;
  const listener = (source: chrome.debugger.Debuggee, method: string, params?: object) => {
    if (source.tabId !== tabId || method !== 'Input.dragIntercepted') return;
    const parsed = v.safeParse(Intercepted, params);
    if (!parsed.success) return;
    data = parsed.output.data;
    arrived();
  };
  debuggerApi()?.onEvent.addListener(listener);
  return {
    current: () => data,
    wait: (ms: number) =>
      new Promise<DragData | null>((resolve) => {
        const timer = setTimeout(() => resolve(data), ms);
        arrived = () => {
          clearTimeout(timer);
          resolve(data);
        };
        if (data) arrived();
      }),
    stop: () => debuggerApi()?.onEvent.removeListener(listener),
  };
}

/**
 * Presses at `from` and moves towards `to` until Chrome starts the drag, then drags its data along
 * the rest of the way and drops it at `to`. Without a drag (the page cancelled dragstart), the
 * mouse is just released: the content script sees what happened from the page's events.
 */
export async function html5Drag(
  tabId: number,
  from: Point,
  to: Point,
  command: (c: CdpCommand) => Promise<void>,
): Promise<void> {
  const intercepted = watchIntercepted(tabId);
  try {
    await command({ method: 'Input.setInterceptDrags', params: { enabled: true } });
    for (const c of dragStartCommands(from)) await command(c);
    const path = dragPath(from, to);
    let moved = 0;
    while (moved < path.length && !intercepted.current()) await command(heldMove(path[moved++] ?? to));
    const data = intercepted.current() ?? (await intercepted.wait(START_WAIT_MS));
    if (data) {
      const [first = to, ...rest] = path.slice(moved - 1);
      await command(dragEvent('dragEnter', first, data));
      for (const at of rest.length > 0 ? rest : [to]) await command(dragEvent('dragOver', at, data));
      await command(dragEvent('drop', to, data));
    }
    await command(release(to));
  } finally {
    intercepted.stop();
    await debuggerApi()
      ?.sendCommand({ tabId }, 'Input.setInterceptDrags', { enabled: false })
      .catch(() => undefined);
  }
}
