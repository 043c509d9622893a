import type { ErrorLog } from '../diagnostics/error-log';
import type { Capability } from './capability';
import { diagnosticsCapabilities } from './capabilities/diagnostics';
import { getInfo } from './capabilities/extension-info';
import { PLANNED } from './capabilities/planned';
import type { CapabilityTable } from './dispatch';

export interface CapabilityDeps {
  errors: ErrorLog;
}

/** Every capability `window.abp` offers, by name, in the order listCapabilities() shows them. */
export function createCapabilityTable(deps: CapabilityDeps): CapabilityTable {
  const all: Capability[] = [...PLANNED, ...diagnosticsCapabilities(deps.errors), getInfo];
  return new Map(all.map((capability) => [capability.name, capability]));
}
