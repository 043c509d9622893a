import { ToolError } from '../server/errors';

export const DIALOG_TYPES = ['alert', 'confirm', 'prompt', 'beforeunload'] as const;
export type DialogType = (typeof DIALOG_TYPES)[number];

/** What an agent is told about a dialog the page opened. */
export interface DialogInfo {
  type: DialogType;
  message: string;
  /** The text a prompt() offers; empty for the other types. */
  defaultValue: string;
  openedAt: string;
}

/** A dialog as an engine hands it over: what it says and how to answer it. */
export interface EngineDialog {
  type: string;
  message: string;
  defaultValue: string;
  accept(promptText?: string): Promise<void>;
  dismiss(): Promise<void>;
}

/** A dialog as Playwright and puppeteer both hand it over (the same calls in each). */
interface DriverDialog {
  type(): string;
  message(): string;
  defaultValue(): string;
  accept(promptText?: string): Promise<void>;
  dismiss(): Promise<void>;
}

export const engineDialog = (dialog: DriverDialog): EngineDialog => ({
  type: dialog.type(),
  message: dialog.message(),
  defaultValue: dialog.defaultValue(),
  accept: (text) => dialog.accept(text),
  dismiss: () => dialog.dismiss(),
});

/** What answering did. */
export interface DialogAnswer extends DialogInfo {
  accepted: boolean;
  promptText?: string;
}

const typeOf = (type: string): DialogType =>
  (DIALOG_TYPES as readonly string[]).includes(type) ? (type as DialogType) : 'alert';

/** A dialog in words, as summaries and errors quote it. */
export function describeDialog({ type, message }: DialogInfo): string {
  const what = type === 'beforeunload' ? 'leave-page (beforeunload) dialog' : `${type} dialog`;
  return message ? `${what} "${message.slice(0, 200)}"` : what;
}

/** The same with its article: "an alert dialog …", "a confirm dialog …". */
export const aDialog = (dialog: DialogInfo) => `${dialog.type === 'alert' ? 'an' : 'a'} ${describeDialog(dialog)}`;

/**
 * The dialog a tab has open, kept until browser_handle_dialog answers it. The page's script stops
 * while a dialog is open (and in Chromium so does every evaluation and input), so the tools that
 * need the page are told about it instead of waiting for it (dialog-guard.ts).
 */
export class PendingDialogs {
  private open: { info: DialogInfo; dialog: EngineDialog } | null = null;
  private readonly waiters = new Set<(info: DialogInfo) => void>();

  /** The engine saw a dialog open. */
  opened(dialog: EngineDialog): void {
    const info: DialogInfo = {
      type: typeOf(dialog.type),
      message: dialog.message,
      defaultValue: dialog.defaultValue,
      openedAt: new Date().toISOString(),
    };
    this.open = { info, dialog };
    for (const waiter of this.waiters) waiter(info);
  }

  /** The dialog closed without the bridge (the tab navigated or closed). */
  closed(): void {
    this.open = null;
  }

  pending(): DialogInfo | null {
    return this.open?.info ?? null;
  }

  /** Resolves when a dialog opens (at once if one is open); stop() when no longer interested. */
  next(): { opened: Promise<DialogInfo>; stop(): void } {
    let waiter: (info: DialogInfo) => void = () => {};
    const opened = new Promise<DialogInfo>((resolve) => {
      waiter = resolve;
      this.waiters.add(waiter);
    });
    const now = this.pending();
    if (now) waiter(now);
    return { opened, stop: () => this.waiters.delete(waiter) };
  }

  /** Accepts (with the prompt's text) or dismisses the open dialog. */
  async answer(accept: boolean, promptText?: string): Promise<DialogAnswer> {
    const open = this.open;
    if (!open) throw noDialogError();
    this.open = null;
    try {
      if (accept) await open.dialog.accept(open.info.type === 'prompt' ? promptText : undefined);
      else await open.dialog.dismiss();
    } catch (error) {
      // The tab navigated or closed, which closed the dialog with it.
      throw new ToolError(
        `The ${describeDialog(open.info)} is no longer open: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}.`,
        'Take a snapshot to see the page as it is now.',
      );
    }
    return {
      ...open.info,
      accepted: accept,
      ...(accept && open.info.type === 'prompt' && promptText !== undefined ? { promptText } : {}),
    };
  }
}

export const noDialogError = () =>
  new ToolError(
    'No dialog is open in the working tab.',
    'Call browser_handle_dialog after the page opens an alert, confirm, prompt or leave-page dialog.',
  );

/** A tool that needs the page, called while a dialog waits for its answer. */
export const dialogOpenError = (tool: string, dialog: DialogInfo) =>
  new ToolError(
    `The page has ${aDialog(dialog)} open, which waits for an answer: ${tool} cannot reach the page until then.`,
    'Call browser_handle_dialog with accept: true or false (and promptText for a prompt), then call again.',
    { dialog },
  );

/** A dialog that opened while a tool ran: the tool's work waits behind it. */
export const dialogOpenedError = (tool: string, dialog: DialogInfo) =>
  new ToolError(
    `The page opened ${aDialog(dialog)} during ${tool}, and waits for its answer; what ${tool} did up to the dialog is done.`,
    'Call browser_handle_dialog with accept: true or false (and promptText for a prompt).',
    { dialog },
  );
