import { createRouter, NOT_HANDLED, type Routes } from '../src/messaging/router';
import { ContentToBackground } from '../src/protocol/content-to-background';

/**
 * The runtime-message channel's table. It routes nothing today: the spec's voice relay is gone
 * because Bosun records in the sidebar, so no content script may report voice progress (a page
 * could otherwise fake a transcript), and the background reads a page when it needs it rather than
 * being told it is ready. What arrives here gets an error that names the problem.
 */
export function contentRoutes(): Routes<typeof ContentToBackground, void, void> {
  return { PAGE_CONTENT_READY: NOT_HANDLED };
}

export const createContentRouter = () => createRouter(ContentToBackground, contentRoutes());
