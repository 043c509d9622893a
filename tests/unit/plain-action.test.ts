import { describe, expect, it } from 'vitest';
import { plainAction } from '../../sidebar/plain-action';
import { actionKind, plainQuestion } from '../../sidebar/plain-question';
import { toolInWords } from '../../sidebar/tool-names';

describe('plainAction: a tool call in words', () => {
  it('names what is done and where, never the tool or its JSON', () => {
    expect(plainAction('click_element', { selector: '#add-to-cart' }, 'shop.example')).toBe(
      'Clicking ‘#add-to-cart’ on shop.example',
    );
    expect(plainAction('click_element', { index: 12 })).toBe('Clicking item 12 of the page');
    // Once the gate has read the element, its name on the page replaces the selector or number.
    expect(plainAction('click_element', { selector: '#add-to-cart' }, 'shop.example', 'Add to cart')).toBe(
      'Clicking ‘Add to cart’ on shop.example',
    );
    expect(plainAction('type_text', { index: 3, text: 'blue lamp' }, undefined, 'Search')).toBe(
      'Typing “blue lamp” into ‘Search’',
    );
    expect(plainAction('read_page', {}, 'shop.example')).toBe('Reading the page on shop.example');
    expect(plainAction('type_text', { index: 3, text: 'blue lamp' })).toBe(
      'Typing “blue lamp” into item 3 of the page',
    );
    expect(plainAction('navigate', { url: 'https://news.example/today?x=1' })).toBe('Going to news.example');
    expect(plainAction('search_web', { query: 'desk lamp' })).toBe('Searching the web for “desk lamp”');
    expect(plainAction('scroll_page', { direction: 'bottom' })).toBe('Scrolling to the bottom');
    expect(plainAction('fill_form', { fields: [{}, {}] })).toBe('Filling in 2 fields');
  });

  it('reads whatever the model sent without failing, and shortens long text', () => {
    expect(plainAction('click_element', { selector: 42 })).toBe('Clicking ‘’');
    expect(plainAction('navigate', { url: 'not a url' })).toBe('Going to not a url');
    expect(plainAction('scroll_page', { direction: 'sideways' })).toBe('Scrolling down');
    expect(plainAction('type_text', { index: 1, text: 'x'.repeat(200) })).toMatch(
      /^Typing “x{59}…” into item 1 of the page$/,
    );
    expect(plainAction('brand_new_tool', {})).toBe('Another action');
    expect(plainAction('toString', {})).toBe('Another action');
  });
});

describe('search_library in words', () => {
  it('is shown, asked and covered as a use of the Library, never by its name', () => {
    expect(plainAction('search_library', { query: 'pricing plans' }, '127.0.0.1')).toBe(
      'Searching the Library for “pricing plans” on 127.0.0.1',
    );
    expect(plainQuestion('search_library', { query: 'pricing plans' })).toBe(
      'Use the pages stored in your Library that match “pricing plans”?',
    );
    expect(actionKind('search_library')).toBe('use pages stored in the Library');
  });
});

describe('every tool in words', () => {
  it('has a line, a question and a kind of its own: a person never reads a tool name', async () => {
    const { TOOLS } = await import('../../background/tools/registry');
    // What a tool without words of its own falls back to.
    for (const name of TOOLS.keys()) {
      expect(plainAction(name, {}), name).not.toBe(`Using the tool ${name}`);
      expect(plainQuestion(name, {}), name).not.toBe(`Use the tool ${name}?`);
      expect(actionKind(name), name).not.toBe(`use ${name}`);
      expect(plainAction(name, {}), name).not.toBe(toolInWords('an old tool'));
    }
  });

  it('names the key, the element and the answer the new actions would give', () => {
    expect(plainQuestion('press_key', { key: 'Enter', index: 3 }, 'press Enter on textbox "Search"')).toBe(
      'Press Enter on textbox "Search"?',
    );
    expect(plainQuestion('press_key', { key: 'Escape' }, 'press Escape')).toBe('Press Escape?');
    expect(plainQuestion('search_web', { query: 'desk lamp' }, 'search duckduckgo.com for "desk lamp"')).toBe(
      'Search duckduckgo.com for “desk lamp”?',
    );
    expect(plainQuestion('search_web', { query: 'desk lamp' })).toBe('Search the web for “desk lamp”?');
    expect(plainQuestion('drag', { index: 2, to: 5 }, 'drag listitem "Milk" onto listitem "Eggs"')).toBe(
      'Drag listitem "Milk" onto listitem "Eggs"?',
    );
    expect(plainQuestion('accept_dialog', { prompt_text: 'minutes.txt' })).toBe(
      'Answer “minutes.txt” to the page’s next question?',
    );
    expect(plainAction('press_key', { key: 'ArrowRight', index: 4 }, undefined, 'Volume')).toBe(
      'Pressing ArrowRight on ‘Volume’',
    );
    expect(plainAction('hover', { index: 2 }, 'shop.example', 'Products')).toBe(
      'Pointing at ‘Products’ on shop.example',
    );
    expect(actionKind('go_back')).toBe('go back and forward');
  });
});
