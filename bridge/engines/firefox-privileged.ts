/**
 * Firefox: what WebDriver BiDi does not say, read with chrome privileges. Firefox started with
 * `--remote-allow-system-access` lets the BiDi session evaluate in its own browser window
 * (browsingContext.getTree with moz:scope chrome), where Services and the observer service are at hand:
 * - which responses a service worker produced (BiDi marks them only as `fromCache`);
 * - the consoles of the sites' service workers (BiDi's log module does not cover them);
 * - offline for service workers (BiDi's offline emulation covers the tab only);
 * - the element Bosun's page engine marked, from its content script's world (BiDi reaches only the
 *   page's and its own sandboxes), as a BiDi shared id the bridge acts on;
 * - the tab's id in the extension, asked from that same world (src/abp/which-tab.ts).
 */

import { MARKED_GLOBAL } from '../../src/abp/marked-global';
import { WHICH_TAB_EXPRESSION } from '../../src/abp/which-tab';
import { NOT_MARKED, type MarkedPart } from './engine';
import { ChromeWindow, type BidiConnection } from './firefox-chrome-window';

export type { BidiConnection };

export interface WorkerConsoleMessage {
  level: string;
  text: string;
  file: string;
}

/**
 * In the parent process: reports synthesized responses and relays the process script's messages on
 * the BiDi channel; cancels the network requests of the sites' workers while `__bosunBridge.offline`
 * is set (a worker's own fetch has no browsing context; Bosun's and Firefox's own requests are spared).
 */
const PARENT_SETUP = `function (send, processScript) {
  const state = (globalThis.__bosunBridge = { offline: false });
  Services.obs.addObserver({ observe(subject) {
    try { send(JSON.stringify({ kind: 'synthesized', url: subject.QueryInterface(Ci.nsIChannel).URI.spec })); } catch {}
  } }, 'service-worker-synthesized-response');
  Services.obs.addObserver({ observe(subject) {
    if (!state.offline) return;
    const channel = subject.QueryInterface(Ci.nsIHttpChannel);
    const info = channel.loadInfo;
    const principal = info.triggeringPrincipal;
    if (info.browsingContextID !== 0 || principal.isSystemPrincipal || principal.addonId) return;
    channel.cancel(Cr.NS_ERROR_OFFLINE);
  } }, 'http-on-modify-request');
  Services.ppmm.addMessageListener('bosun-bridge:worker-console', { receiveMessage: (m) => send(JSON.stringify({ kind: 'console', ...m.data })) });
  // Questions to the content process that holds a tab's document (PROCESS_SCRIPT), each answered by id.
  const asked = new Map();
  let asks = 0;
  Services.ppmm.addMessageListener('bosun-bridge:answer', { receiveMessage: (m) => asked.get(m.data.id)?.(m.data) });
  const askContent = (context, topic, data) => new Promise((resolve) => {
    const { NavigableManager } = ChromeUtils.importESModule('chrome://remote/content/shared/NavigableManager.sys.mjs');
    const browsingContext = NavigableManager.getBrowsingContextById(context);
    if (!browsingContext) return resolve(JSON.stringify({ error: 'the tab is gone' }));
    const id = ++asks;
    const done = (answer) => { asked.delete(id); clearTimeout(timer); resolve(JSON.stringify(answer)); };
    const timer = setTimeout(() => done({ error: 'no content process answered' }), 5000);
    asked.set(id, done);
    Services.ppmm.broadcastAsyncMessage(topic, { id, browsingContextId: browsingContext.id, ...data });
  });
  // A marked element, as a shared id.
  state.markedElement = (context, extensionId, mark, part) =>
    askContent(context, 'bosun-bridge:find-marked', { extensionId, mark, part });
  // The tab's id in the extension, as Bosun's content script of its top frame is told it (WHICH_TAB).
  state.whichTab = (context, extensionId) => askContent(context, 'bosun-bridge:which-tab', { extensionId });
  // The parent refuses a data: script unless security.allow_parent_unrestricted_js_loads is set: set
  // for this one load only, and cleared (also from a profile an older bridge left it in) right after,
  // so no other script loads that way for the rest of the session. Content processes, where the
  // sites' workers run, load it without the pref, now and as they start.
  const PREF = 'security.allow_parent_unrestricted_js_loads';
  Services.prefs.setBoolPref(PREF, true);
  try {
    Services.ppmm.loadProcessScript('data:,' + encodeURIComponent(processScript), true);
  } finally {
    Services.prefs.clearUserPref(PREF);
  }
}`;

/**
 * In every content process: the console calls of the sites' service workers; and, in the process
 * of the asked tab, the element Bosun's content script marked (its global MARKED_GLOBAL, in the
 * content script's sandbox) registered in the WebDriver session's node cache, so BiDi commands take
 * it by the shared id answered. The page's own world never sees the element named.
 */
const PROCESS_SCRIPT = `
Cc['@mozilla.org/consoleAPI-storage;1'].getService(Ci.nsIConsoleAPIStorage).addLogEventListener((m) => {
  if (m.innerID !== 'ServiceWorker' || !/^https?:/.test(m.filename ?? '')) return;
  const text = Array.from(m.arguments ?? [], (a) => { try { return String(a); } catch { return '?'; } }).join(' ');
  sendAsyncMessage('bosun-bridge:worker-console', { level: m.level, text, file: m.filename });
}, Services.scriptSecurityManager.getSystemPrincipal());
addMessageListener('bosun-bridge:find-marked', ({ data }) => {
  let window = null;
  try { window = BrowsingContext.get(data.browsingContextId)?.window ?? null; } catch {}
  if (!window) return;
  let answer;
  try {
    const { ExtensionContent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionContent.sys.mjs');
    const sandbox = ExtensionContent.getContextByExtensionId(data.extensionId, window)?.sandbox;
    const marked = sandbox ? Cu.evalInSandbox('globalThis.${MARKED_GLOBAL}', sandbox) : null;
    const node = marked && marked.mark === data.mark ? marked[data.part === 'control' ? 'control' : 'element'] : null;
    answer = node
      ? { sharedId: ChromeUtils.domProcessChild.getActor('WebDriverProcessData').getNodeCache().getOrCreateNodeReference(node, new Map()) }
      : { error: ${JSON.stringify(NOT_MARKED)} };
  } catch (error) {
    answer = { error: String(error) };
  }
  sendAsyncMessage('bosun-bridge:answer', { id: data.id, ...answer });
});
addMessageListener('bosun-bridge:which-tab', ({ data }) => {
  let window = null;
  try { window = BrowsingContext.get(data.browsingContextId)?.window ?? null; } catch {}
  if (!window) return;
  const answer = (reply) => sendAsyncMessage('bosun-bridge:answer', { id: data.id, ...reply });
  try {
    const { ExtensionContent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionContent.sys.mjs');
    const sandbox = ExtensionContent.getContextByExtensionId(data.extensionId, window)?.sandbox;
    if (!sandbox) return answer({ absent: true });
    Cu.evalInSandbox(${JSON.stringify(WHICH_TAB_EXPRESSION)}, sandbox).then(
      (text) => answer({ text: String(text) }),
      (error) => answer({ error: String(error) }),
    );
  } catch (error) {
    answer({ error: String(error) });
  }
});
`;

export class FirefoxPrivileged {
  private constructor(private readonly window: ChromeWindow) {}

  static async open(connection: BidiConnection): Promise<FirefoxPrivileged> {
    return new FirefoxPrivileged(await ChromeWindow.open(connection));
  }

  /** Starts reporting; call before pages load. */
  async watch(
    onSynthesized: (url: string) => void,
    onWorkerConsole: (message: WorkerConsoleMessage) => void,
  ): Promise<void> {
    await this.window.relay(PARENT_SETUP, PROCESS_SCRIPT, (text) => {
      const message = JSON.parse(text) as { kind: string; url?: string } & WorkerConsoleMessage;
      if (message.kind === 'synthesized' && message.url) onSynthesized(message.url);
      if (message.kind === 'console') onWorkerConsole({ level: message.level, text: message.text, file: message.file });
    });
  }

  /**
   * The URL of the entry `delta` steps away in a tab's session history (null past either end),
   * read from the parent's session history of the BiDi context: BiDi itself has no history list.
   */
  async historyUrl(context: string, delta: number): Promise<string | null> {
    const url = await this.window.evaluate(`(() => {
      const { NavigableManager } = ChromeUtils.importESModule('chrome://remote/content/shared/NavigableManager.sys.mjs');
      const history = NavigableManager.getBrowsingContextById(${JSON.stringify(context)})?.sessionHistory;
      const index = history ? history.index + ${Math.trunc(delta)} : -1;
      return history && index >= 0 && index < history.count ? history.getEntryAtIndex(index).URI.spec : null;
    })()`);
    return typeof url === 'string' ? url : null;
  }

  /** The BiDi shared id of the element Bosun's page engine marked in a BiDi context. */
  async markedElement(context: string, extensionId: string, mark: string, part: MarkedPart): Promise<string> {
    const args = [context, extensionId, mark, part].map((arg) => JSON.stringify(arg)).join(', ');
    const answer = JSON.parse(
      String(await this.window.evaluate(`globalThis.__bosunBridge.markedElement(${args})`)),
    ) as {
      sharedId?: string;
      error?: string;
    };
    if (!answer.sharedId) throw new Error(answer.error ?? NOT_MARKED);
    return answer.sharedId;
  }

  /**
   * What Bosun's content script in a BiDi context's top frame was answered to WHICH_TAB (JSON text);
   * null where the document has none (Firefox's PDF viewer).
   */
  async whichTab(context: string, extensionId: string): Promise<string | null> {
    const args = [context, extensionId].map((arg) => JSON.stringify(arg)).join(', ');
    const answer = JSON.parse(String(await this.window.evaluate(`globalThis.__bosunBridge.whichTab(${args})`))) as {
      text?: string;
      absent?: true;
      error?: string;
    };
    if (answer.absent) return null;
    if (answer.text === undefined) throw new Error(answer.error ?? 'no answer');
    return answer.text;
  }

  async setWorkersOffline(offline: boolean): Promise<void> {
    await this.window.evaluate(`globalThis.__bosunBridge.offline = ${offline ? 'true' : 'false'}`);
  }
}
