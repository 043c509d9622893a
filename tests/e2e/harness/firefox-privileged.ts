// Firefox: privileged (parent-process, system principal) access over BiDi.
//
// `--remote-allow-system-access` lets WebDriver BiDi see chrome windows:
// browsingContext.getTree({ 'moz:scope': 'chrome' }) lists browser.xhtml, and
// script.evaluate / script.callFunction in it run with chrome privileges
// (Services, ChromeUtils, WebExtensionPolicy ...). puppeteer-core has no API
// for this, so we send raw BiDi commands on its connection.

/** The internal BidiConnection of puppeteer's BiDi browser (not in its public types). */
export interface BidiConnectionLike {
  send(method: string, params: object): Promise<{ result: unknown }>;
  on(event: string, handler: (params: unknown) => void): unknown;
}

interface EvaluateResult {
  type: 'success' | 'exception';
  result?: { type: string; value?: unknown };
  exceptionDetails?: { text?: string };
}

export class ChromeScope {
  private constructor(
    private readonly conn: BidiConnectionLike,
    private readonly context: string,
  ) {}

  static async open(conn: BidiConnectionLike): Promise<ChromeScope> {
    const { result } = await conn.send('browsingContext.getTree', { 'moz:scope': 'chrome', maxDepth: 0 });
    const contexts = (result as { contexts: { context: string; url: string }[] }).contexts;
    const win = contexts.find((c) => c.url === 'chrome://browser/content/browser.xhtml') ?? contexts[0];
    if (!win) throw new Error('firefox: no chrome window over BiDi; was --remote-allow-system-access passed?');
    return new ChromeScope(conn, win.context);
  }

  /** Evaluates `expression` with chrome privileges; returns a primitive result. */
  async evaluate(expression: string): Promise<unknown> {
    const { result } = await this.conn.send('script.evaluate', {
      expression,
      target: { context: this.context },
      awaitPromise: true,
      resultOwnership: 'none',
    });
    const r = result as EvaluateResult;
    if (r.type === 'exception')
      throw new Error(`firefox chrome-scope evaluate failed: ${r.exceptionDetails?.text ?? '?'}`);
    return r.result?.value;
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
    const channel = `bosun-harness-${Math.random().toString(36).slice(2)}`;
    this.conn.on('script.message', (params) => {
      const p = params as { channel: string; data: { value?: unknown } };
      if (p.channel !== channel || typeof p.data.value !== 'string') return;
      onMessage(JSON.parse(p.data.value) as CapturedMessage);
    });
    await this.conn.send('script.callFunction', {
      functionDeclaration: PARENT_SETUP,
      arguments: [
        { type: 'channel', value: { channel } },
        { type: 'string', value: PROCESS_SCRIPT },
      ],
      target: { context: this.context },
      awaitPromise: true,
      resultOwnership: 'none',
    });
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
