import { ProviderError } from '../../src/llm/errors';
import type { TranscriptionTarget } from '../llm/transcribe';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import type { Settings } from '../../src/protocol/common';
import type { SidebarPort } from './port-hub';

type Mode = 'whisper' | 'browser';
interface Session {
  mode: Mode;
  /** Set while the recording is being transcribed; aborting it drops the upload. */
  upload?: AbortController;
}

export interface VoiceDeps {
  settings(): Settings | null;
  target(settings: Settings | null): TranscriptionTarget;
  transcribe(target: Settings, audio: Uint8Array<ArrayBuffer>, mimeType: string, signal: AbortSignal): Promise<string>;
  /** Keeps the background running while the upload waits (the browser stops an idle one after 30 s). */
  holdAlive<T>(work: Promise<T>): Promise<T>;
}

const END: BackgroundToSidebar = { type: 'VOICE_END' };
const failed = (error: string): BackgroundToSidebar[] => [{ type: 'VOICE_ERROR', payload: { error } }, END];

const decode = (base64: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/**
 * One voice session per sidebar port. The sidebar records (an extension page, so the visited page
 * never sees the microphone); the background decides whether a session may start, and uploads the
 * audio with the key it holds. Replies go to the sidebar that asked, never to every sidebar.
 */
export function createVoiceSessions(deps: VoiceDeps) {
  const sessions = new Map<SidebarPort, Session>();

  const tell = (port: SidebarPort, message: BackgroundToSidebar) => {
    try {
      port.postMessage(message);
    } catch {
      // That sidebar closed; `close` ends its session.
    }
  };

  function start(port: SidebarPort, mode: Mode): BackgroundToSidebar[] {
    if (sessions.has(port)) return failed('Bosun is already listening in this panel. Press Stop first.');
    if (mode === 'whisper') {
      const target = deps.target(deps.settings());
      if (!target.ok) return failed(target.error);
    }
    sessions.set(port, { mode });
    return [{ type: 'VOICE_STARTED' }];
  }

  function stop(port: SidebarPort): BackgroundToSidebar[] {
    sessions.get(port)?.upload?.abort();
    sessions.delete(port);
    return [END];
  }

  async function audio(
    port: SidebarPort,
    payload: { audio: string; mimeType: string },
  ): Promise<BackgroundToSidebar[]> {
    // No session is fine: a browser that stopped the idle background while the person spoke lost it.
    const session = sessions.get(port) ?? { mode: 'whisper' };
    if (session.mode !== 'whisper' || session.upload)
      return failed('No Whisper recording is open in this panel: press the microphone button first.');
    sessions.set(port, session);
    // Checked again: the settings may have changed while the person spoke.
    const target = deps.target(deps.settings());
    if (!target.ok) {
      sessions.delete(port);
      return failed(target.error);
    }
    const upload = new AbortController();
    session.upload = upload;
    tell(port, { type: 'VOICE_TRANSCRIBING' });
    try {
      const transcript = await deps.holdAlive(
        deps.transcribe(target.settings, decode(payload.audio), payload.mimeType, upload.signal),
      );
      if (!transcript)
        return failed('No speech was recognised in the recording. Speak closer to the microphone and try again.');
      return [{ type: 'VOICE_RESULT', payload: { transcript, isFinal: true } }, END];
    } catch (error) {
      // STOP_VOICE dropped the upload and has already answered VOICE_END.
      if (upload.signal.aborted) return [];
      return failed(`Transcription failed: ${error instanceof ProviderError ? error.message : String(error)}`);
    } finally {
      if (sessions.get(port) === session) sessions.delete(port);
    }
  }

  /** A sidebar closed: its microphone is gone with it, and its upload is no longer wanted. */
  function close(port: SidebarPort): void {
    sessions.get(port)?.upload?.abort();
    sessions.delete(port);
  }

  return { start, stop, audio, close };
}
export type VoiceSessions = ReturnType<typeof createVoiceSessions>;
