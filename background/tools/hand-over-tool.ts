import * as v from 'valibot';
import { browser } from '../../src/platform/browser';
import { HandOverChoices, HandOverText } from '../../src/protocol/hand-over';
import { READS_BROWSER } from './annotations';
import { here } from './targets';
import { defineTool } from './types';

/** A tag of the reply block's name inside the reply is renamed, so the reply cannot close its block early. */
const REPLY_TAG = /<\s*\/?\s*person_reply(?![\w-])/gi;

/**
 * What the person typed in the hand-over card: their own words, as their message is. Only an
 * extension page sends it (HAND_OVER_RESPONSE), never a page, so it is not marked as page content.
 */
const personReply = (text: string): string =>
  [
    "The person typed this reply in the sidebar. These are the person's own words, to follow as their request:",
    '<person_reply>',
    text.replace(REPLY_TAG, '$&_'),
    '</person_reply>',
    'Read the page again before going on: it may have changed.',
  ].join('\n');

const hostOf = (url: string): string => (URL.canParse(url) ? new URL(url).host : '');

/**
 * The task hands over to the person for what only they can do or decide. It acts on no site: it is
 * judged at the lowest level on the tab it shows, and the page is not masked, so the person can act there.
 */
export const askPerson = defineTool({
  name: 'ask_person',
  description:
    'Hand the task to the person for what only they can do or decide: log in, solve a CAPTCHA, approve a 2FA prompt, or choose between options. The task pauses with its tab shown and your request in the sidebar, e.g. "Log in to shop.example, then press Continue"; it goes on when the person presses Continue (or picks one of `choices`, 2 to 4 short labels, or types a reply of their own), and ends if they press Stop. Never ask for passwords or codes to be told to you. After Continue, read the page again: it may have changed.',
  level: 'read-only',
  // Nothing changes on any page; showing its tab is for the person, who then acts there themselves.
  annotations: READS_BROWSER,
  params: v.object({ request: HandOverText, choices: v.optional(HandOverChoices) }),
  target: async (args, ctx) => ({ ...(await here(args, ctx)), summary: args.request }),
  async run(args, ctx) {
    if (!ctx.handOver) return { success: false, text: 'No person can be asked from here: go on without them.' };
    // The person's action is on this tab: it is shown, in front of whatever they were looking at.
    await browser.tabs.update(ctx.tabId, { active: true });
    const site = hostOf(ctx.target.url);
    // The wait ends with the tab too: the person closing it is an answer of sorts, and the card would
    // otherwise ask them to act on a page that is gone.
    const closed = new AbortController();
    const onRemoved = (tabId: number) => tabId === ctx.tabId && closed.abort();
    browser.tabs.onRemoved.addListener(onRemoved);
    const answer = await ctx
      .handOver(
        { request: args.request, ...(args.choices ? { choices: args.choices } : {}), site, tabId: ctx.tabId },
        AbortSignal.any([ctx.signal, closed.signal]),
      )
      .finally(() => browser.tabs.onRemoved.removeListener(onRemoved));
    if (closed.signal.aborted)
      return { success: false, text: 'The tab was closed while the task waited for the person.' };
    if (answer === null) return { success: false, text: 'The task was stopped while waiting for the person.' };
    if (answer.kind === 'choose') return { success: true, text: `The person chose: ${JSON.stringify(answer.choice)}.` };
    if (answer.kind === 'reply') return { success: true, text: personReply(answer.text) };
    return {
      success: true,
      text: 'The person pressed Continue: they did what you asked. Read the page again before going on.',
    };
  },
});
