import type { ChatMessage } from '../../src/protocol/common';
import type { WorkTab } from '../work-tab';
import type { Policy } from '../state';
import { activity, conversationTokens, siteStatus } from '../status';

interface StatusBarProps {
  tab: WorkTab | null;
  policy: Policy | null;
  messages: ChatMessage[];
  busy: boolean;
}

/** At a glance: the page and what Bosun may do there, what a running task is doing, tokens used. */
export function StatusBar({ tab, policy, messages, busy }: StatusBarProps) {
  const site = tab ? siteStatus(tab.url, policy) : null;
  const now = activity(messages);
  const tokens = conversationTokens(messages);
  return (
    <section class="status-bar" aria-label="Status" data-testid="status-bar">
      {site ? (
        <span class="status-site" title={tab?.title}>
          <span data-testid="status-site">{site.site}</span> · <span data-testid="status-standing">{site.standing}</span>
        </span>
      ) : null}
      {busy ? (
        <span class="status-activity" aria-live="polite" data-testid="status-activity">
          {now.tool ? `Step ${now.step}: ${now.tool}` : 'Thinking…'}
        </span>
      ) : null}
      {tokens > 0 ? (
        <span class="status-tokens" data-testid="status-tokens" title="Tokens used by this conversation, as the provider reported them">
          {tokens.toLocaleString('en')} tokens
        </span>
      ) : null}
    </section>
  );
}
