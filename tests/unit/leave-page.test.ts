import { describe, expect, it } from 'vitest';
import { dialogsReport } from '../../background/tools/dialogs-report';
import { asksToLeave, parseSeenDialog } from '../../src/page-dialogs';

// The page-world check itself (content/page-world/leave-page.ts) needs a browser's BeforeUnloadEvent,
// which jsdom lacks: tests/e2e/leave-page.test.ts runs it in Chromium and Firefox.
describe('asksToLeave', () => {
  it.each([
    ['a handler cancelled the event', { defaultPrevented: true, returnValue: '' }, true],
    [
      'a handler set a returnValue (or onbeforeunload returned a string)',
      { defaultPrevented: false, returnValue: 'Unsaved' },
      true,
    ],
    ['no handler did anything', { defaultPrevented: false, returnValue: '' }, false],
    ["a plain Event's boolean returnValue", { defaultPrevented: false, returnValue: true }, false],
  ])('%s', (_, event, asks) => expect(asksToLeave(event)).toBe(asks));
});

describe('a leave-page prompt, as the page-world script reports it', () => {
  const leave = { type: 'beforeunload', message: '', defaultValue: '', accepted: false } as const;
  it('is a dialog report like the others', () => {
    expect(parseSeenDialog(JSON.stringify(leave))).toEqual(leave);
  });

  it('tells the model the page was not left, that no words of the page come with it, and how to leave', () => {
    const text = dialogsReport([leave]);
    expect(text).toBe(
      [
        "The page opened a dialog; Bosun answered in the person's place (dialog 1: stayed on the page).",
        "A leave-page prompt: the page asks to confirm leaving it; unsaved changes may be lost (browsers show no text of the page's in it). Bosun stayed on the page. If the person asked to leave it anyway, call accept_dialog, then do the same action again.",
      ].join('\n'),
    );
  });

  it('gives the words of the other dialogs, and no advice once leaving was accepted', () => {
    const text = dialogsReport([
      { type: 'alert', message: 'Saved a draft', defaultValue: '', accepted: true },
      { ...leave, accepted: true },
    ]);
    expect(text).toContain('(dialog 1: OK, dialog 2: left the page). What it said:');
    expect(text).toContain('An alert dialog: "Saved a draft"');
    expect(text).not.toContain('accept_dialog');
  });
});
