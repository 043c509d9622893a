import * as v from 'valibot';
import { ACCEPT_DIALOG_LEVEL } from '../../policy';
import { action, output } from './page-action';
import { here, sendsToPage } from './targets';
import { defineTool } from './types';
import { COMMITS_ON_PAGE } from './annotations';

export const acceptDialog = defineTool({
  name: 'accept_dialog',
  description:
    "Accept the page's next confirm or prompt dialog (OK instead of Cancel), with prompt_text typed into a prompt, or its prompt to confirm leaving it. Bosun answers dialogs while it acts and dismisses them by default; when an action's result says a dialog was dismissed and the person's request needs it accepted, call this, then repeat the action. Accepting commits what the dialog asks about.",
  // Accepting "Delete this item?" or "Leave the page?" commits, as a form's submit does.
  level: ACCEPT_DIALOG_LEVEL,
  annotations: COMMITS_ON_PAGE,
  params: v.object({ prompt_text: v.optional(v.pipe(v.string(), v.maxLength(10_000))) }),
  target: async (args, ctx) => ({
    ...(await here(args, ctx)),
    summary: `accept the page's next confirm, prompt or leave-page dialog${args.prompt_text ? `, answering "${args.prompt_text}"` : ''}`,
  }),
  sends: (args, target) => sendsToPage([args.prompt_text ?? ''], target),
  run: async (args, ctx) => {
    const reply = await action(ctx, { type: 'ACCEPT_NEXT_DIALOG', payload: { promptText: args.prompt_text ?? '' } });
    if (!reply.success) return output(reply);
    return {
      success: true,
      text: 'The next confirm, prompt or leave-page dialog the page opens will be accepted. Now repeat the action that opened it.',
    };
  },
});
