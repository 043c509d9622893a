// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actionLevel, commitReason, criticalReason, type CriticalContext, type ElementFacts } from '../../policy';
import { normalizeText, skeleton } from '../../policy/text-skeleton';

const PAGE = 'https://shop.example.com/product/42';
const button = (facts: ElementFacts): ElementFacts => ({ role: 'button', tag: 'button', ...facts });

describe('critical words a presentation cannot hide', () => {
  it.each([
    ['Cyrillic у and В', 'Вuу now'],
    ['Cyrillic а in Pay', 'Pаy'],
    ['Greek Β and υ', 'Βuy'],
    ['Greek ο in Delete account?', 'Delete accοunt'],
    ['Cyrillic е in Delete', 'Dеlеtе'],
    ['combining mark inside the word', 'B\u0301uy now'],
    ['combining grapheme joiner', 'Bu\u034Fy'],
    ['zero-width joiner', 'Bu\u200Dy'],
    ['word joiner', 'De\u2060lete'],
    ['right-to-left override', 'Con\u202Efirm'],
    ['left-to-right isolate', '\u2066Pay\u2069'],
    ['soft hyphen', 'Trans\u00ADfer'],
    ['full-width letters', 'Ｂｕｙ'],
    ['mathematical bold letters', '𝐁𝐮𝐲'],
    ['non-breaking and ideographic spaces', 'Place\u00A0your\u3000order'],
    ['Buy after the 40th character', `${'Learn more about this lovely product and '.repeat(3)}Buy now`],
    ['Change password with Cyrillic а', 'Change pаssword'],
  ])('%s: %j is critical', (_what, label) => {
    expect(criticalReason({ label, url: PAGE })).not.toBeNull();
  });

  it('keeps non-Latin words that are themselves critical', () => {
    expect(criticalReason({ label: 'Jetzt löschen' })).toMatch(/deleting/);
    expect(criticalReason({ label: 'Jetzt lösche\u0308n' })).not.toBeNull();
  });

  it('folds look-alikes to their Latin skeleton, and leaves Latin text alone', () => {
    expect(skeleton('Вuу')).toBe('Buy');
    expect(skeleton('ΡΑΥ')).toBe('PAY');
    expect(skeleton('Save')).toBe('Save');
    expect(normalizeText(' A\u200B\u202Eb  c\uFEFF ')).toBe('Ab c');
  });

  it('does not treat a long harmless label as critical', () => {
    expect(criticalReason({ label: 'Read more about how our river guides work '.repeat(200) })).toBeNull();
  });
});

describe('the element: visible text, accessible name, generated content', () => {
  it.each<[string, ElementFacts, RegExp]>([
    [
      'aria-label harmless, visible text Buy now',
      button({ accessibleName: 'View details', visibleText: 'Buy now' }),
      /purchase/,
    ],
    [
      'visible text harmless, aria-label buys',
      button({ accessibleName: 'Buy now', visibleText: 'Continue' }),
      /purchase/,
    ],
    [
      'label only in CSS ::before',
      button({ accessibleName: '', visibleText: '', generatedText: 'Buy now' }),
      /purchase/,
    ],
    ['title says Delete', button({ title: 'Delete account' }), /deleting/],
    ['input button value', { tag: 'input', type: 'submit', value: 'Send' }, /sending/],
  ])('%s', (_what, element, reason) => {
    expect(criticalReason({ label: 'View details', url: PAGE, element })).toMatch(reason);
  });

  it.each<[string, CriticalContext]>([
    ['icon-only button in a form', { element: button({ inForm: true }), pageUrl: PAGE }],
    ['icon-only button in a dialog', { element: button({ inDialog: true, accessibleName: '  ' }), pageUrl: PAGE }],
    [
      'icon-only button on an account page',
      { element: button({ generatedText: '\u2716' }), pageUrl: 'https://app.example/account/danger' },
    ],
    [
      'icon-only button on a settings page',
      { element: button({ visibleText: '\u200B' }), pageUrl: 'https://app.example/settings' },
    ],
    ['an input of type image with no alt, in a form', { element: { tag: 'input', type: 'image', inForm: true } }],
  ])('asks for an unreadable button: %s', (_what, ctx) => {
    expect(criticalReason(ctx)).toMatch(/no readable label/);
  });

  it.each<[string, CriticalContext]>([
    ['icon button in a toolbar of an ordinary page', { element: button({}), pageUrl: PAGE }],
    ['labelled button in a form', { element: button({ inForm: true, visibleText: 'Next' }), pageUrl: PAGE }],
    ['an unlabeled text field in a form', { element: { tag: 'input', type: 'text', inForm: true }, pageUrl: PAGE }],
  ])('does not ask for %s', (_what, ctx) => {
    expect(criticalReason(ctx)).toBeNull();
  });
});

describe('sensitive fields, in a form or not', () => {
  it.each<[string, ElementFacts, RegExp]>([
    ['type password', { tag: 'input', type: 'password' }, /password/],
    ['autocomplete new-password', { tag: 'input', type: 'text', autocomplete: 'new-password' }, /password/],
    ['autocomplete one-time-code', { tag: 'input', autocomplete: 'one-time-code' }, /one-time/],
    ['autocomplete cc-number with section', { tag: 'input', autocomplete: 'section-a billing cc-number' }, /card/],
    ['name newPassword', { tag: 'input', type: 'text', name: 'newPassword' }, /password/],
    ['id otp_code', { tag: 'input', id: 'otp_code' }, /one-time/],
    ['name iban', { tag: 'input', name: 'iban' }, /bank/],
    ['name routingNumber', { tag: 'input', name: 'routingNumber' }, /bank/],
    ['accessible name Account number', { tag: 'input', accessibleName: 'Bank account number' }, /bank/],
    ['name cvc', { tag: 'input', name: 'cvc' }, /card/],
    ['name with Cyrillic а', { tag: 'input', name: 'pаssword' }, /password/],
  ])('%s', (_what, element, reason) => {
    expect(criticalReason({ url: PAGE, element })).toMatch(reason);
  });

  it('judges fill_form field by field and names the field', () => {
    const fields: ElementFacts[] = [
      { tag: 'input', name: 'displayName' },
      { tag: 'input', type: 'password', name: 'newPass' },
    ];
    expect(criticalReason({ url: PAGE, fields })).toBe('a password field (newPass)');
    expect(criticalReason({ url: PAGE, fields: [{ tag: 'input', name: 'q', type: 'search' }] })).toBeNull();
  });

  it('ignores hostile field lists', () => {
    expect(criticalReason({ fields: 'x' as unknown as ElementFacts[] })).toBeNull();
    expect(criticalReason({ fields: [null as unknown as ElementFacts, 7 as unknown as ElementFacts] })).toBeNull();
  });
});

describe('the wider vocabulary of commitments', () => {
  it.each([
    'Send',
    'Send message',
    'Post',
    'Publish',
    'Share',
    'Tweet',
    'Comment',
    'Confirm',
    'Approve',
    'Authorize',
    'Authorise app',
    'Transfer',
    'Pay',
    'Change password',
    'Reset password',
    'Forgot password?',
    'Change email',
    'Update e-mail address',
    'Change your phone number',
    'Disable two-factor authentication',
    'Turn off 2FA',
    'Remove security key',
    'Delete account',
    'Remove account',
    'Close account',
    'Merge pull request',
    'Squash and merge',
    'Subscribe',
    'Upgrade',
    'Upgrade to Pro',
    'Start free trial',
    'Make public',
    'Make this repository public',
    'Change visibility',
    'Share',
    'Invite',
    'Invite people',
    'Add members',
    'Revoke',
    'Leave organization',
    'Deploy',
    'Reset',
    'Disable',
    'Disconnect',
    'Place bid',
    'Book now',
    'Sell',
    'Grant access',
    'Sign the contract',
    'Backup codes',
  ])('%j is critical', (label) => {
    expect(criticalReason({ label })).not.toBeNull();
  });

  it.each([
    'Next',
    'Search',
    'Reset filters',
    'Sent',
    'Shared with me',
    'Posts',
    'Email',
    'Settings',
    'Cancel',
    'Back',
    'Save draft',
  ])('%j is not', (label) => {
    expect(criticalReason({ label })).toBeNull();
  });
});

describe('actionLevel: a click that commits is judged at submit, in a form or not', () => {
  it.each<[string, CriticalContext | undefined, string]>([
    ['Save button outside any form', { label: 'Save', element: button({ visibleText: 'Save' }) }, 'interact'],
    ['Buy now button outside any form', { label: 'Buy now', element: button({ visibleText: 'Buy now' }) }, 'submit'],
    ['Send link in a single-page app', { label: 'Send', element: { role: 'link', tag: 'a' } }, 'submit'],
    ['harmless label, aria says Delete', { label: 'More', element: button({ accessibleName: 'Delete' }) }, 'submit'],
    ['any button in a form', { label: 'Next', element: button({ inForm: true, visibleText: 'Next' }) }, 'submit'],
    [
      'a checkbox in a form',
      { label: 'Remember me', element: { role: 'checkbox', tag: 'input', type: 'checkbox', inForm: true } },
      'interact',
    ],
    ['a click on a password field only focuses it', { element: { tag: 'input', type: 'password' } }, 'interact'],
    ['no description', undefined, 'interact'],
  ])('%s', (_what, action, level) => {
    expect(actionLevel('click_element', 'interact', action)).toBe(level);
  });

  it('leaves other tools at their own level', () => {
    expect(actionLevel('type_text', 'interact', { label: 'Buy now' })).toBe('interact');
    expect(actionLevel('read_page', 'read-only', { label: 'Buy now' })).toBe('read-only');
    expect(commitReason({ label: 'Buy now' })).toMatch(/purchase/);
  });
});
