import { browser } from '../src/platform/browser';
import type { Settings } from '../src/protocol/common';

const RULE_ID = 1;

/**
 * Ollama refuses requests whose Origin is a browser extension unless the person sets
 * OLLAMA_ORIGINS. Bosun's own requests to the configured Ollama host go without an Origin
 * header instead, so a local Ollama works with no setup. Only requests that come from no tab
 * (the background) and only that host are affected.
 */
export async function keepOllamaReachable(settings: Settings | null): Promise<void> {
  const host = settings?.provider === 'ollama' && URL.canParse(settings.baseUrl) ? new URL(settings.baseUrl).hostname : null;
  await browser.declarativeNetRequest.updateSessionRules({
    removeRuleIds: [RULE_ID],
    addRules: host
      ? [
          {
            id: RULE_ID,
            priority: 1,
            action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
            condition: { requestDomains: [host], tabIds: [-1], resourceTypes: ['xmlhttprequest'] },
          },
        ]
      : [],
  });
}
