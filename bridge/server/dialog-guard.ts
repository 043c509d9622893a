import { aDialog, dialogOpenedError, dialogOpenError } from '../engines/dialogs';
import type { BridgeTool } from './tool';

/** How a tool stands to a dialog the working tab has open. */
type UnderDialog = 'answers' | 'tabs' | 'unaffected';

/**
 * The tools that work while a dialog is open: the one that answers it, those that read only the
 * bridge's records, and the tabs (a tab stuck behind a dialog can be left or closed).
 */
const UNDER_DIALOG: Record<string, UnderDialog> = {
  browser_handle_dialog: 'answers',
  browser_tabs: 'tabs',
  browser_console: 'unaffected',
  browser_network_sources: 'unaffected',
  browser_network_request: 'unaffected',
};

/**
 * A browser tool that never waits on a dialog: while the page has one open, the tools that need
 * the page say so at once (with what the dialog says), and one that makes the page open a dialog
 * returns as it opens instead of waiting for an answer nobody is giving. The ones that read only
 * the bridge's records run, and mention the dialog in their summary.
 */
export function guardDialogs(tool: BridgeTool): BridgeTool {
  const stance = UNDER_DIALOG[tool.name];
  // browser_tabs does not touch a page's script; and closing the last tab must not open another to look at.
  if (stance === 'answers' || stance === 'tabs') return tool;
  return {
    ...tool,
    async run(args, browser, call) {
      const tab = await browser.tab();
      const open = tab.dialogs.pending();
      if (stance === 'unaffected') {
        const output = await tool.run(args, browser, call);
        if (!open) return output;
        const note = `${aDialog(open)} is open: answer it with browser_handle_dialog`;
        return { ...output, summary: `${output.summary} (${note})` };
      }
      if (open) throw dialogOpenError(tool.name, open);
      const watch = tab.dialogs.next();
      const running = tool.run(args, browser, call);
      // The tool's own promise settles once the dialog is answered; nobody waits for it then.
      running.catch(() => {});
      try {
        return await Promise.race([
          running,
          watch.opened.then((dialog) => Promise.reject(dialogOpenedError(tool.name, dialog))),
        ]);
      } finally {
        watch.stop();
      }
    },
  };
}
