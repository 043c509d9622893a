import * as v from 'valibot';
import { ACCEPT_DIALOG_LEVEL, dialogAnswerLevel } from '../../policy/dialog-level';
import { BOOLEAN, STRING } from './browser-tool-parts';
import { DIALOG_TYPES, describeDialog, noDialogError } from '../engines/dialogs';
import { abpError, ToolError } from '../server/errors';
import { NATIVE_TOOLS } from '../../src/abp/bridge-operations';
import { defineTool, objectSchema } from '../server/tool';

/** Accepting what commits (policy/dialog-level.ts) is the operation declared at submit; any other answer only interacts. */
const dialogOperation = (type: string, accept: boolean) =>
  dialogAnswerLevel(type, accept) === ACCEPT_DIALOG_LEVEL
    ? ('browser_handle_dialog.commit' as const)
    : ('browser_handle_dialog.answer' as const);

/**
 * Answers the dialog the page has open. Answering acts on the page, so Bosun's policy is asked
 * first with the dialog's own words: accepting a confirm, prompt or leave-page dialog commits (a
 * confirm's "OK" may delete something) and is judged at submit, as the chat's accept_dialog is.
 */
export const browserHandleDialog = defineTool({
  name: 'browser_handle_dialog',
  title: 'Handle dialog',
  annotations: NATIVE_TOOLS.browser_handle_dialog.annotations,
  outputSchema: objectSchema(
    {
      type: { enum: [...DIALOG_TYPES] },
      message: STRING,
      defaultValue: STRING,
      openedAt: STRING,
      accepted: BOOLEAN,
      promptText: STRING,
      url: STRING,
    },
    ['promptText'],
  ),
  description:
    'Accept or dismiss the alert, confirm, prompt or leave-page dialog the working tab has open (a tool that meets one says so, with its text). For a prompt, promptText is what is typed into it (its default text if not given).',
  params: v.strictObject({
    accept: v.pipe(v.boolean(), v.description('true: OK / Leave; false: Cancel / Stay')),
    promptText: v.optional(
      v.pipe(v.string(), v.maxLength(10_000), v.description('The answer to a prompt() (ignored for other dialogs)')),
    ),
  }),
  // The question names the dialog's text, which only the open dialog has: run() asks Bosun itself.
  permission: () => null,
  async run({ accept, promptText }, browser, call) {
    const tab = await browser.tab();
    const open = tab.dialogs.pending();
    if (!open) throw noDialogError();
    const url = tab.url();
    if (/^https?:/.test(url)) {
      const summary = `${accept ? 'Accept' : 'Dismiss'} the ${describeDialog(open)}`;
      const answer = await (
        await browser.abp()
      ).authorize({ operation: dialogOperation(open.type, accept), url, summary }, call);
      if (!answer.success) throw abpError("browser_handle_dialog (Bosun's permission)", answer);
      if (call.signal.aborted)
        throw new ToolError(
          'The call was cancelled before it acted; nothing was done.',
          'Call again if it is still wanted.',
        );
    }
    const answered = await tab.dialogs.answer(
      accept,
      promptText ?? (open.type === 'prompt' ? open.defaultValue : undefined),
    );
    return {
      summary: `${accept ? 'Accepted' : 'Dismissed'} the ${describeDialog(answered)}`,
      // The page that showed the dialog (after a leave-page dialog, the tab may be on its way elsewhere).
      data: { ...answered, url },
    };
  },
});
