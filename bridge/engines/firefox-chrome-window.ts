/**
 * Firefox's own browser window, reached over WebDriver BiDi. Firefox started with
 * `--remote-allow-system-access` lists its chrome windows to BiDi (browsingContext.getTree with
 * moz:scope chrome), and what is evaluated in browser.xhtml runs with chrome privileges (Services,
 * ChromeUtils, WebExtensionPolicy). puppeteer has no API for this, so raw BiDi commands go over its
 * connection. The bridge (firefox-privileged.ts) and the e2e harness both stand on this.
 */

/** puppeteer's BiDi connection (not in its public types). */
export interface BidiConnection {
  send(method: string, params: object): Promise<{ result: unknown }>;
  on(event: string, handler: (params: unknown) => void): unknown;
  off(event: string, handler: (params: unknown) => void): unknown;
  /** Hands an event to puppeteer as if Firefox had sent it. */
  emit(event: string, params: unknown): unknown;
}

/** What a chrome window needs of the connection. */
export type BidiCommands = Pick<BidiConnection, 'send' | 'on'>;

interface EvaluateResult {
  type: 'success' | 'exception';
  result?: { value?: unknown };
  exceptionDetails?: { text?: string };
}

export class ChromeWindow {
  private constructor(
    readonly connection: BidiCommands,
    private readonly context: string,
  ) {}

  static async open(connection: BidiCommands): Promise<ChromeWindow> {
    const { result } = await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome', maxDepth: 0 });
    const contexts = (result as { contexts: { context: string; url: string }[] }).contexts;
    const window = contexts.find((c) => c.url === 'chrome://browser/content/browser.xhtml') ?? contexts[0];
    if (!window)
      throw new Error('Firefox gave no privileged access (was it started with --remote-allow-system-access?)');
    return new ChromeWindow(connection, window.context);
  }

  /** Evaluates `expression` with chrome privileges; answers its value when it is one BiDi can carry. */
  async evaluate(expression: string): Promise<unknown> {
    const { result } = await this.connection.send('script.evaluate', {
      expression,
      target: { context: this.context },
      awaitPromise: true,
      resultOwnership: 'none',
    });
    const answer = result as EvaluateResult;
    if (answer.type === 'exception')
      throw new Error(`Firefox refused a privileged call: ${answer.exceptionDetails?.text ?? 'unknown error'}`);
    return answer.result?.value;
  }

  /**
   * Runs `parentSetup(send, processScript)` in the parent: `send` posts strings to Node on a fresh
   * BiDi channel, each handed to `onMessage`. Both users load a process script this way, because what
   * they watch happens in content processes BiDi does not see.
   */
  async relay(parentSetup: string, processScript: string, onMessage: (message: string) => void): Promise<void> {
    const channel = `bosun-${Math.random().toString(36).slice(2)}`;
    this.connection.on('script.message', (params) => {
      const { channel: from, data } = params as { channel: string; data: { value?: unknown } };
      if (from === channel && typeof data.value === 'string') onMessage(data.value);
    });
    await this.connection.send('script.callFunction', {
      functionDeclaration: parentSetup,
      arguments: [
        { type: 'channel', value: { channel } },
        { type: 'string', value: processScript },
      ],
      target: { context: this.context },
      awaitPromise: true,
      resultOwnership: 'none',
    });
  }
}
