// A task's solution as a list of page-engine actions on elements named by their listed labels.
// The scripted model plays it as tool calls (planOf); the e2e tests play the same list through
// ABP page.act and through the MCP bridge's tools (tests/e2e/support/task-steps.ts).
import { indexByLabel } from '../../tests/e2e/support/listing';
import { call, type Plan } from '../../tests/e2e/support/scripted-turns';

/**
 * An element as the listing names it: its role and its label; for one shown only on hover, the label
 * of what to hover; for one its author left unnamed, its place among the ones like it ("in post 2").
 */
export type Target = readonly [role: string, label: string, hoverOf?: string, place?: string];

export interface TaskStep {
  /** A page-engine action (a tool of the chat's agent and of ABP page.act): click_element, drag… */
  action: string;
  /** The element acted on: `index`. */
  target?: Target;
  /** Where a drag ends: `to`. */
  to?: Target;
  /** The action's other arguments. */
  args?: Record<string, unknown>;
  /** The action changes what the page lists (a pop-up opens, a month turns): read the page again after it. */
  reread?: boolean;
}

/** The index of the target's line (`button "destroy", shown on hover of "Buy milk"` for one shown on hover). */
function indexOf(listing: string, [role, label, hoverOf, place]: Target): number {
  if (place !== undefined) {
    const named = `${role} "${label}" ${place}`;
    const at = listing.split('\n').find((l) => `${l.replace(/^\*?\[\d+\]/, '')} `.startsWith(`${named} `));
    if (!at) throw new Error(`no ${named} in:\n${listing}`);
    return Number(/\[(\d+)\]/.exec(at)?.[1]);
  }
  if (hoverOf === undefined) return indexByLabel(listing, role, label);
  const line = listing
    .split('\n')
    .find((l) => l.includes(`]${role} "${label}"`) && l.endsWith(`, shown on hover of "${hoverOf}"`));
  if (!line) throw new Error(`no ${role} "${label}" shown on hover of "${hoverOf}" in:\n${listing}`);
  return Number(/\[(\d+)\]/.exec(line)?.[1]);
}

/** The action's arguments, its elements found by their labels in `listing`. */
export function argsOf(step: TaskStep, listing: string): Record<string, unknown> {
  return {
    ...(step.target ? { index: indexOf(listing, step.target) } : {}),
    ...(step.to ? { to: indexOf(listing, step.to) } : {}),
    ...step.args,
  };
}

const read = () => call('read_page', {});

/** The scripted model's turns for the steps: read the page, then each step, reading again where a step says. */
export function planOf(steps: readonly TaskStep[]): Plan {
  return [
    read,
    ...steps.flatMap((step): Plan => [
      ({ listing }) => call(step.action, argsOf(step, listing)),
      ...(step.reread ? [read] : []),
    ]),
  ];
}

/** `count` presses or clicks of the same step. */
export const times = (count: number, step: TaskStep): TaskStep[] => Array.from({ length: count }, () => step);
