import type { PermissionLevel } from './vocabulary';
import type { Commitment, TaskScope } from './task-scope';
import { normalizeText } from './text-skeleton';

/**
 * The keyword fallback for a task's scope, used when the model's scope answer fails (an error, a
 * timeout, an answer that is not the JSON asked for). It errs narrow: a scope too narrow costs the
 * person one question with a "for this task" button, one too wide lets a page's instructions act.
 * So commitments match verbs in the forms a request uses ("post a reply", not "summarise the post").
 */

const START = '(?<![\\p{L}\\p{N}_])';
const END = '(?![\\p{L}\\p{N}_])';
const words = (...phrases: string[]): RegExp => new RegExp(`${START}(?:${phrases.join('|')})${END}`, 'iu');

/** Something a verb acts on: "post a reply", "send it", "delete my draft". */
const OBJ = '\\s+(?:a|an|the|this|that|these|those|it|them|my|our|his|her|their|some|all|every|to|on|for)';

const COMMITMENT_WORDS: readonly { commitment: Commitment; match: RegExp }[] = [
  {
    commitment: 'buy',
    match: words(
      'buy',
      'purchase',
      `order${OBJ}`,
      'place\\s+(?:an?|the|my)\\s+order',
      'pay',
      'check\\s*-?\\s*out',
      `book${OBJ}`,
      'subscribe',
      'upgrade',
      'donate',
      'bid',
      'rent',
      'transfer',
    ),
  },
  {
    commitment: 'send',
    match: words(
      `send${OBJ}`,
      'send',
      `post${OBJ}`,
      'publish',
      'tweet',
      `reply${OBJ}`,
      `comment${OBJ}`,
      'e-?mail\\s+(?:him|her|them|it|back)',
    ),
  },
  { commitment: 'delete', match: words('delete', 'remove', 'erase', 'wipe', `cancel${OBJ}`, 'unsubscribe') },
  {
    commitment: 'account',
    match: words(
      '(?:change|reset|update|set)\\s+(?:\\S+\\s+){0,2}?(?:password|e-?mail|phone|two-?\\s?factor|2fa|settings)',
      'close\\s+(?:my\\s+)?account',
      'disable',
      'deactivate',
      'disconnect',
    ),
  },
  { commitment: 'share', match: words('share', 'invite', 'make\\s+(?:\\S+\\s+){0,2}?(?:public|private)') },
  {
    commitment: 'approve',
    match: words(
      'approve',
      'confirm',
      'authori[sz]e',
      'accept',
      'merge',
      'deploy',
      'sign\\s+(?:the\\s+)?(?:contract|document|agreement)',
    ),
  },
];

/** Words that need each level, highest first; a request needs the highest level it names. */
const LEVEL_WORDS: readonly { level: PermissionLevel; match: RegExp }[] = [
  {
    level: 'submit',
    match: words(
      'submit',
      'sign\\s+up',
      'register',
      'log\\s*-?\\s*in',
      'sign\\s+in',
      'save',
      'apply\\s+(?:for|to)',
      `apply${OBJ}`,
      'upload',
      'create',
      'add\\s+(?:\\S+\\s+){0,4}?to\\s+(?:my\\s+|the\\s+)?(?:cart|basket|bag)',
    ),
  },
  {
    level: 'interact',
    match: words(
      'click',
      'press',
      'tap',
      'fill',
      `type${OBJ}`,
      'type\\s+in',
      `enter${OBJ}`,
      'select',
      'choose',
      'pick',
      'tick',
      'check\\s+(?:the|this)',
      'toggle',
      'expand',
      'collapse',
      'scroll',
      'write',
      'edit',
      'change',
      'set',
      'update',
      'sort',
      'filter',
      'add',
      'play',
      'pause',
      'download',
    ),
  },
  {
    level: 'navigate',
    match: words(
      'go',
      'open',
      'visit',
      'navigate',
      'search',
      'look\\s+up',
      'browse',
      'follow',
      'next\\s+page',
      'take\\s+me',
      'switch\\s+to',
    ),
  },
];

/** Longer requests are judged on their first part only, as labels are: a regex over megabytes is a DoS. */
const MAX_JUDGED = 4000;

/** The scope the person's words ask for, by keywords alone. Pure; never throws. */
export function keywordScope(request: string): TaskScope {
  const text = typeof request === 'string' ? normalizeText(request.slice(0, MAX_JUDGED)) : '';
  const commitments = COMMITMENT_WORDS.filter((rule) => rule.match.test(text)).map((rule) => rule.commitment);
  // Committing to anything is a submit, whatever other words the request uses.
  if (commitments.length > 0) return { level: 'submit', commitments };
  const hit = LEVEL_WORDS.find((rule) => rule.match.test(text));
  return { level: hit?.level ?? 'read-only', commitments: [] };
}
