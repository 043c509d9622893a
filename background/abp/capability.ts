import type * as v from 'valibot';
import type { CapabilityAnnotations } from '../../src/abp/response';
import type { ScopeHolder } from '../permissions/scope-check';
import type { Caller } from '../agent/task-board';

/** What a capability knows about the call it serves. */
export interface CallContext {
  /** Aborted when the ABP page goes away or the call is cancelled: a question it asked is withdrawn, and work stops. */
  signal: AbortSignal;
  /** The ABP session's run: a deny is remembered for the session, and grants made for it apply. */
  runId: string;
  /** The ABP page connection's run, where the data-flow rule keeps what the calls read: it outlives sessions. */
  flowRun: string;
  /** Who asks, in the permission question and the Action Log. */
  requester: string;
  /** How long a permission question may wait for this caller; 0: nobody can answer, so nobody is asked. */
  questionTimeoutMs?: number;
  /** The task the caller stated (an attached client's): the gate checks its calls against it, as a chat task's. */
  scope?: ScopeHolder;
  /** The caller by its connection: a tab its call works in is held for it, apart from every running task's. */
  caller: Caller;
}

/**
 * One ABP capability: its name and description as listed, the valibot schema its params are
 * checked against (also the JSON Schema `listCapabilities()` shows), and its handler.
 */
export interface Capability<S extends v.GenericSchema = v.GenericSchema> {
  name: string;
  description: string;
  /** Declared here, never guessed from the name: listed to ABP clients and the bridge's MCP tools. */
  annotations: CapabilityAnnotations;
  params: S;
  handle(params: v.InferOutput<S>, ctx: CallContext): Promise<Record<string, unknown>>;
}

export const defineCapability = <S extends v.GenericSchema>(capability: Capability<S>): Capability =>
  capability as unknown as Capability;

/** Reads only what Bosun stored or knows. */
export const READS_BOSUN: CapabilityAnnotations = { readOnlyHint: true, destructiveHint: false, openWorldHint: false };
/** Reads an open tab, under Bosun's policy. */
export const READS_SITES: CapabilityAnnotations = { readOnlyHint: true, destructiveHint: false, openWorldHint: true };
/** Changes what Bosun keeps, removing nothing. */
export const CHANGES_BOSUN: CapabilityAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  openWorldHint: false,
};
/** Loads web sites (a crawl, a picked page) without acting on them. */
export const REACHES_SITES: CapabilityAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  openWorldHint: true,
};
/** Removes what Bosun keeps. */
export const REMOVES: CapabilityAnnotations = { readOnlyHint: false, destructiveHint: true, openWorldHint: false };
/** Acts on pages in the person's name. */
export const ACTS_ON_SITES: CapabilityAnnotations = { readOnlyHint: false, destructiveHint: true, openWorldHint: true };
