// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { criticalReason, isCriticalAction, type CriticalContext } from '../../policy';

const PAGE = 'https://shop.example.com/product/42';

describe('isCriticalAction: labels that are critical', () => {
  it.each([
    'Buy now',
    'BUY NOW',
    'buy',
    'Buy again',
    'Purchase',
    'Confirm purchase',
    'Place order',
    'Place your order',
    'Submit order',
    'Order now',
    'Checkout',
    'Proceed to checkout',
    'Check out',
    'Check-out',
    'Pay',
    'Pay $12',
    'Pay now',
    'Pay with PayPal',
    'Add payment method',
    'Make a payment',
    'Donate',
    'Add credit card',
    'Enter CVV',
    'Delete',
    'Delete account',
    'Delete permanently',
    'Erase all data',
    'Remove',
    'Remove member',
    'Remove repository',
    'Cancel subscription',
    'Cancel my membership',
    'Cancel order',
    'End subscription',
    'Close account',
    'Deactivate your account',
    'Send money',
    'Send $20',
    'Send 50.00',
    'Transfer',
    'Transfer ownership',
    'Wire transfer',
    'Withdraw',
    'Jetzt kaufen',
    'Zahlungspflichtig bestellen',
    'Löschen',
    'Passer la commande',
    'P\u200Bay now',
    'Ｐａｙ',
    '  buy\n now  ',
  ])('%j is critical', (label) => {
    expect(isCriticalAction(label, PAGE)).toBe(true);
  });
});

describe('isCriticalAction: labels that are not', () => {
  it.each([
    'Add to cart',
    'Add to basket',
    'Remove from cart',
    'Remove item from your cart',
    'Remove filter',
    'Remove all filters',
    'Cancel',
    'Sender',
    'Sent',
    'Posts',
    'Shared with me',
    'Reset filters',
    'Deleted items',
    'Undelete',
    'Order history',
    'Orders',
    'Purchase history',
    'Payment history',
    'PayPal',
    'Payday loans explained',
    'Buyer protection',
    'Add card',
    'Next',
    'Search',
    'Read more',
    'Sign in',
    'Wireless headphones',
    'Transferable skills',
    '',
  ])('%j is not critical', (label) => {
    expect(isCriticalAction(label, PAGE)).toBe(false);
  });
});

describe('isCriticalAction: checkout and payment URLs', () => {
  it.each([
    'https://shop.example.com/checkout',
    'https://shop.example.com/cart/checkout',
    'https://shop.example.com/checkout.php?step=2',
    'https://shop.example.com/checkouts/abc123',
    'https://shop.example.com/payment',
    'https://shop.example.com/account/billing',
    'https://shop.example.com/pay/',
    'https://shop.example.com/Checkout',
    'https://pay.example.com/',
    'https://checkout.stripe.com/c/pay/cs_test',
  ])('%s is critical even for a plain label', (url) => {
    expect(isCriticalAction('Continue', url)).toBe(true);
  });

  it.each([
    'https://shop.example.com/cart',
    'https://shop.example.com/payday-loans',
    'https://shop.example.com/blog/how-to-pay-less',
    'https://example.com/?next=/checkout',
    'https://paypal.example.com/',
    'not a url',
    '',
  ])('%s is not', (url) => {
    expect(isCriticalAction('Continue', url)).toBe(false);
  });
});

describe('criticalReason: fields, forms and reasons', () => {
  it.each<[CriticalContext, RegExp]>([
    [{ label: 'Buy now' }, /purchase/],
    [{ label: 'Delete account' }, /deleting/],
    [{ label: 'Cancel subscription' }, /cancelling/],
    [{ label: 'Send money' }, /money/],
    [{ label: 'Sign in', fieldTypes: ['email', 'password'] }, /password/],
    [{ label: 'Save', fieldTypes: ['PASSWORD'] }, /password/],
    [{ label: 'Save', autocomplete: ['cc-number'] }, /card/],
    [{ label: 'Save', autocomplete: ['section-pay billing cc-csc'] }, /card/],
    [{ label: 'Save', autocomplete: ['cc-exp'] }, /card/],
    [{ label: 'Save', autocomplete: ['new-password'] }, /password/],
    [{ label: 'Verify', autocomplete: ['one-time-code'] }, /one-time/],
    [{ label: 'Save', fieldNames: ['cardNumber'] }, /card/],
    [{ label: 'Save', fieldNames: ['card_number'] }, /card/],
    [{ label: 'Save', fieldNames: ['CVV'] }, /card/],
    [{ label: 'Save', fieldNames: ['cc-csc'] }, /card/],
    [{ label: 'Save', fieldNames: ['Security code'] }, /card/],
    [{ label: 'Continue', url: '/checkout', pageUrl: PAGE }, /checkout/],
    [{ label: 'Submit', formAction: '/billing/update', pageUrl: PAGE }, /billing/],
    [{ label: 'Submit', formAction: 'https://collector.evil.test/x', pageUrl: PAGE }, /another site/],
    [{ label: 'Submit', formAction: 'javascript:void 0', pageUrl: PAGE }, /another site/],
  ])('%j', (ctx, reason) => {
    expect(criticalReason(ctx)).toMatch(reason);
  });

  it.each<CriticalContext>([
    {},
    { label: 'Search', fieldTypes: ['text', 'search'], fieldNames: ['q'] },
    { label: 'Next', fieldTypes: ['email'], autocomplete: ['email'], fieldNames: ['newsletterEmail'] },
    { label: 'Submit', formAction: '/search', pageUrl: PAGE },
    { label: 'Submit', formAction: 'https://shop.example.com/contact', pageUrl: PAGE },
    { label: 'Submit', formAction: '', pageUrl: PAGE },
    { label: 'Add card', fieldNames: ['cardTitle', 'boardName'] },
  ])('not critical: %j', (ctx) => {
    expect(criticalReason(ctx)).toBeNull();
  });

  it('never throws on hostile input', () => {
    expect(criticalReason(null as unknown as CriticalContext)).toBeNull();
    expect(criticalReason({ label: 42 as unknown as string, url: '%%%' })).toBeNull();
    expect(criticalReason({ url: 'https://example.com/%E0%A4%A' })).toBeNull();
  });
});

describe('labels judged again', () => {
  // Judged labels are remembered (a page repeats "Add to cart"), up to a bound after which the memory starts again.
  it('give the same verdict when asked again, and after more labels than are remembered', () => {
    const verdicts = () =>
      ['Buy now', 'Add to cart', 'Delete account', 'Next page'].map((l) => isCriticalAction(l, PAGE));
    const first = verdicts();
    expect(first).toEqual([true, false, true, false]);
    expect(verdicts()).toEqual(first);
    for (let i = 0; i < 2500; i++) isCriticalAction(`Item ${i}`, PAGE);
    expect(verdicts()).toEqual(first);
  });
});
