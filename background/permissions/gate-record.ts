import type { CriticalContext, PermissionLevel } from '../../policy';
import { newId } from '../storage/ids';
import type { Target } from '../tools/types';
import { RUNNING, type ActionLog } from './action-log';
import type { GateCall, GateResult } from './gate-types';

/** Everything the target description says, for the critical-action check and the action's level. */
export const actionOf = (target: Target): CriticalContext => ({
  label: target.label,
  url: target.url,
  pageUrl: target.url,
  formAction: target.form?.action,
  fieldTypes: target.form?.fieldTypes,
  autocomplete: target.form?.autocomplete,
  fieldNames: target.form?.fieldNames,
  element: target.element,
  fields: target.fields,
  key: target.key,
  submitter: target.form?.submitter,
  pageTool: target.pageTool,
});

/** The element's name on the page, as results and the Action Log carry it. */
export const labelOf = (target: Target): { label?: string } =>
  target.label ? { label: target.label.slice(0, 200) } : {};

export const summarize = (args: unknown) =>
  typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};

/**
 * Where a call's entry stands in the Action Log: its id, kept when its outcome replaces it; the outcome
 * takes its own time, so an entry's time is when the call ended, as it was before running entries existed.
 */
export interface LogPlace {
  id: string;
  timestamp: number;
}

const entryOf = (call: GateCall, site: string, level: PermissionLevel, decision: string, place: LogPlace) => ({
  ...place,
  toolName: call.name,
  parameters: summarize(call.args),
  site,
  permissionLevel: level,
  decision,
});

/**
 * An allowed call is in the Action Log before it runs, as running: a background that stops while
 * it runs leaves it there, and its successor marks it interrupted (ActionLog.markInterrupted), so
 * an action that may have taken effect is never missing from the log. Its outcome replaces it.
 */
export async function recordStart(
  log: ActionLog,
  call: GateCall,
  site: string,
  level: PermissionLevel,
  decision: string,
  label: string | undefined,
): Promise<LogPlace> {
  const place = { id: newId('log'), timestamp: Date.now() };
  call.settle?.();
  await log.add({
    ...entryOf(call, site, level, decision, place),
    result: RUNNING,
    details: `${call.requester}: running`,
    ...(label ? { target: label } : {}),
  });
  return place;
}

/**
 * Every call the gate sees leaves one Action Log entry (`place`: the one its start wrote); the
 * result passes through unchanged. The entry is stored before the gate answers, unless the caller
 * takes the write to make and wait for it itself.
 */
export async function record(
  log: ActionLog,
  call: GateCall,
  site: string,
  level: PermissionLevel,
  decision: string,
  result: GateResult,
  place: LogPlace = { id: newId('log'), timestamp: Date.now() },
): Promise<GateResult> {
  const entry = {
    ...entryOf(call, site, level, decision, { ...place, timestamp: Date.now() }),
    result: result.outcome,
    details: `${call.requester}: ${result.text.slice(0, 500)}`,
    ...(result.label ? { target: result.label } : {}),
  };
  const write = () => log.add(entry);
  if (call.keepLog) call.keepLog(write);
  else await write();
  return result;
}

/** A refusal, logged: the action did not run. */
export const refusal = (
  log: ActionLog,
  call: GateCall,
  site: string,
  level: PermissionLevel,
  decision: string,
  text: string,
  target: Target,
): Promise<GateResult> =>
  record(log, call, site, level, decision, {
    success: false,
    outcome: 'denied',
    decision,
    site,
    text,
    ...labelOf(target),
  });
