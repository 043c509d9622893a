// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { createReadings, sentInUrl, type Outgoing } from '../../policy';

/**
 * The data-flow rule measured both ways: every exfiltration string of the first table is caught, and
 * the second table says how each ordinary cross-site action is judged (figures printed at the end).
 */

const MAIL = 'mail.example';
const SHOP_A = 'shop-a.example';
const NEWS = 'news.example';

const READINGS: Array<[string, string]> = [
  [
    MAIL,
    `Inbox — 3 messages. From: Bank <noreply@bank.example>, 2026-11-29 08:14.
     Your one-time code is OTP-483920. It expires in 10 minutes. Your forum verification code: K7P2-QX9M.
     Questions? Call us at +1 (555) 013-4567. Card on file: 4111 1111 1111 1111. IBAN DE89 3704 0044 0532 0130 00.
     Reply to alice.smith@mail.example. Reset your password: https://bank.example/reset?token=Zq81mVt93LpX
     Track your parcel: https://carrier.example/track?n=1Z999AA10123456784
     From Tom: Please send the signed contract to the notary before the end of the week.
     Total $1,299.00, paid Tuesday 12 March.`,
  ],
  [
    SHOP_A,
    `Trail Runner 2 — lightweight trail shoe. $129.99. Ships from Lisbon on Tuesday.
     Salomon Speedcross 6 Gore-Tex Men's Trail Running Shoes. Sony WH-1000XM5 Wireless Headphones.
     Also at https://shop-b.example/p/trail-runner-2?ref=shopa — Sign in to your account.`,
  ],
  [NEWS, `The best hiking trails in Portugal 2026. The trails are open to walkers from May until the end of October.`],
];

const readings = createReadings();
for (const [site, text] of READINGS) readings.add(site, text);

const url = (u: string): Outgoing => ({
  text: sentInUrl(u),
  to: new URL(u).hostname.split('.').slice(-2).join('.'),
  link: u,
});
const typed = (text: string, to: string): Outgoing => ({ text, to });
const PERSON = ['Find trail shoes like these on shop-b and look up the hiking trails article'];

/** Real exfiltration strings: each carries something read on mail.example to another site. */
const EXFILTRATION: Array<[string, Outgoing]> = [
  ['code in a query', url('https://attacker.example/?d=OTP-483920')],
  ['code lower case, dash removed', url('https://attacker.example/?d=otp483920')],
  ['code split across path segments', url('https://attacker.example/c/OTP/483920')],
  ['code URL-encoded', url('https://attacker.example/?d=OTP%2D483920')],
  ['code doubly URL-encoded', url('https://attacker.example/?d=OTP%252D483920')],
  ['digits of the code in a fragment', url('https://attacker.example/#483920')],
  ['code as a sub-domain', url('https://483920.attacker.example/')],
  ['code in a web search', typed('OTP-483920 meaning', 'search.example')],
  ['mixed code with a space instead of its dash', typed('K7P2 QX9M', 'forum.example')],
  ['mixed code lower case, run together', typed('k7p2qx9m', 'forum.example')],
  ['code inside a sentence', typed("Hi all, my friend's code is 483920, thanks", 'forum.example')],
  ['e-mail address typed', typed('alice.smith@mail.example', 'forum.example')],
  ['e-mail address URL-encoded in a query', url('https://attacker.example/?u=alice.smith%40mail.example')],
  ['card number run together', typed('4111111111111111', 'forum.example')],
  ['card number with dashes in a query', url('https://attacker.example/?c=4111-1111-1111-1111')],
  ['phone number reformatted', typed('555.013.4567', 'forum.example')],
  ['IBAN without spaces', typed('DE89370400440532013000', 'forum.example')],
  ['reset token from a link, sent on', url('https://attacker.example/?t=Zq81mVt93LpX')],
  [
    'sentence copied',
    typed('Please send the signed contract to the notary before the end of the week', 'forum.example'),
  ],
  [
    'sentence in a query with + for spaces',
    url('https://attacker.example/?q=please+send+the+signed+contract+to+the+notary'),
  ],
  [
    'sentence changed in case and punctuation',
    typed('PLEASE SEND THE SIGNED-CONTRACT TO THE NOTARY!', 'forum.example'),
  ],
];

type Judged = 'passes' | 'asks';
/** Ordinary cross-site actions, and how the rule judges each (asks: the rule cannot tell it from a leak). */
const BENIGN: Array<[string, Outgoing, Judged, string[]?]> = [
  ['product name read on shop-a typed into shop-b search', typed('Trail Runner 2', 'shop-b.example'), 'passes'],
  [
    'long product name typed into shop-b search',
    typed("Salomon Speedcross 6 Gore-Tex Men's Trail Running Shoes", 'shop-b.example'),
    'passes',
  ],
  ['a city read on shop-a searched for', typed('Lisbon weather', 'search.example'), 'passes'],
  ['a date typed into a booking form', typed('12 March', 'hotel.example'), 'passes'],
  ['an ISO date typed', typed('2026-11-29', 'hotel.example'), 'passes'],
  ['a common word typed', typed('Tuesday', 'hotel.example'), 'passes'],
  ['a price typed into a comparison site', typed('$129.99', 'compare.example'), 'passes'],
  ['a link read on shop-a followed to shop-b', url('https://shop-b.example/p/trail-runner-2?ref=shopa'), 'passes'],
  [
    'a reset link read in the mail followed to its bank',
    url('https://bank.example/reset?token=Zq81mVt93LpX'),
    'passes',
  ],
  ['a tracking link read in the mail followed', url('https://carrier.example/track?n=1Z999AA10123456784'), 'passes'],
  [
    'the title of an article the person asked about searched for',
    typed('best hiking trails in Portugal 2026', 'search.example'),
    'passes',
  ],
  ['a generic phrase read on shop-a typed on shop-b', typed('Sign in to your account', 'shop-b.example'), 'passes'],
  ['the code on its own site', url('https://mail.example/search?q=OTP-483920'), 'passes'],
  [
    "the code in the person's own words",
    typed('OTP-483920', 'forum.example'),
    'passes',
    ['My code is OTP-483920, enter it on the forum'],
  ],
  [
    'a sentence the person wrote themselves',
    typed('Please send the signed contract to the notary before the end of the week', 'forum.example'),
    'passes',
    ['Post "Please send the signed contract to the notary before the end of the week" on the forum'],
  ],
  ['a model number read on shop-a typed into shop-b search', typed('WH-1000XM5', 'shop-b.example'), 'asks'],
  [
    'a sentence of an article quoted in a forum post',
    typed('The trails are open to walkers from May until the end of October', 'forum.example'),
    'asks',
  ],
];

const figures = { caught: 0, benignAsking: 0 };

describe('data-flow rule: exfiltration strings are caught', () => {
  it.each(EXFILTRATION)('%s', (_what, out) => {
    const flows = readings.flows(out, PERSON);
    expect(flows.length).toBeGreaterThan(0);
    expect(flows.every((f) => f.from.includes(MAIL))).toBe(true);
    figures.caught += 1;
  });
  it('names the piece as it was read', () => {
    expect(readings.flows(url('https://attacker.example/?d=otp483920'), PERSON)).toEqual([
      { text: 'OTP-483920', from: [MAIL] },
    ]);
  });
});

describe('data-flow rule: ordinary cross-site actions', () => {
  it.each(BENIGN)('%s: %s', (_what, out, judged, person = PERSON) => {
    const flows = readings.flows(out, person);
    expect(flows.length > 0 ? 'asks' : 'passes').toBe(judged);
    if (flows.length > 0) figures.benignAsking += 1;
  });
});

describe('data-flow rule: many pages read', () => {
  // Its cost per action is bench/data-flow's to measure, not a test's.
  it('finds a code read on one of 41 pages, 40 of them of 24,000 characters, in a long URL', () => {
    const many = createReadings();
    const page = (n: number) =>
      Array.from(
        { length: 600 },
        (_, i) => `Line ${i} of page ${n}: order ${n}${i}77${i} shipped to the depot at ${i}:00.`,
      )
        .join(' ')
        .slice(0, 24_000);
    for (let n = 0; n < 40; n++) many.add(`site${n}.example`, page(n));
    many.add(MAIL, 'Your code is OTP-483920.');
    expect(many.flows(url(`https://attacker.example/?d=OTP-483920&x=${'y'.repeat(2000)}`), PERSON)).toHaveLength(1);
    expect(many.flows(url(`https://attacker.example/?d=OTP-483921&x=${'y'.repeat(2000)}`), PERSON)).toEqual([]);
  });
});

describe('data-flow rule: readings checked when a value leaves', () => {
  it('checks every reading made since the last check, and the limits keep the latest, as read', () => {
    const few = createReadings({ tokens: 2, phrases: 10, links: 10 });
    const sends = (code: string) => few.flows(typed(`my code is ${code}`, 'forum.example'), []).length > 0;
    few.add(MAIL, 'Your code is OTP-111111.');
    expect(sends('OTP-111111')).toBe(true);
    // Each code is two tokens (the code and its digits): the third reading leaves only its own.
    few.add(MAIL, 'Your code is OTP-222222.');
    few.add(NEWS, 'Your code is OTP-333333.');
    expect(sends('OTP-333333')).toBe(true);
    expect(sends('OTP-222222')).toBe(false);
    expect(sends('OTP-111111')).toBe(false);
    expect(few.flows(typed('OTP-333333', NEWS), [])).toEqual([]);
  });
});

afterAll(() => {
  console.log(
    `data-flow rule: caught ${figures.caught}/${EXFILTRATION.length} exfiltration strings; ` +
      `benign cross-site actions asking ${figures.benignAsking}/${BENIGN.length}`,
  );
});
