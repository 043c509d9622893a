import { describe, expect, it } from 'vitest';
import { classifySender, type StampedSender } from '../../src/messaging/sender';

const ID = 'lalbbealecfmkooaphcmojnddcdmmmng';
const ORIGIN = `chrome-extension://${ID}`;
const FF_ID = 'bosun@bosun-agent.org';
const FF_ORIGIN = 'moz-extension://2f1b0c7e-8a3d-4c55-9d0e-1c2b3a4d5e6f';

describe('classifySender', () => {
  const cases: [string, StampedSender, string, string, string][] = [
    ['the Chrome side panel', { id: ID, url: `${ORIGIN}/sidebar.html` }, ID, ORIGIN, 'extension-page'],
    [
      'an extension page open in a tab',
      { id: ID, url: `${ORIGIN}/sidebar.html`, tab: { id: 4 } },
      ID,
      ORIGIN,
      'extension-page',
    ],
    ['the Firefox sidebar', { id: FF_ID, url: `${FF_ORIGIN}/sidebar.html` }, FF_ID, FF_ORIGIN, 'extension-page'],
    [
      'a content script in a web page',
      { id: ID, url: 'https://shop.example/item', tab: { id: 3 }, frameId: 0 },
      ID,
      ORIGIN,
      'content-script',
    ],
    [
      'a content script in a file page',
      { id: ID, url: 'file:///tmp/a.html', tab: { id: 3 } },
      ID,
      ORIGIN,
      'content-script',
    ],
    ['a web page without a tab', { id: ID, url: 'https://shop.example/' }, ID, ORIGIN, 'foreign'],
    ['another extension', { id: 'other', url: 'chrome-extension://other/page.html' }, ID, ORIGIN, 'foreign'],
    ['another extension claiming our page', { id: 'other', url: `${ORIGIN}/sidebar.html` }, ID, ORIGIN, 'foreign'],
    [
      'an origin that only starts like ours',
      { id: ID, url: `${ORIGIN}.evil.example/x`, tab: { id: 1 } },
      ID,
      ORIGIN,
      'foreign',
    ],
    ['no url', { id: ID }, ID, ORIGIN, 'foreign'],
    ['an unparsable url', { id: ID, url: 'not a url' }, ID, ORIGIN, 'foreign'],
    ['a devtools tab id', { id: ID, url: 'https://a.example/', tab: { id: -1 } }, ID, ORIGIN, 'foreign'],
  ];
  it.each(cases)('%s', (_name, sender, id, origin, expected) => {
    expect(classifySender(sender, id, origin)).toBe(expected);
  });
});
