import * as v from 'valibot';
import { NATIVE_TOOLS } from '../../src/abp/bridge-operations';
import { defineTool, objectSchema } from '../server/tool';
import type { AttachSession } from './attach-session';

/**
 * browser_set_task, attached only: the client states the person's request it works on. Bosun makes
 * it the session's scope as it makes a chat task's from the person's words, so an action beyond it
 * (a purchase when the request was to read a price) asks the person even where their grants would
 * allow it. Stated again, the new task replaces the old one.
 */
export const setTaskTool = (session: AttachSession) =>
  defineTool({
    name: 'browser_set_task',
    title: 'Set the task',
    annotations: NATIVE_TOOLS.browser_set_task.annotations,
    outputSchema: objectSchema({ task: { type: 'string' } }),
    description:
      "State the person's request you are working on, in their words, before acting on it. Bosun checks every later action against it, as it checks its own chat's tasks: what the request did not ask for (buying, sending, deleting, or acting at all when it asked only to read) asks the person first, even where they allowed the site.",
    params: v.strictObject({
      task: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(4000)),
    }),
    async run({ task }) {
      await session.state(task);
      return { summary: 'Bosun checks the actions that follow against this task', data: { task } };
    },
  });
