import { PROVIDER_INFO } from '../src/llm/providers';
import { browser } from '../src/platform/browser';
import type { Settings } from '../src/protocol/common';

const RULE_ID = 1;

/** Where Ollama listens unless told otherwise: first-run detection looks there. */
const DEFAULT_HOST = new URL(PROVIDER_INFO.ollama.defaultBaseUrl).hostname;

/**
 * Ollama refuses requests whose Origin is a browser extension unless the person sets
 * OLLAMA_ORIGINS. Bosun's own requests to the configured Ollama host, and to the default one
 * (detection), go without an Origin header instead, so a local Ollama works with no setup. Only
 * requests that come from no tab (the background) and only those hosts are affected.
 */
export async function keepOllamaReachable(settings: Settings | null): Promise<void> {
  const configured =
    settings?.provider === 'ollama' && URL.canParse(settings.baseUrl) ? new URL(settings.baseUrl).hostname : null;
  await browser.declarativeNetRequest.updateSessionRules({
    removeRuleIds: [RULE_ID],
    addRules: [
      {
        id: RULE_ID,
        priority: 1,
        action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
        condition: {
          requestDomains: [...new Set([DEFAULT_HOST, configured ?? DEFAULT_HOST])],
          tabIds: [-1],
          resourceTypes: ['xmlhttprequest'],
        },
      },
    ],
  });
}
