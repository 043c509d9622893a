import { describe, expect, it } from 'vitest';
import { contextQuestion, MAX_QUOTE, MENU_ITEMS } from '../../background/context-menu';

describe('the context menu question', () => {
  it('asks about the page', () => {
    expect(contextQuestion(MENU_ITEMS.page, undefined)).toBe(
      'Tell me about this page: what it is, and its key points.',
    );
  });

  it('quotes the selection, every line of it, as markdown', () => {
    expect(contextQuestion(MENU_ITEMS.selection, '  Brass sextant\nmade in 1890  ')).toBe(
      'About this part of the page:\n\n> Brass sextant\n> made in 1890\n\nExplain it, using the page around it.',
    );
  });

  it('cuts a long selection short, with an ellipsis', () => {
    const question = contextQuestion(MENU_ITEMS.selection, 'x'.repeat(MAX_QUOTE + 500)) ?? '';
    expect(question).toContain(`> ${'x'.repeat(MAX_QUOTE - 1)}…\n`);
    expect(question).not.toContain('x'.repeat(MAX_QUOTE));
  });

  it('falls back to the page question for an empty selection, and ignores entries that are not Bosun’s', () => {
    expect(contextQuestion(MENU_ITEMS.selection, '   ')).toBe(contextQuestion(MENU_ITEMS.page, undefined));
    expect(contextQuestion('someone-else', 'text')).toBeNull();
  });
});
