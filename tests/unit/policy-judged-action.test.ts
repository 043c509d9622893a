// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actionLevel, decide, type ElementFacts } from '../../policy';
import { NOW, policy, req, SITE } from './support/policy-fixtures';

const PAGE = `https://${SITE}/todos`;
const on = (tag: string, text: string, extra: Partial<ElementFacts> = {}) => ({
  label: text,
  pageUrl: PAGE,
  element: { tag, visibleText: text, accessibleName: text, ...extra },
});

/** A site trusted up to submit: only a critical action is asked. */
const trusted = policy({ sites: { [SITE]: 'submit' } });

describe('critical recognition judges commitments, not words on any element', () => {
  it.each<[string, string, ReturnType<typeof on> & { key?: string }, boolean]>([
    ['hover on a "Buy milk" list item', 'hover', on('li', 'Buy milk'), false],
    ['hover on a "Buy now" button', 'hover', on('button', 'Buy now'), false],
    ['double_click on a "Pay the bills" label', 'double_click', on('label', 'Pay the bills'), false],
    ['click on a "Pay the bills" list item', 'click_element', on('li', 'Pay the bills'), false],
    ['scroll_page over "Delete account" text', 'scroll_page', on('div', 'Delete account'), false],
    ['select_text of "Place order"', 'select_text', on('p', 'Place order'), false],
    ['press_key Enter on a "Buy milk" list item', 'press_key', { ...on('li', 'Buy milk'), key: 'Enter' }, false],
    ['press_key Tab onto a "Buy now" button', 'press_key', { ...on('button', 'Buy now'), key: 'Tab' }, false],
    ['press_key Shift+Tab on a "Pay" button', 'press_key', { ...on('button', 'Pay'), key: 'Shift+Tab' }, false],
    [
      'press_key ArrowDown in a "Delete" menu item',
      'press_key',
      { ...on('div', 'Delete', { role: 'menuitem' }), key: 'ArrowDown' },
      false,
    ],
    [
      'press_key Escape on a "Place order" button',
      'press_key',
      { ...on('button', 'Place order'), key: 'Escape' },
      false,
    ],
    ['click on a "Buy now" button', 'click_element', on('button', 'Buy now'), true],
    ['click on a "Delete account" link', 'click_element', on('a', 'Delete account', { href: `${PAGE}/x` }), true],
    [
      'click on text inside a "Delete account" link',
      'click_element',
      on('span', 'Delete account', { href: PAGE }),
      true,
    ],
    ['click on a "Delete" menu item', 'click_element', on('div', 'Delete', { role: 'menuitem' }), true],
    ['click on a "Pay" submit input', 'click_element', on('input', 'Pay', { type: 'submit', value: 'Pay' }), true],
    ['press_key Enter on a "Send" button', 'press_key', { ...on('button', 'Send'), key: 'Enter' }, true],
    ['double_click on a "Buy now" button', 'double_click', on('button', 'Buy now'), true],
  ])('%s: critical %s', (_name, toolName, action, critical) => {
    const decision = decide(trusted, req({ toolName, level: 'interact', action }), NOW);
    expect(decision.critical !== null).toBe(critical);
    expect(decision.verdict).toBe(critical ? 'ask' : 'auto-approve');
    const commits = actionLevel(toolName, 'interact', action) === 'submit';
    expect(commits).toBe(critical);
  });

  it('still judges a click on a checkout page whatever it is on', () => {
    const action = { ...on('li', 'Item'), pageUrl: `https://${SITE}/checkout` };
    expect(decide(trusted, req({ toolName: 'click_element', level: 'interact', action }), NOW).critical).not.toBeNull();
  });

  it('judges a label without element facts as before', () => {
    const decision = decide(
      trusted,
      req({ toolName: 'click_element', level: 'interact', action: { label: 'Buy now' } }),
      NOW,
    );
    expect(decision.critical).not.toBeNull();
  });
});
