// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actionLevel, commitmentOf, criticalReason, type CriticalContext, type ElementFacts } from '../../policy';

const field = (facts: ElementFacts = {}): ElementFacts => ({ tag: 'input', type: 'text', role: 'textbox', ...facts });
const button = (facts: ElementFacts = {}): ElementFacts => ({ tag: 'button', role: 'button', ...facts });
const press = (key: string, element: ElementFacts | undefined, more: Partial<CriticalContext> = {}) =>
  actionLevel('press_key', 'interact', { key, ...(element ? { element } : {}), ...more });

describe('actionLevel: a key press that submits or clicks is judged at submit', () => {
  it.each<[string, string, ElementFacts, string]>([
    ['Enter in a form field (implicit submission)', 'Enter', field({ inForm: true }), 'submit'],
    ['Shift+Enter in a form field submits too', 'Shift+Enter', field({ inForm: true }), 'submit'],
    ['Enter on a checkbox in a form', 'Enter', { tag: 'input', type: 'checkbox', inForm: true }, 'submit'],
    ['Enter on a form button clicks it', 'Enter', button({ inForm: true, visibleText: 'Next' }), 'submit'],
    ['Space on a form button clicks it', 'Space', button({ inForm: true, visibleText: 'Next' }), 'submit'],
    ['Enter on a Buy link', 'Enter', { tag: 'a', role: 'link', visibleText: 'Buy now' }, 'submit'],
    ['Space on a Delete button outside a form', 'Space', button({ accessibleName: 'Delete' }), 'submit'],
    [
      'Space on a checkbox labelled Delete my data',
      'Space',
      { role: 'checkbox', visibleText: 'Delete my data' },
      'submit',
    ],
    ['Ctrl+Enter in a text area of a form', 'Ctrl+Enter', { tag: 'textarea', inForm: true }, 'submit'],
    ['Enter in a chat box named Send message', 'Enter', { role: 'textbox', accessibleName: 'Send message' }, 'submit'],
    ["Enter with focus in another site's frame, which Bosun cannot see into", 'Enter', { tag: 'iframe' }, 'submit'],
  ])('%s', (_what, key, element, level) => {
    expect(press(key, element)).toBe(level);
  });

  it.each<[string, string, ElementFacts | undefined]>([
    ['Enter in a search box outside any form', 'Enter', field({ accessibleName: 'Search' })],
    ['Enter in a text area (a new line)', 'Enter', { tag: 'textarea', inForm: true }],
    ['Enter on a select in a form', 'Enter', { tag: 'select', role: 'combobox', inForm: true }],
    ['Space on a link (scrolls)', 'Space', { tag: 'a', role: 'link', visibleText: 'Buy now' }],
    ['Space in a form field types a space', 'Space', field({ inForm: true })],
    ['Tab in a form field', 'Tab', field({ inForm: true })],
    ['Tab with focus in a frame', 'Tab', { tag: 'iframe' }],
    ['ArrowRight on a slider in a form', 'ArrowRight', { role: 'slider', tag: 'div', inForm: true }],
    ['Space on a harmless button outside a form', 'Space', button({ visibleText: 'Show more' })],
    ['Enter with nothing focused', 'Enter', undefined],
    ['an unknown key', 'Hyper+Enter', field({ inForm: true })],
  ])('%s stays interact', (_what, key, element) => {
    expect(press(key, element)).toBe('interact');
  });

  it('reads the key only for press_key: a click names no key, a typed Enter is not a press', () => {
    expect(actionLevel('click_element', 'interact', { key: 'Enter', element: field({ inForm: true }) })).toBe(
      'interact',
    );
    expect(actionLevel('type_text', 'interact', { key: 'Enter', element: field({ inForm: true }) })).toBe('interact');
  });
});

describe("Enter in a form's field commits what its default button commits", () => {
  const order = button({ inForm: true, visibleText: 'Place order' });
  const inForm = field({ inForm: true, accessibleName: 'Address' });

  it('takes the words of the button Enter clicks for the task scope and the critical check', () => {
    const action = { key: 'Enter', element: inForm, submitter: order };
    expect(commitmentOf(action)).toBe('buy');
    expect(criticalReason(action)).toMatch(/order/);
  });

  it('ignores the default button for other keys and for clicks on the field', () => {
    expect(commitmentOf({ key: 'Tab', element: inForm, submitter: order })).toBeNull();
    expect(commitmentOf({ element: inForm, submitter: order })).toBeNull();
    expect(criticalReason({ element: inForm, submitter: order })).toBeNull();
  });
});

describe('the key names the policy reads, as press_key accepts them', () => {
  it.each(['Enter', 'enter', 'Return', 'Shift+Enter', 'ctrl + enter', 'Cmd+Return'])('%s is Enter', (key) => {
    expect(press(key, field({ inForm: true }))).toBe('submit');
  });

  it.each(['Space', 'space', 'Shift+Space'])('%s is Space', (key) => {
    expect(press(key, button({ inForm: true }))).toBe('submit');
  });

  it.each(['Escape', 'a', 'F1', 'Hyper+Enter', 'Enter+a'])('%s is neither', (key) => {
    expect(press(key, button({ inForm: true }))).toBe('interact');
  });
});
