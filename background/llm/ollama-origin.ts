import { PROVIDER_INFO } from '../../src/llm/providers';
import { browser } from '../../src/platform/browser';
import type { Settings } from '../../src/protocol/common';

/** The rule for the configured provider; passing rules (detection, Test connection) count up from here. */
const PROVIDER_RULE_ID = 1;
const FIRST_PASSING_RULE_ID = 1000;
let nextPassingRuleId = FIRST_PASSING_RULE_ID;
/** Passing rules of requests still running in this background; any other one was left by a stopped one. */
const inFlight = new Set<number>();

/** Where first-run detection looks for Ollama. */
export const DEFAULT_OLLAMA: Settings = {
  provider: 'ollama',
  baseUrl: PROVIDER_INFO.ollama.defaultBaseUrl,
  model: '',
  apiKey: '',
};

/**
 * Ollama refuses requests whose Origin is a browser extension unless the person sets
 * OLLAMA_ORIGINS. Bosun's own requests to that one Ollama go without an Origin header instead, so
 * a local Ollama works with no setup. The rule must not weaken Ollama's check against websites:
 * a web page's service-worker requests also come from no tab (tabId -1), so the rule matches only
 * requests Bosun itself starts (initiator: Bosun's own origin) to that exact scheme, host and port.
 */
function originRule(id: number, baseUrl: string) {
  return {
    id,
    priority: 1,
    action: {
      type: 'modifyHeaders' as const,
      requestHeaders: [{ header: 'origin', operation: 'remove' as const }],
    },
    condition: {
      // `|` anchors the filter at the start of the URL: "http://localhost:11434/" and nothing else.
      urlFilter: `|${new URL(baseUrl).origin}/`,
      // Chrome: the extension's id; Firefox: its moz-extension UUID, the host of its own pages.
      initiatorDomains: [new URL(browser.runtime.getURL('/')).host],
      tabIds: [-1],
      resourceTypes: ['xmlhttprequest' as const],
    },
  };
}

const isOllama = (settings: Settings | null): settings is Settings =>
  settings?.provider === 'ollama' && URL.canParse(settings.baseUrl);

/**
 * The rule exists only while Ollama is the configured provider, for its base URL; any other
 * provider, or none, removes it. Session rules outlive a stopped background: passing rules it
 * left behind go too.
 */
export async function keepOllamaReachable(settings: Settings | null): Promise<void> {
  const left = (await browser.declarativeNetRequest.getSessionRules())
    .map((rule) => rule.id)
    .filter((id) => id >= FIRST_PASSING_RULE_ID && !inFlight.has(id));
  await browser.declarativeNetRequest.updateSessionRules({
    removeRuleIds: [PROVIDER_RULE_ID, ...left],
    addRules: isOllama(settings) ? [originRule(PROVIDER_RULE_ID, settings.baseUrl)] : [],
  });
}

/**
 * Runs one request to an Ollama that is not (yet) the configured provider (first-run detection,
 * Test connection before Save) with the same rule for that base URL, removed as soon as it ends.
 * Any other provider runs as it is.
 */
export async function whileReachingOllama<T>(settings: Settings, request: () => Promise<T>): Promise<T> {
  if (!isOllama(settings)) return request();
  const taken = (await browser.declarativeNetRequest.getSessionRules()).map((rule) => rule.id);
  const id = Math.max(nextPassingRuleId, ...taken.map((n) => n + 1));
  nextPassingRuleId = id + 1;
  inFlight.add(id);
  try {
    await browser.declarativeNetRequest.updateSessionRules({ addRules: [originRule(id, settings.baseUrl)] });
    return await request();
  } finally {
    inFlight.delete(id);
    await browser.declarativeNetRequest.updateSessionRules({ removeRuleIds: [id] });
  }
}
