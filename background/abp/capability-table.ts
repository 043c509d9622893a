import type { CrawlLibrary } from '../storage/crawl-library';
import type { PageCache } from '../storage/page-cache';
import type { Crawler } from '../crawl/crawler';
import type { ErrorLog } from '../diagnostics/error-log';
import type { Gate } from '../permissions/gate';
import type { Capability } from './capability';
import { agentCapabilities, type AgentRunDeps } from './capabilities/agent';
import { convertExportCapabilities } from './capabilities/convert-export';
import { diagnosticsCapabilities } from './capabilities/diagnostics';
import { getInfo } from './capabilities/extension-info';
import { pageCapabilities } from './capabilities/page';
import { crawlCapabilities } from './capabilities/crawl';
import { pickContent } from './capabilities/scrape';
import { storageCapabilities } from './capabilities/storage';
import type { CapabilityTable } from './dispatch';
import type { TaskBoard } from '../agent/task-board';
import type { ConnectionReadings } from './connection-readings';

export interface CapabilityDeps {
  errors: ErrorLog;
  library: CrawlLibrary;
  gate: Gate;
  pages: PageCache;
  crawler: Crawler;
  /** Which task or caller holds which tab: page.* calls run only in a tab nobody else works in. */
  tabs: Pick<TaskBoard, 'hold' | 'letGo'>;
  /** What each connection's page calls read: let go when it ends. */
  connectionReadings: Pick<ConnectionReadings, 'remember'>;
  agent: AgentRunDeps;
}

/** Every capability `window.abp` offers, by name, in the order listCapabilities() shows them. */
export function createCapabilityTable(deps: CapabilityDeps): CapabilityTable {
  const all: Capability[] = [
    ...crawlCapabilities(deps.crawler, deps.gate),
    ...storageCapabilities(deps.library, deps.crawler),
    ...convertExportCapabilities(deps.library),
    pickContent(deps.gate),
    ...diagnosticsCapabilities(deps.errors),
    getInfo,
    ...pageCapabilities({ ...deps, crawl: { crawler: deps.crawler, library: deps.library } }),
    ...agentCapabilities(deps.agent),
  ];
  return new Map(all.map((capability) => [capability.name, capability]));
}
