import type * as v from 'valibot';

/** What a capability knows about the call it serves. */
export interface CallContext {
  /** Aborted when the ABP page goes away: a question it asked becomes a deny, and work stops. */
  signal: AbortSignal;
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
