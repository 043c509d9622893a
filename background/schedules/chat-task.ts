import { PERMISSION_LEVELS, type PermissionLevel } from '../../policy';
import type { ChatMessage } from '../../src/protocol/common';
import type { ChatTask } from '../../src/protocol/schedules';
import { traceOf } from '../replay/replay-trace';
import { untrustedContent } from '../tools/untrusted';

/** Most sites one scheduled chat task may act on: as many as a chat plan has steps. */
const MAX_SITES = 12;
/** The address line of a read_page reading: the tab's own location, as the page engine read it. */
const URL_LINE = /^URL: (https?:\/\/\S+)$/m;

/**
 * The conversation's last task, kept to run on a schedule: its trace, the page it started on (the
 * first page it read), and what each run is approved to do: each site it acted on or read, at the
 * highest level its tools there declare. An error in words when it cannot be scheduled.
 */
export function chatTaskOf(
  conversationId: string,
  messages: readonly ChatMessage[],
  levelOf: (tool: string) => PermissionLevel | undefined,
): ChatTask | string {
  const trace = traceOf(messages);
  if (!trace) return 'That conversation has no finished task that acted on a page.';
  const done = messages
    .slice(messages.findLastIndex((m) => m.role === 'user') + 1)
    .filter((m) => m.role === 'tool' && m.outcome === 'success' && m.name && m.site);
  const firstRead = done.find((m) => m.name === 'read_page');
  const startUrl = firstRead ? URL_LINE.exec(untrustedContent(firstRead.content))?.[1] : undefined;
  if (!startUrl) return 'The task read no page to start from: it cannot run by itself.';
  const levels = new Map<string, PermissionLevel>();
  for (const { name = '', site = '' } of done) {
    const level = levelOf(name);
    if (!level) return `The task used '${name}', which Bosun no longer has.`;
    const before = levels.get(site);
    if (!before || PERMISSION_LEVELS.indexOf(level) > PERMISSION_LEVELS.indexOf(before)) levels.set(site, level);
  }
  if (levels.size > MAX_SITES) return `The task acted on more than ${MAX_SITES} sites: make it a research workflow.`;
  return { conversationId, trace, startUrl, access: [...levels].map(([site, level]) => ({ site, level })) };
}
