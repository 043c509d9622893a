import { vi } from 'vitest';
import type { BackgroundToSidebar } from '../../../src/protocol/background-to-sidebar';
import { fileHandlers } from '../../../sidebar/download';
import { createInbox, deliver } from '../../../sidebar/inbox';
import { createSiteNames } from '../../../sidebar/site-names';
import { createSidebarState } from '../../../sidebar/state';
import { statePart } from '../../../sidebar/state-inbox';
import { createVoice } from '../../../sidebar/voice/controller';

/**
 * The sidebar's state behind its real inbox, as `index.tsx` wires it: messages go through `apply`.
 * The browser's parts (microphone, downloads) are spies; the microphone is granted.
 */
export function sidebarWithInbox() {
  const state = createSidebarState();
  const sent = vi.fn();
  const recording = { finish: vi.fn(async () => new Blob([])), cancel: vi.fn() };
  const voice = createVoice(
    state,
    { send: vi.fn(), answer: vi.fn() },
    {
      send: sent,
      micPermission: async () => 'granted',
      inTab: async () => true,
      openGrantPage: vi.fn(),
      startRecording: vi.fn(async () => recording),
      speechAvailable: () => true,
      startSpeech: vi.fn(() => ({ stop: vi.fn(), cancel: vi.fn() })),
      focusInput: vi.fn(),
    },
  );
  const download = vi.fn();
  const files = fileHandlers(download);
  const sites = createSiteNames(sent);
  const inbox = createInbox({
    notice: state.notice,
    state: statePart(state),
    voice: voice.inbox,
    files,
    sites: sites.handlers,
  });
  const apply = (message: BackgroundToSidebar) => deliver(inbox, message);
  return { ...state, apply, voiceController: voice, sent, recording, download, sites };
}
