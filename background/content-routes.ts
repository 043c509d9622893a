import { createRouter, type Routes } from '../src/messaging/router';
import type { BackgroundToSidebar } from '../src/protocol/background-to-sidebar';
import { ContentToBackground } from '../src/protocol/content-to-background';

const CONTENT = ['content-script'] as const;

/**
 * The runtime-message channel's table. Voice progress from a tab's content script is relayed
 * unchanged to every sidebar: these types have the same shape in both directions.
 */
export function contentRoutes(broadcast: (message: BackgroundToSidebar) => void): Routes<typeof ContentToBackground, void, void> {
  const relay = { senders: CONTENT, handle: (message: BackgroundToSidebar) => broadcast(message) };
  return {
    VOICE_STARTED: relay,
    VOICE_TRANSCRIBING: relay,
    VOICE_SPEECH_RESULT: relay,
    VOICE_END: relay,
    VOICE_ERROR: relay,
  };
}

export const createContentRouter = (broadcast: (message: BackgroundToSidebar) => void) =>
  createRouter(ContentToBackground, contentRoutes(broadcast));
