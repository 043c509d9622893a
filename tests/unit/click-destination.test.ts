import { describe, expect, it } from 'vitest';
import { clickDestination, type ElementFacts } from '../../policy';

const link: ElementFacts = { tag: 'a', role: 'link', href: 'https://docs.other.example/start' };
const area: ElementFacts = { tag: 'area', role: 'link', href: 'https://map.other.example/' };
const formButton: ElementFacts = { tag: 'button', type: 'submit', inForm: true };
const field: ElementFacts = { tag: 'input', type: 'text', inForm: true };
const formAction = 'https://collect.example/save';

describe('clickDestination: where a call sends the tab, as the markup says', () => {
  it.each<[string, string, ElementFacts, string | undefined, string | null]>([
    ['a click on a link', 'click_element', link, undefined, link.href ?? null],
    ['a double click on an image map area', 'double_click', area, undefined, area.href ?? null],
    ["a click on a form's button", 'click_element', formButton, undefined, formAction],
    ['Enter on a link', 'press_key', link, 'Enter', link.href ?? null],
    ["Enter in a form's field", 'press_key', field, 'Enter', formAction],
    ['Space on a link (it scrolls)', 'press_key', link, 'Space', null],
    ['typing into a field', 'type_text', field, undefined, null],
    ['hovering a link', 'hover', link, undefined, null],
    ['a click on a button outside any form', 'click_element', { tag: 'button' }, undefined, null],
  ])('%s', (_what, tool, element, key, expected) => {
    expect(clickDestination(tool, { element, formAction, ...(key ? { key } : {}) })).toBe(expected);
  });
});
