import type * as v from 'valibot';
import type { ContentResponses } from '../../src/protocol/background-to-content';
import { untrusted } from './untrusted';

type SeenDialog = NonNullable<v.InferOutput<typeof ContentResponses.ACTION>['dialogs']>[number];

const NAMED = { alert: 'An alert dialog', confirm: 'A confirm dialog', prompt: 'A prompt dialog' } as const;
const answer = (d: SeenDialog) =>
  d.type === 'alert'
    ? 'OK'
    : d.type === 'beforeunload'
      ? d.accepted
        ? 'left the page'
        : 'stayed on the page'
      : d.accepted
        ? 'accepted'
        : 'Cancel';
const said = (d: SeenDialog & { type: keyof typeof NAMED }) =>
  `${NAMED[d.type]}: "${d.message}"${d.type === 'prompt' && d.defaultValue ? ` (default text "${d.defaultValue}")` : ''}`;
const worded = (d: SeenDialog): d is SeenDialog & { type: keyof typeof NAMED } => d.type !== 'beforeunload';
// Browsers show none of the page's words in a leave-page prompt, and give its handlers none to say.
const LEAVE_PAGE =
  "A leave-page prompt: the page asks to confirm leaving it; unsaved changes may be lost (browsers show no text of the page's in it).";

/**
 * What an action's answer says of the dialogs the page opened during it: their words are the
 * page's (marked as such); how Bosun answered them, and how to accept one, are Bosun's.
 */
export function dialogsReport(dialogs: readonly SeenDialog[]): string {
  const one = dialogs.length === 1;
  const answers = dialogs.map((d, i) => `dialog ${i + 1}: ${answer(d)}`).join(', ');
  const words = dialogs.filter(worded);
  const lines = [
    `The page opened ${one ? 'a dialog' : `${dialogs.length} dialogs`}; Bosun answered in the person's place (${answers}).${words.length ? ` What ${words.length === 1 ? 'it' : 'they'} said:` : ''}`,
  ];
  if (words.length) lines.push(untrusted(words.map(said).join('\n')));
  if (dialogs.some((d) => d.type === 'beforeunload' && !d.accepted))
    lines.push(
      `${LEAVE_PAGE} Bosun stayed on the page. If the person asked to leave it anyway, call accept_dialog, then do the same action again.`,
    );
  if (words.some((d) => answer(d) === 'Cancel'))
    lines.push(
      'A dismissed dialog usually means the page did not do what it asked about. If the person asked for exactly that, call accept_dialog, then do the same action again.',
    );
  return lines.join('\n');
}
