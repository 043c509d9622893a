import { estimateCost, formatCost } from '../../src/llm/pricing';
import type { ChatMessage, ModelPrice } from '../../src/protocol/common';
import type { WorkTab } from '../work-tab';
import type { SiteIdentity } from '../../policy/site';
import type { Policy } from '../state';
import { activity, conversationTokens, siteStatus } from '../status';
import { plainAction } from '../plain-action';
import { showInvisible } from '../../src/show-invisible';
import { t } from '../../src/i18n';
import type { TaskScope } from '../../policy';
import { scopeInWords } from '../plain-scope';

export interface StatusBarProps {
  tab: WorkTab | null;
  policy: Policy | null;
  messages: ChatMessage[];
  busy: boolean;
  /** The running task's scope, once known. */
  scope?: TaskScope | null;
  /** The running action's element by its name on the page, and that page, once the gate has read it. */
  step?: { toolCallId: string; target: string; url: string } | null;
  /** The model's price; null when it is not known, and then no cost is shown. */
  price: ModelPrice | null;
  /** The site of a URL as the background named it; null until it has (site-names.ts). */
  nameSite: (url: string, allowFileUrls: boolean) => SiteIdentity | null;
}

/**
 * At a glance: the page and what Bosun may do there (the running task's page, which may be a tab
 * behind the person's, else the tab a message would work in), what a running task is doing, tokens
 * used and what they cost.
 */
export function StatusBar({ tab, policy, messages, busy, scope, step, price, nameSite }: StatusBarProps) {
  const url = busy && step ? step.url : tab?.url;
  const site = url ? siteStatus(url, policy, nameSite(url, policy?.allowFileUrls ?? false)) : null;
  const now = activity(messages);
  const tokens = conversationTokens(messages);
  return (
    <section class="status-bar" aria-label={t('status_label')} data-testid="status-bar">
      {site ? (
        <span class="status-site" title={url === tab?.url ? tab?.title : url}>
          <span data-testid="status-site">{site.site}</span> ·{' '}
          <span data-testid="status-standing">{site.standing}</span>
        </span>
      ) : null}
      {busy ? (
        <span class="status-activity" aria-live="polite" data-testid="status-activity">
          {now.tool
            ? t(
                'status_step',
                now.step,
                showInvisible(
                  plainAction(now.tool, now.args, undefined, step?.toolCallId === now.id ? step.target : undefined),
                ),
              )
            : t('status_thinking')}
        </span>
      ) : null}
      {busy && scope ? (
        <span class="status-scope" data-testid="status-scope" title={t('status_scope_title')}>
          {scopeInWords(scope)}
        </span>
      ) : null}
      {tokens > 0 ? (
        <span class="status-tokens" data-testid="status-tokens" title={t('status_tokens_title')}>
          {t('status_tokens', tokens.toLocaleString('en'))}
        </span>
      ) : null}
      {tokens > 0 && price ? (
        <span
          class="status-cost"
          data-testid="status-cost"
          title={t('status_cost_title', formatCost(price.inputPerMillion), formatCost(price.outputPerMillion))}
        >
          {t(
            'status_cost',
            formatCost(
              estimateCost(
                messages.flatMap((m) => (m.usage ? [m.usage] : [])),
                price,
              ),
            ),
          )}
        </span>
      ) : null}
    </section>
  );
}
