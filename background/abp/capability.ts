import type * as v from 'valibot';

/** What a capability knows about the call it serves. */
export interface CallContext {
  /** Aborted when the ABP page goes away or the call is cancelled: a question it asked is withdrawn, and work stops. */
  signal: AbortSignal;
  /** The ABP session's run: a deny is remembered for the session, and grants made for it apply. */
  runId?: string;
  /** Who asks, in the permission question and the Action Log. */
  requester?: string;
  /** How long a permission question may wait for this caller; 0: nobody can answer, so nobody is asked. */
  questionTimeoutMs?: number;
}

/**
 * One ABP capability: its name and description as listed, the valibot schema its params are
 * checked against (also the JSON Schema `listCapabilities()` shows), and its handler.
 */
export interface Capability<S extends v.GenericSchema = v.GenericSchema> {
  name: string;
  description: string;
  params: S;
  handle(params: v.InferOutput<S>, ctx: CallContext): Promise<Record<string, unknown>>;
}

export const defineCapability = <S extends v.GenericSchema>(capability: Capability<S>): Capability =>
  capability as unknown as Capability;
