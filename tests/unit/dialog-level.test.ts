import { describe, expect, it } from 'vitest';
import { ACCEPT_DIALOG_LEVEL, dialogAnswerLevel } from '../../policy';
import { acceptDialog } from '../../background/tools/dialog-tool';

describe('dialogAnswerLevel: accepting what a dialog asks commits, as the chat’s accept_dialog does', () => {
  it.each([
    ['confirm', true, 'submit'],
    ['prompt', true, 'submit'],
    ['beforeunload', true, 'submit'],
    ['alert', true, 'interact'],
    ['confirm', false, 'interact'],
    ['beforeunload', false, 'interact'],
    ['prompt', false, 'interact'],
  ] as const)('%s, accept %s: %s', (type, accept, level) => {
    expect(dialogAnswerLevel(type, accept)).toBe(level);
  });

  it('is the level the chat’s accept_dialog is judged at', () => {
    expect(acceptDialog.level).toBe(ACCEPT_DIALOG_LEVEL);
    expect(dialogAnswerLevel('confirm', true)).toBe(acceptDialog.level);
  });
});
