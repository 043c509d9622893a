import { createRouter, NOT_HANDLED, type Routes } from '../../src/messaging/router';
import { refuse } from '../../src/messaging/refusal';
import { ContentToBackground, type TrustedInputRequest } from '../../src/protocol/content-to-background';
import type { TrustedInputReply } from '../../src/protocol/trusted-input-reply';

/** The tab the message came from, as the browser stamped it (never a field of the message). */
export type ContentSender = { tabId: number | undefined; frameId: number | undefined };

export interface ContentRouteDeps {
  /** Presses the request with trusted input when the setting is on; `used: false` tells the content script to use script events. */
  trustedInput(tabId: number, request: TrustedInputRequest): Promise<TrustedInputReply>;
}

/**
 * The runtime-message channel's table. The spec's voice relay is gone because Bosun records in
 * the sidebar, so no content script may report voice progress (a page could otherwise fake a
 * transcript), and the background reads a page when it needs it rather than being told it is
 * ready. What arrives for those gets an error that names the problem.
 */
export function contentRoutes(deps: ContentRouteDeps): Routes<typeof ContentToBackground, ContentSender, unknown> {
  return {
    PAGE_CONTENT_READY: NOT_HANDLED,
    TRUSTED_INPUT: {
      senders: ['content-script'],
      // Only the top frame's script acts (it reaches same-origin iframes itself), so points are in the top viewport.
      handle: ({ payload }, { tabId, frameId }) =>
        tabId === undefined || frameId !== 0
          ? refuse('Trusted input is asked for by the top frame of a tab only.')
          : deps.trustedInput(tabId, payload),
    },
    // The bridge evaluates this in Bosun's content-script world of the tab it works in (the page cannot
    // reach that world), so its first ABP call names that tab by id, never by an address another tab may show.
    WHICH_TAB: {
      senders: ['content-script'],
      handle: (_message, { tabId, frameId }) =>
        tabId === undefined || frameId !== 0 ? refuse('Only the top frame of a tab asks which tab it is.') : { tabId },
    },
  };
}

export const createContentRouter = (deps: ContentRouteDeps) => createRouter(ContentToBackground, contentRoutes(deps));
