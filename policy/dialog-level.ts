import type { PermissionLevel } from './vocabulary';

/**
 * Accepting a confirm ("Delete this item?"), a prompt or a leave-page dialog commits what it asks
 * about, as a form's submit does; whoever answers it (the chat's accept_dialog, the bridge).
 */
export const ACCEPT_DIALOG_LEVEL: PermissionLevel = 'submit';

/** Dialogs whose OK commits something; an alert's OK only closes it. */
const COMMITTING: ReadonlySet<string> = new Set(['confirm', 'prompt', 'beforeunload']);

/** The level answering a dialog of this type is judged at: Cancel / Stay and an alert's OK only interact. */
export const dialogAnswerLevel = (type: string, accept: boolean): PermissionLevel =>
  accept && COMMITTING.has(type) ? ACCEPT_DIALOG_LEVEL : 'interact';
