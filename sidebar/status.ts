import { isLive } from '../policy/grants';
import type { SiteIdentity } from '../policy/site';
import type { ChatMessage } from '../src/protocol/common';
import type { Policy } from './state';
import { t } from '../src/i18n';
import { toolInWords } from './tool-names';

const TRUST_LABEL: Record<string, string> = {
  'read-only': t('trust_read_only'),
  navigate: t('trust_navigate'),
  interact: t('trust_interact'),
  submit: t('trust_submit'),
  blocked: t('trust_blocked'),
};

/**
 * The site of a page and what the person's policy says about it, in words. Null for a blank page
 * and while the background has not named the site yet (`identity`, from site-names.ts).
 */
export function siteStatus(
  url: string,
  policy: Policy | null,
  identity: SiteIdentity | null,
  now = Date.now(),
): { site: string; standing: string } | null {
  if (!url || url === 'about:blank' || identity === null || identity.kind === 'invalid') return null;
  if (identity.kind === 'restricted')
    return { site: new URL(url).protocol.replace(/:$/, ''), standing: t('status_restricted', identity.reason) };
  const rule = policy
    ? Object.hasOwn(policy.sites, identity.site)
      ? policy.sites[identity.site]
      : undefined
    : undefined;
  if (rule) return { site: identity.site, standing: TRUST_LABEL[rule] ?? rule };
  // A workflow's run-scoped allows apply to its steps only, not to what the chat may do here.
  const allowed = [
    ...new Set(
      (policy?.grants ?? [])
        .filter((g) => g.site === identity.site && g.effect === 'allow' && g.scope !== 'run' && isLive(g, now))
        .map((g) => toolInWords(g.tool).toLowerCase()),
    ),
  ];
  return {
    site: identity.site,
    standing: allowed.length > 0 ? t('status_allowed', allowed.join(', ')) : t('status_asks'),
  };
}

/** What a running task is doing: its step number and the tool call it is running, if any. */
export function activity(messages: readonly ChatMessage[]): {
  step: number;
  /** The running call's id, name and arguments. */
  id: string | null;
  tool: string | null;
  args: Record<string, unknown>;
} {
  let lastUser = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role === 'user') {
      lastUser = i;
      break;
    }
  }
  const task = messages.slice(lastUser + 1);
  const done = new Set(task.filter((m) => m.role === 'tool').map((m) => m.toolCallId));
  const pending = task.flatMap((m) => m.toolCalls ?? []).find((call) => !done.has(call.id));
  return {
    step: done.size + (pending ? 1 : 0),
    id: pending?.id ?? null,
    tool: pending?.name ?? null,
    args: pending?.args ?? {},
  };
}

/** Tokens used by the conversation, as the provider reported them. */
export const conversationTokens = (messages: readonly ChatMessage[]): number =>
  messages.reduce((sum, m) => sum + (m.usage?.totalTokens ?? 0), 0);
