/** The manifest command that opens Bosun: Chrome's toolbar action opens the side panel; Firefox toggles the sidebar. */
export const OPEN_COMMAND = __TARGET__ === 'chrome' ? '_execute_action' : '_execute_sidebar_action';

export interface Command {
  name?: string;
  shortcut?: string;
}

/**
 * The keys that open Bosun as the browser has them assigned now, read from `commands.getAll()`:
 * the manifest only suggests a shortcut, which the browser leaves unassigned when another
 * extension holds it, and the person may change or clear it. Null when none is set.
 */
export function openShortcut(commands: readonly Command[], name: string = OPEN_COMMAND): string | null {
  const shortcut = commands.find((command) => command.name === name)?.shortcut?.trim();
  return shortcut ? shortcut : null;
}
