/**
 * Trusted input in Chrome: presses what a content script asks for through `chrome.debugger`
 * (CDP `Input.*`), so pages that ignore `isTrusted: false` events react. Attached lazily per tab
 * while Bosun acts there; detached when the task ends, after a short idle time, when the tab closes, or by the
 * person (Chrome's "cancel" on its debugging bar), which the next action reports.
 */
import { parseKey } from '../../src/keys';
import type { TrustedInputRequest } from '../../src/protocol/content-to-background';
import type { TrustedInputReply } from '../../src/protocol/trusted-input-reply';
import {
  clickCommands,
  dragCommands,
  hoverCommands,
  keyCommands,
  typeCommands,
  type CdpCommand,
} from '../../src/trusted-input';
import { debuggerApi as api } from './debugger-api';
import { html5Drag } from './html5-drag';
import { checkedBefore, checkPress } from './press-check';

/** Chrome shows its "started debugging this browser" bar while attached: it goes soon after the last action. */
const IDLE_DETACH_MS = 15_000;
const PROTOCOL_VERSION = '1.3';

type Timer = ReturnType<typeof setTimeout>;
const attached = new Map<number, Timer>();
/** Tabs where Bosun has an action request in flight: only those may be pressed in. */
const acting = new Map<number, number>();
/**
 * Tabs where the person cancelled debugging on Chrome's bar: Bosun does not attach there again
 * (script events instead) until the tab closes or the setting is switched off and on.
 */
const refused = new Set<number>();
const CANCELLED = 'you cancelled debugging in Chrome, so Bosun no longer uses it in this tab';

let listening = false;
/** Registered at start and again once the permission arrives, when the API first exists. */
export function listenForDetach(): void {
  const debuggerApi = api();
  if (listening || !debuggerApi) return;
  listening = true;
  debuggerApi.onDetach.addListener((source, reason) => {
    if (source.tabId === undefined) return;
    clearTimeout(attached.get(source.tabId));
    attached.delete(source.tabId);
    if (reason === 'canceled_by_user') refused.add(source.tabId);
  });
}

let settingOn: () => Promise<boolean> = () => Promise.resolve(false);
/** Where whether trusted input is on comes from: the setting, once the background has made it. */
export function followSetting(active: () => Promise<boolean>): void {
  settingOn = active;
}

/**
 * Marks the tab as being acted on for the duration of one action request. `work` learns whether
 * trusted input is on, so the request tells the content script, which otherwise asks nothing.
 */
export async function whileActing<T>(tabId: number, work: (trusted: boolean) => Promise<T>): Promise<T> {
  acting.set(tabId, (acting.get(tabId) ?? 0) + 1);
  try {
    return await work(await settingOn());
  } finally {
    const left = (acting.get(tabId) ?? 1) - 1;
    if (left > 0) acting.set(tabId, left);
    else acting.delete(tabId);
  }
}

/** The tab closed: nothing of it is kept. */
export function forgetTab(tabId: number): void {
  refused.delete(tabId);
  // Nothing waits on it: the tab is gone, and detachTab swallows the browser's refusal to detach it.
  void detachTab(tabId);
}

/** The setting changed: every tab starts afresh (a tab the person refused is asked again once turned back on). */
export async function detachAll(): Promise<void> {
  refused.clear();
  await Promise.all([...attached.keys()].map(detachTab));
}

export async function detachTab(tabId: number): Promise<void> {
  clearTimeout(attached.get(tabId));
  if (!attached.delete(tabId)) return;
  await api()
    ?.detach({ tabId })
    .catch(() => undefined);
}

async function attach(tabId: number): Promise<void> {
  const debuggerApi = api();
  if (!debuggerApi) throw new Error('Chrome gives Bosun no debugger access');
  if (!attached.has(tabId)) await debuggerApi.attach({ tabId }, PROTOCOL_VERSION);
  clearTimeout(attached.get(tabId));
  attached.set(
    tabId,
    setTimeout(() => void detachTab(tabId), IDLE_DETACH_MS),
  );
}

/** What presses the request: its commands, sent one by one through `command`; or why it cannot be pressed. */
type Press = (tabId: number, command: (c: CdpCommand) => Promise<void>) => Promise<void>;
const inTurn =
  (commands: CdpCommand[]): Press =>
  async (_tabId, command) => {
    for (const c of commands) await command(c);
  };

function pressFor(request: TrustedInputRequest): Press | string {
  if (request.kind === 'dragDrop') return (tabId, command) => html5Drag(tabId, request.from, request.to, command);
  const commands = commandsFor(request);
  return typeof commands === 'string' ? commands : inTurn(commands);
}

function commandsFor(request: Exclude<TrustedInputRequest, { kind: 'dragDrop' }>): CdpCommand[] | string {
  switch (request.kind) {
    case 'click':
      return clickCommands(request.at, request.count);
    case 'hover':
      return hoverCommands(request.at);
    case 'drag':
      return dragCommands(request.from, request.to);
    case 'type':
      return typeCommands(request.text, request.multiline);
    case 'key': {
      const parsed = parseKey(request.key);
      return parsed.ok ? keyCommands(parsed.key) : parsed.error;
    }
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Why attaching failed, in words: most often another debugger (DevTools, another extension) holds the tab. */
function attachFailure(error: unknown): string {
  const text = message(error);
  return /already attached/i.test(text)
    ? 'another debugger (DevTools or another extension) is attached to the tab'
    : text;
}

/** The page put something else where the press would land: nothing more is pressed. */
class Refused extends Error {}

/**
 * Presses the request in the tab. A failure is not thrown: the content script then uses script
 * events and its result says why trusted input was not used; a refusal (the check before a press
 * found something else than what was approved there) is `refused`, and nothing is pressed at all.
 */
export async function pressTrusted(tabId: number, request: TrustedInputRequest): Promise<TrustedInputReply> {
  if (!acting.has(tabId)) return { used: false, reason: 'Bosun is not acting in this tab' };
  if (refused.has(tabId)) return { used: false, reason: CANCELLED };
  const press = pressFor(request);
  if (typeof press === 'string') return { used: false, reason: press };
  const first = await send(tabId, request, press);
  if (first.refused) return { used: false, refused: true, reason: first.error ?? '' };
  if (first.error === null) return { used: true };
  // A debugger that left before anything was pressed (another client detached it) is attached again
  // once; after a partial press, repeating it would press twice.
  if (first.sent > 0 || refused.has(tabId))
    return { used: false, reason: refused.has(tabId) ? CANCELLED : first.error };
  await detachTab(tabId);
  const second = await send(tabId, request, press);
  if (second.refused) return { used: false, refused: true, reason: second.error ?? '' };
  return second.error === null ? { used: true } : { used: false, reason: second.error };
}

/** How many commands went out, and why the rest did not (null: all of them); `refused` when a check stopped them. */
async function send(
  tabId: number,
  request: TrustedInputRequest,
  press: Press,
): Promise<{ sent: number; error: string | null; refused?: true }> {
  try {
    await attach(tabId);
  } catch (error) {
    return { sent: 0, error: attachFailure(error) };
  }
  let sent = 0;
  try {
    await press(tabId, async (command) => {
      if (checkedBefore(request, command)) {
        const why = await checkPress(tabId);
        if (why !== null) throw new Refused(why);
      }
      await api()?.sendCommand({ tabId }, command.method, command.params);
      sent += 1;
    });
    return { sent, error: null };
  } catch (error) {
    return error instanceof Refused ? { sent, error: error.message, refused: true } : { sent, error: message(error) };
  }
}
