import { endTabGroup, joinTabGroup } from './tab-groups';

/** About what a tab group's chip shows before it cuts the title. */
const NAME_CHARS = 24;

/** A task's name as its tab group shows it: the first words of the request, on a word boundary. */
export function shortTaskName(request: string): string {
  const words = request.replace(/\s+/g, ' ').trim();
  if (words.length <= NAME_CHARS) return words || 'Bosun task';
  // One more character, so a word that ends right at the limit is kept whole.
  const space = words.slice(0, NAME_CHARS + 1).lastIndexOf(' ');
  return `${space > NAME_CHARS / 2 ? words.slice(0, space) : words.slice(0, NAME_CHARS)}…`;
}

/** How a task's tabs are left when it ends: it answered, or it stopped short (Stop, a limit, an error). */
export type TaskTabsEnd = 'done' | 'stopped';

/**
 * The tabs one task opened (open_tab, a search, a link that opens a tab, a research step's tab),
 * kept together in a tab group of their own, named for the task, in the window they opened in:
 * beside the person's tabs, never in front of them, and apart from every other task's. The tab a
 * task started on is the person's and never joins it. When the task ends the group stays (its
 * pages are the results the person may want to look at) but is greyed and marked, ✓ when the
 * task answered and ✗ when it stopped short, so nothing in it is mistaken for work still going on.
 */
export function createTaskTabs(name: string, groupId?: number) {
  let group = groupId;
  const placed = new Set<number>();
  // One group change at a time: two tabs opened at once must not start two groups.
  let changes = Promise.resolve();
  const change = (work: () => Promise<void>) => {
    changes = changes.then(work).catch(() => {
      // The tab closed before it could join, or the group went: the task goes on without it.
    });
    return changes;
  };
  return {
    /** The group the task's tabs are in, once one opened. */
    get groupId() {
      return group;
    },
    /** A tab the task opened joins its group; placing one again changes nothing. */
    place(tabId: number): Promise<void> {
      if (placed.has(tabId)) return changes;
      placed.add(tabId);
      return change(async () => {
        group = await joinTabGroup(tabId, group, name);
      });
    },
    /** The task ended: its group, if it opened any tab, stays, greyed and marked with how it ended. */
    end(how: TaskTabsEnd): Promise<void> {
      return change(async () => {
        if (group !== undefined) await endTabGroup(group, `${how === 'done' ? '✓' : '✗'} ${name}`);
      });
    },
  };
}
export type TaskTabs = ReturnType<typeof createTaskTabs>;
