import type { Commitment } from './task-scope';

/**
 * Words on a button or link that mark an action as critical: money leaves, something is destroyed,
 * an account ends or changes hands, or something is sent, published or approved in the person's
 * name. Matching is on whole words (Unicode-aware, so "löschen" works and "Sender" or "Deleted
 * items" do not match "send"/"delete") and case-insensitive, on the label's normalized form and its
 * Latin skeleton (see text-skeleton.ts).
 *
 * Deliberately NOT critical:
 * - "Add to cart" / "Remove from cart": reversible, no money moves; the checkout that follows is.
 * - "Cancel" alone: it closes a dialog. Only "cancel subscription/order/account..." is critical.
 * - "Sender", "Sent", "Posts", "Shared with me": folders and lists, not acts.
 * - "Deleted items", "Order history", "Purchase history": navigating to a folder or a list destroys
 *   and buys nothing.
 * - "Add card" alone: Trello-style task cards; "Add credit card" is critical.
 * - "Reset filters", "Remove filter": they change a view, not the person's data.
 */

const START = '(?<![\\p{L}\\p{N}_])';
const END = '(?![\\p{L}\\p{N}_])';

/** One regex matching any of the phrases (regex fragments) as whole words. */
export const words = (...phrases: string[]): RegExp => new RegExp(`${START}(?:${phrases.join('|')})${END}`, 'iu');

/** The same, global: for cutting benign phrases out of a label before matching. */
const everywhere = (...phrases: string[]): RegExp => new RegExp(words(...phrases).source, 'giu');

const DETERMINER = '(?:(?:my|your|the|this|an?)\\s+)?';

export interface WordRule {
  readonly reason: string;
  /** What a click with these words commits the person to, checked against the task's scope. */
  readonly commitment: Commitment;
  readonly match: RegExp;
  /** Benign look-alike phrases (navigation, reversible), cut out of the label before `match`. */
  readonly unless?: RegExp;
}

export const CRITICAL_WORDS: readonly WordRule[] = [
  {
    reason: 'a purchase',
    commitment: 'buy',
    match: words('buy', 'purchase', 'kaufen', 'acheter', 'comprar', 'acquista'),
    unless: everywhere('purchase\\s+history'),
  },
  {
    reason: 'placing an order',
    commitment: 'buy',
    match: words(
      `(?:place|submit|confirm|complete|finish)\\s+${DETERMINER}order`,
      'order\\s+now',
      'order\\s+and\\s+pay',
      '(?:zahlungspflichtig|kostenpflichtig\\s+)?bestellen',
      '(?:passer|valider)\\s+(?:la\\s+)?commande',
    ),
  },
  { reason: 'a checkout', commitment: 'buy', match: words('check\\s*-?\\s*out') },
  {
    reason: 'a payment',
    commitment: 'buy',
    match: words('pay', 'payments?', 'bezahlen', 'payer', 'pagar', 'donate'),
    unless: everywhere('payment\\s+history'),
  },
  {
    reason: 'a payment card',
    commitment: 'buy',
    match: words('credit\\s*card', 'debit\\s*card', 'card\\s*(?:number|no)', 'cvv2?', 'cvc2?'),
  },
  {
    reason: 'deleting something',
    commitment: 'delete',
    match: words('delete', 'erase', 'destroy', 'wipe', 'permanently', 'löschen', 'supprimer', 'eliminar', 'borrar'),
  },
  {
    reason: 'removing something',
    commitment: 'delete',
    match: words('remove'),
    unless: everywhere(`remove\\s+(?:\\S+\\s+){0,3}?(?:from\\s+${DETERMINER})?(?:cart|basket|bag|wishlist|filters?)`),
  },
  {
    reason: 'cancelling a subscription, order or account',
    commitment: 'delete',
    match: words(
      `cancel\\s+${DETERMINER}(?:subscription|membership|plan|account|order|booking|reservation|payment|transfer|auto-?renewal)s?`,
      `end\\s+${DETERMINER}(?:subscription|membership)`,
    ),
  },
  {
    reason: 'closing an account',
    commitment: 'account',
    match: words(`(?:close|deactivate|terminate)\\s+${DETERMINER}account`),
  },
  {
    reason: 'sending or transferring money',
    commitment: 'buy',
    match: words(
      'send\\s+(?:money|funds|cash|payment)',
      'send\\s+[$€£¥]?\\s?\\d+(?:[.,]\\d+)?',
      'transfer',
      'withdraw',
      'wire',
      'überweisen',
      'virement',
    ),
  },
  {
    reason: 'a purchase, booking or bid',
    commitment: 'buy',
    match: words(
      '(?:place\\s+(?:a\\s+)?)?bid(?:\\s+now)?',
      'book\\s+now',
      'reserve\\s+now',
      'rent\\s+now',
      'sell',
      'trade',
    ),
  },
  {
    reason: 'sending or publishing something in your name',
    commitment: 'send',
    match: words(
      'send',
      'post',
      'publish',
      'tweet',
      'retweet',
      'repost',
      'share',
      'broadcast',
      'comment',
      'reply\\s+all',
    ),
    unless: everywhere('share\\s+(?:on\\s+)?(?:screen|feedback)'),
  },
  {
    reason: 'confirming or approving something',
    commitment: 'approve',
    match: words(
      'confirm',
      'approve',
      'authori[sz]e',
      'consent',
      'grant\\s+access',
      'allow\\s+access',
      'sign\\s+(?:the\\s+)?(?:document|contract|agreement)',
    ),
  },
  {
    reason: 'changing a password or how you sign in',
    commitment: 'account',
    match: words(
      'pass(?:word|wd|code|phrase)s?',
      'passwort',
      'mot\\s+de\\s+passe',
      'contraseña',
      'two-?\\s?(?:factor|step)',
      '2fa',
      'mfa',
      'multi-?\\s?factor',
      'authenticator',
      'security\\s+keys?',
      'passkeys?',
      '(?:recovery|backup)\\s+(?:codes?|e-?mail|phone)',
    ),
  },
  {
    reason: 'changing your e-mail address or phone number',
    commitment: 'account',
    match: words(
      `(?:change|update|edit|set|replace|verify|save)\\s+${DETERMINER}(?:e-?mail|phone|mobile)(?:\\s+(?:address|number))?`,
    ),
  },
  {
    reason: 'changing who can see or use something',
    commitment: 'share',
    match: words(
      'make\\s+(?:\\S+\\s+){0,2}?(?:public|private)',
      'change\\s+(?:\\S+\\s+)?visibility',
      'invite',
      'add\\s+(?:a\\s+)?(?:members?|collaborators?|people|users?|admins?|owners?)',
      'revoke',
      'leave\\s+(?:this\\s+)?(?:organi[sz]ation|team|group|workspace)',
    ),
  },
  {
    reason: 'merging, deploying or resetting',
    commitment: 'approve',
    match: words('merge', 'deploy', 'force\\s+push', 'reset', 'factory\\s+reset', 'archive'),
    unless: everywhere('reset\\s+(?:all\\s+)?(?:filters?|search|zoom|view|sorting)'),
  },
  {
    reason: 'a subscription or plan change',
    commitment: 'buy',
    match: words(
      'subscribe',
      'unsubscribe',
      'upgrade',
      'downgrade',
      'renew',
      'start\\s+(?:\\S+\\s+)?trial',
      'enrol{1,2}',
    ),
  },
  {
    reason: 'disabling or disconnecting something',
    commitment: 'account',
    match: words('disable', 'deactivate', 'disconnect', 'unlink', 'terminate'),
  },
];
