// The e2e harness's privileged access to Firefox (see bridge/engines/firefox-chrome-window.ts):
// the harness sets preferences and reads extension state there, and captures console messages.
import { ChromeWindow, type BidiCommands } from '../../../bridge/engines/firefox-chrome-window';

/** Firefox's browser window with chrome privileges, and the harness's console capture in it. */
export class ChromeScope {
  private constructor(private readonly window: ChromeWindow) {}

  static async open(connection: BidiCommands): Promise<ChromeScope> {
    return new ChromeScope(await ChromeWindow.open(connection));
  }

  /** Evaluates `expression` with chrome privileges; returns a primitive result. */
  evaluate(expression: string): Promise<unknown> {
    return this.window.evaluate(expression);
  }

  /**
   * Reports every console call of extension documents and web pages (content scripts log into
   * their page's window), and the uncaught errors of extension documents (as level 'error'),
   * to `onMessage`, until another session of the same browser calls it. Must run before the add-on
   * is installed to see startup errors.
   *
   * Quirk: the background page lives in the separate "extension" content
   * process, and neither BiDi log.entryAdded (it skips moz-extension
   * documents and has no context for the background) nor the parent's console
   * service (console.* is not forwarded; forwarded script errors lose their
   * window id) can attribute it. So a privileged process script, loaded into
   * every content process, listens there and posts {doc, level, text, file, line}
   * up to the parent, which forwards it to Node on a BiDi channel.
   */
  async captureConsole(onMessage: (e: CapturedMessage) => void): Promise<void> {
    await this.window.relay(PARENT_SETUP, PROCESS_SCRIPT, (text) => onMessage(JSON.parse(text) as CapturedMessage));
  }
}

export interface CapturedMessage {
  doc: string;
  level: string;
  text: string;
  file: string;
  line: number;
}

// Once per browser: a shared browser serves one session after another, and each new session only
// takes over where the messages go (a second process script would report every message twice).
const PARENT_SETUP = `function (send, processScript) {
  globalThis.bosunHarnessSend = send;
  if (globalThis.bosunHarnessListening) return;
  globalThis.bosunHarnessListening = true;
  Services.ppmm.addMessageListener('bosun-harness:error', {
    receiveMessage: (m) => { try { globalThis.bosunHarnessSend(JSON.stringify(m.data)); } catch {} },
  });
  // data: process scripts in the parent need security.allow_parent_unrestricted_js_loads.
  Services.ppmm.loadProcessScript('data:,' + encodeURIComponent(processScript), true);
}`;

// Runs privileged in each process. nsIConsoleAPIStorage replaced the old
// 'console-api-log-event' observer notification.
const PROCESS_SCRIPT = `
const docOf = (id) => { try { return Services.wm.getCurrentInnerWindowWithId(id)?.document?.documentURI ?? ''; } catch { return ''; } };
const post = (id, level, text, file, line, pattern) => {
  const doc = docOf(id);
  if (pattern.test(doc)) sendAsyncMessage('bosun-harness:error', { doc, level, text, file, line });
};
Cc['@mozilla.org/consoleAPI-storage;1'].getService(Ci.nsIConsoleAPIStorage).addLogEventListener((m) => {
  if (typeof m.innerID !== 'number') return;
  const text = Array.from(m.arguments ?? [], (a) => { try { return String(a); } catch { return '?'; } }).join(' ');
  post(m.innerID, m.level, text, m.filename, m.lineNumber, /^(moz-extension|https?):/);
}, Services.scriptSecurityManager.getSystemPrincipal());
Services.console.registerListener({ observe(m) {
  if (!(m instanceof Ci.nsIScriptError) || (m.flags & Ci.nsIScriptError.warningFlag) || !m.innerWindowID) return;
  // Same wording as Chromium's reports.
  post(m.innerWindowID, 'error', (m.isPromiseRejection ? 'Uncaught (in promise) ' : 'Uncaught ') + m.errorMessage, m.sourceName, m.lineNumber, /^moz-extension:/);
} });
`;
