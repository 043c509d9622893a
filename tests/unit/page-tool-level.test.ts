// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actionLevel, criticalReason, pageToolWords } from '../../policy';

/** What the gate judges of a call_page_tool call: the label it builds and what the page declares. */
const call = (
  name: string,
  description: string,
  facts: Partial<{ readOnly: boolean; consequential: boolean; form: boolean }> = {},
) => {
  const words = pageToolWords(name);
  return {
    label: `page tool "${name}"${words === name ? '' : ` (${words})`}: ${description}`,
    url: 'https://shop.test/',
    pageTool: { readOnly: false, consequential: false, form: false, ...facts },
  };
};
const level = (action: ReturnType<typeof call>) => actionLevel('call_page_tool', 'interact', action);

describe("a page's own tool (WebMCP) is judged at what its declaration asks", () => {
  it('read-only only when the page says it only reads; otherwise at least interact', () => {
    expect(level(call('get_price', 'Gives the price of the item', { readOnly: true }))).toBe('read-only');
    expect(level(call('add_to_cart', 'Adds the item to the cart'))).toBe('interact');
    // Whatever the tool's own floor: the page's declaration decides, never the caller.
    expect(actionLevel('call_page_tool', 'read-only', call('set_colour', 'Sets the colour'))).toBe('interact');
  });

  it('a form it submits, a consequential tool, or words that commit: submit', () => {
    expect(level(call('search', 'Search flights', { form: true }))).toBe('submit');
    expect(level(call('archive', 'Archives the mail', { consequential: true }))).toBe('submit');
    // Names as code writes them (snake_case, camelCase, kebab-case) are read as words.
    expect(level(call('place_order', 'Completes the checkout'))).toBe('submit');
    expect(level(call('buyNow', 'One click'))).toBe('submit');
    expect(level(call('item-tool', 'Deletes the item permanently'))).toBe('submit');
    // The page's "read-only" does not lower a tool whose words commit.
    expect(level(call('send_message', 'Sends the message', { readOnly: true }))).toBe('submit');
  });

  it('words that commit make the call critical, so it asks even on a trusted site', () => {
    expect(criticalReason(call('place_order', 'Completes the checkout'))).toBe('placing an order');
    expect(criticalReason(call('buyNow', 'One click'))).toBe('a purchase');
    expect(criticalReason(call('add_to_cart', 'Adds the item to the cart'))).toBeNull();
    expect(criticalReason(call('order_history', 'Lists past orders', { readOnly: true }))).toBeNull();
  });

  it('a megabyte of description costs no more than its judged part', () => {
    const started = performance.now();
    expect(level(call('x', 'a'.repeat(1_000_000)))).toBe('interact');
    expect(performance.now() - started).toBeLessThan(500);
  });
});
