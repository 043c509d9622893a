/**
 * Words on a button or link that mark an action as critical: money leaves, something is destroyed,
 * or an account ends. Matching is on whole words (Unicode-aware, so "löschen" works and "Sender"
 * or "Deleted items" do not match "send"/"delete") and case-insensitive.
 *
 * Deliberately NOT critical:
 * - "Add to cart" / "Remove from cart": reversible, no money moves; the checkout that follows is.
 * - "Cancel" alone: it closes a dialog. Only "cancel subscription/order/account..." is critical.
 * - "Send" alone, "Sender": sending a message is not sending money.
 * - "Deleted items", "Order history", "Purchase history": navigating to a folder or a list destroys
 *   and buys nothing.
 * - "Add card" alone: Trello-style task cards; "Add credit card" is critical.
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
  readonly match: RegExp;
  /** Benign look-alike phrases (navigation, reversible), cut out of the label before `match`. */
  readonly unless?: RegExp;
}

export const CRITICAL_WORDS: readonly WordRule[] = [
  {
    reason: 'a purchase',
    match: words('buy', 'purchase', 'kaufen', 'acheter', 'comprar', 'acquista'),
    unless: everywhere('purchase\\s+history'),
  },
  {
    reason: 'placing an order',
    match: words(
      `(?:place|submit|confirm|complete|finish)\\s+${DETERMINER}order`,
      'order\\s+now',
      'order\\s+and\\s+pay',
      '(?:zahlungspflichtig|kostenpflichtig\\s+)?bestellen',
      '(?:passer|valider)\\s+(?:la\\s+)?commande',
    ),
  },
  { reason: 'a checkout', match: words('check\\s*-?\\s*out') },
  {
    reason: 'a payment',
    match: words('pay', 'payments?', 'bezahlen', 'payer', 'pagar', 'donate'),
    unless: everywhere('payment\\s+history'),
  },
  {
    reason: 'a payment card',
    match: words('credit\\s*card', 'debit\\s*card', 'card\\s*(?:number|no)', 'cvv2?', 'cvc2?'),
  },
  {
    reason: 'deleting something',
    match: words('delete', 'erase', 'destroy', 'wipe', 'permanently', 'löschen', 'supprimer', 'eliminar', 'borrar'),
  },
  {
    reason: 'removing something',
    match: words('remove'),
    unless: everywhere(`remove\\s+(?:\\S+\\s+){0,3}?(?:from\\s+${DETERMINER})?(?:cart|basket|bag|wishlist|filters?)`),
  },
  {
    reason: 'cancelling a subscription, order or account',
    match: words(
      `cancel\\s+${DETERMINER}(?:subscription|membership|plan|account|order|booking|reservation|payment|transfer|auto-?renewal)s?`,
      `end\\s+${DETERMINER}(?:subscription|membership)`,
    ),
  },
  {
    reason: 'closing an account',
    match: words(`(?:close|deactivate|terminate)\\s+${DETERMINER}account`),
  },
  {
    reason: 'sending or transferring money',
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
];
