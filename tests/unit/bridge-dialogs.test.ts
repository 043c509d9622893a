import { describe, expect, it } from 'vitest';
import { aDialog, PendingDialogs, type DialogInfo, type EngineDialog } from '../../bridge/engines/dialogs';

/** A dialog that records how it was answered, as the engines' dialog objects are answered. */
function dialog(type: string, message: string, defaultValue = '') {
  const answers: (string | undefined | 'dismissed')[] = [];
  const engine: EngineDialog = {
    type,
    message,
    defaultValue,
    accept: (text) => Promise.resolve(void answers.push(text)),
    dismiss: () => Promise.resolve(void answers.push('dismissed')),
  };
  return { engine, answers };
}

describe('pending dialogs', () => {
  it('keeps the open dialog until it is answered, then forgets it', async () => {
    const dialogs = new PendingDialogs();
    const confirm = dialog('confirm', 'Delete?');
    dialogs.opened(confirm.engine);
    expect(dialogs.pending()).toMatchObject({ type: 'confirm', message: 'Delete?', defaultValue: '' });
    expect(await dialogs.answer(false)).toMatchObject({ type: 'confirm', accepted: false });
    expect(confirm.answers).toEqual(['dismissed']);
    expect(dialogs.pending()).toBeNull();
    await expect(dialogs.answer(true)).rejects.toThrow(/^No dialog is open in the working tab\.$/);
  });

  it('types the text into a prompt only, and reports it', async () => {
    const dialogs = new PendingDialogs();
    const prompt = dialog('prompt', 'Name?', 'Ada');
    dialogs.opened(prompt.engine);
    expect(await dialogs.answer(true, 'Grace')).toMatchObject({
      accepted: true,
      promptText: 'Grace',
      defaultValue: 'Ada',
    });
    const alert = dialog('alert', 'Saved');
    dialogs.opened(alert.engine);
    expect(await dialogs.answer(true, 'ignored')).not.toHaveProperty('promptText');
    expect([...prompt.answers, ...alert.answers]).toEqual(['Grace', undefined]);
  });

  it('tells a waiting call when a dialog opens, or at once when one is open', async () => {
    const dialogs = new PendingDialogs();
    const watch = dialogs.next();
    dialogs.opened(dialog('beforeunload', '').engine);
    await expect(watch.opened).resolves.toMatchObject({ type: 'beforeunload' });
    watch.stop();
    await expect(dialogs.next().opened).resolves.toMatchObject({ type: 'beforeunload' });
  });

  it('says so when the dialog went away with its tab', async () => {
    const dialogs = new PendingDialogs();
    dialogs.opened({
      ...dialog('alert', 'Hi').engine,
      accept: () => Promise.reject(new Error('Target closed\nstack')),
    });
    await expect(dialogs.answer(true)).rejects.toThrow(/^The alert dialog "Hi" is no longer open: Target closed\.$/);
    dialogs.opened(dialog('alert', 'Bye').engine);
    dialogs.closed();
    expect(dialogs.pending()).toBeNull();
  });
});

describe('a dialog in words', () => {
  const info = (type: DialogInfo['type'], message: string): DialogInfo => ({
    type,
    message,
    defaultValue: '',
    openedAt: '',
  });
  it('quotes the message with the right article, and names a leave-page dialog, which has none', () => {
    expect(aDialog(info('alert', 'Saved'))).toBe('an alert dialog "Saved"');
    expect(aDialog(info('confirm', 'Sure?'))).toBe('a confirm dialog "Sure?"');
    expect(aDialog(info('beforeunload', ''))).toBe('a leave-page (beforeunload) dialog');
    expect(aDialog(info('prompt', 'x'.repeat(300)))).toHaveLength('a prompt dialog ""'.length + 200);
  });
});
