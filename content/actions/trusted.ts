/**
 * Which way an action's input goes: trusted input through the background (Chrome's debugger,
 * when the person turned it on), else script events. The action finds, scrolls and checks the
 * element as always; only the pressing differs, and its result says which way it went.
 */
import * as v from 'valibot';
import { browser } from '../../src/platform/browser';
import type { TrustedInputRequest } from '../../src/protocol/content-to-background';
import { TrustedInputReply } from '../../src/protocol/trusted-input-reply';
import { topViewportPoint, type Point } from '../../src/trusted-input';
import { passTrustedInput } from '../overlay/mask';
import { pressingApproved } from './press-check';
import { PressRefused } from './press-refused';
import type { Frame } from '../snapshot/frames';
import { frameOf } from './target';

/** Whether the person turned trusted input on, as the background's request says. */
export type Trusted = { trusted?: boolean };

/** `result` is the script path's answer, null when trusted input pressed it; `via` goes into the result text. */
export type Pressed<T> = { result: T | null; via: string };

const Answer = v.object({ success: v.literal(true), reply: TrustedInputReply });

async function askTrusted(request: TrustedInputRequest): Promise<TrustedInputReply> {
  try {
    const answer = v.safeParse(
      Answer,
      await passTrustedInput(() => browser.runtime.sendMessage({ type: 'TRUSTED_INPUT', payload: request })),
    );
    return answer.success ? answer.output.reply : { used: false, reason: 'Bosun did not answer as expected' };
  } catch (error) {
    return { used: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Where the request's button goes down: null for keys and typing, which go to the focused element. */
function pressPoint(request: TrustedInputRequest): Point | null {
  switch (request.kind) {
    case 'click':
    case 'hover':
      return request.at;
    case 'drag':
    case 'dragDrop':
      return request.from;
    default:
      return null;
  }
}

/**
 * Presses with trusted input when the request said it is on, else (or when it fails, saying why)
 * runs the script events. Off, nothing is asked of the background and the mask stays as it is.
 * `el` is what the press was approved for: the background checks, right before each press, that it
 * lands there (press-check.ts), and throws PressRefused otherwise, with no script events after.
 */
export async function pressOrScript<T>(
  trusted: boolean | undefined,
  request: TrustedInputRequest,
  script: () => T,
  el: Element,
): Promise<Pressed<T>> {
  // Firefox has no debugger for extensions: the build drops the rest there.
  if (__TARGET__ !== 'chrome' || trusted !== true) return { result: script(), via: '' };
  const reply = await pressingApproved(el, pressPoint(request), () => askTrusted(request));
  if (reply.refused)
    throw new PressRefused(
      `refused: ${reply.reason ?? 'the press would not land on what was approved'}; Bosun stopped pressing.`,
    );
  if (reply.used) return { result: null, via: ' with trusted input' };
  const result = script();
  return { result, via: reply.reason ? ` with script events (trusted input was not used: ${reply.reason})` : '' };
}

/**
 * A point of the element's document, in the top viewport where trusted mouse events are aimed: by
 * the element's frame as the action read it (prepare()), else as it is now.
 */
export const pointFor = (el: Element, local: Point & { frame?: Frame }): Point =>
  topViewportPoint(local, local.frame ?? frameOf(el));

/**
 * Whether a click that reached the page went on to its default action (a link opening its tab):
 * a trusted click is the browser's, so the content script learns it from the event as it passes.
 * `stop` says so and removes the listener.
 */
export function watchClickFollowed(el: Element): { stop(): boolean } {
  const view = el.ownerDocument.defaultView;
  let followed = false;
  const seen = (event: Event) => {
    if (event.target instanceof Node && (event.target === el || el.contains(event.target)))
      followed = !event.defaultPrevented;
  };
  view?.addEventListener('click', seen);
  return {
    stop: () => {
      view?.removeEventListener('click', seen);
      return followed;
    },
  };
}
