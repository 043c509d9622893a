import type { CrawlLibrary } from '../../src/storage/crawl-library';
import type { ErrorLog } from '../diagnostics/error-log';
import type { Capability } from './capability';
import { diagnosticsCapabilities } from './capabilities/diagnostics';
import { getInfo } from './capabilities/extension-info';
import { PLANNED } from './capabilities/planned';
import { storageCapabilities } from './capabilities/storage';
import type { CapabilityTable } from './dispatch';

export interface CapabilityDeps {
  errors: ErrorLog;
  library: CrawlLibrary;
}

/** Every capability `window.abp` offers, by name, in the order listCapabilities() shows them. */
export function createCapabilityTable(deps: CapabilityDeps): CapabilityTable {
  const all: Capability[] = [...PLANNED, ...storageCapabilities(deps.library), ...diagnosticsCapabilities(deps.errors), getInfo];
  return new Map(all.map((capability) => [capability.name, capability]));
}
