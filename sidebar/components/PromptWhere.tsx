import type { PermissionPrompt as Prompt } from '../state';
import { t } from '../../src/i18n';
import { showInvisible } from '../../src/show-invisible';

/** Who asked, as the person should read it; the gate names requesters by short ids. */
const REQUESTERS: Record<string, string> = {
  chat: t('requester_chat'),
  abp: t('requester_abp'),
};
/** An ABP client's own name for itself, as the gate records it ("abp: <name>"): the client chose it. */
const NAMED_CLIENT = /^abp: (.+)$/s;
/** Longest self-given client name shown; the rest is cut. */
const MAX_CLIENT_NAME = 80;

function requesterInWords(requester: string): string {
  const named = NAMED_CLIENT.exec(requester)?.[1];
  if (named) return t('requester_abp_named', showInvisible(named.slice(0, MAX_CLIENT_NAME)));
  return REQUESTERS[requester] ?? showInvisible(requester);
}

/** The question's site, set in bold inside the sentence, and who asked. */
export function PromptWhere({ prompt }: { prompt: Prompt }) {
  return (
    <p class="prompt-where">
      {t('prompt_where', '\u2063')
        .split('\u2063')
        .flatMap((part, i) =>
          i === 0
            ? [part]
            : [
                <strong key="site" data-testid="prompt-site">
                  {showInvisible(prompt.site)}
                </strong>,
                part,
              ],
        )}
      {prompt.requester ? (
        <span class="prompt-requester">
          {' '}
          · {t('prompt_asked_by')} <span data-testid="prompt-requester">{requesterInWords(prompt.requester)}</span>
        </span>
      ) : null}
    </p>
  );
}
