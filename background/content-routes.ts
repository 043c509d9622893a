import { createRouter, type Routes } from '../src/messaging/router';
import { ContentToBackground } from '../src/protocol/content-to-background';

/**
 * The runtime-message channel's table. It routes nothing today: the spec's voice relay is gone
 * because Bosun records in the sidebar, so no content script may report voice progress (a page
 * could otherwise fake a transcript). What arrives here gets an error that names the problem.
 */
export function contentRoutes(): Routes<typeof ContentToBackground, void, void> {
  return {};
}

export const createContentRouter = () => createRouter(ContentToBackground, contentRoutes());
