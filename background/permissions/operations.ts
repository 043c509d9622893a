import type { PermissionLevel } from '../../policy';
import { bridgeOperation, type BridgeOperation } from '../../src/abp/bridge-operations';
import { TOOLS } from '../tools/registry';

declare const declared: unique symbol;

/**
 * What the gate judges when work outside a tool call opens or reads a site (a crawl, a workflow's
 * tab, an ABP client's own check): its name and its level. Only this module makes one, from a
 * declaration (a tool's, one of OWN_LEVELS below, or one of the bridge's native operations), so no caller can write a level of its own:
 * a crawl, a tab, a navigation is judged at one level whoever asks for it.
 */
export interface Operation {
  readonly name: string;
  readonly level: PermissionLevel;
  readonly [declared]: true;
}

/** Work that is no tool of the chat's, each at its one level. */
const OWN_LEVELS = {
  /** A crawl reading a page of a site it did not start on (a link, a redirect): a read of that site. */
  crawl_page: 'read-only',
  /** An ABP client's pick of an element's content from a page it names, read in a background tab. */
  'scrape.pickContent': 'read-only',
  /** An open tab the person picked as context for a chat message: a read of its site. */
  read_tab: 'read-only',
  /** A scheduled chat task's start page, loaded in a tab behind the person's to start from: a read of its site. */
  schedule_start: 'read-only',
} as const satisfies Record<string, PermissionLevel>;

const made = (name: string, level: PermissionLevel) => ({ name, level }) as Operation;

/** The operation a tool's name or one of OWN_LEVELS' names declares; undefined for any other name. */
export function operationNamed(name: string): Operation | undefined {
  const tool = TOOLS.get(name);
  if (tool) return made(tool.name, tool.level);
  return Object.hasOwn(OWN_LEVELS, name) ? made(name, OWN_LEVELS[name as keyof typeof OWN_LEVELS]) : undefined;
}

const declaredOperation = (name: string): Operation => {
  const operation = operationNamed(name);
  if (!operation) throw new Error(`No operation "${name}" is declared.`);
  return operation;
};

/**
 * One of the MCP bridge's native browser tools' operations, at the level src/abp/bridge-operations.ts
 * declares for it: the bridge names the operation, never its level.
 */
export const nativeOperation = (operation: BridgeOperation): Operation => {
  const { name, level } = bridgeOperation(operation);
  return made(name, level);
};

/** The operations the background's own work asks the gate for, by what they do. */
export const OPERATIONS = {
  /** Any crawl started or resumed (the chat's crawl_site, ABP crawl.start/resume, the Library's resume). */
  crawl: declaredOperation('crawl_site'),
  /** A crawl reading a page of another site than its start sites. */
  crawlPage: declaredOperation('crawl_page'),
  /** A tab opened on a site (the chat's open_tab, a workflow step's own tab). */
  openTab: declaredOperation('open_tab'),
  /** A tab sent to another address. */
  navigate: declaredOperation('navigate'),
  /** scrape.pickContent's reading of the page it names. */
  pickContent: declaredOperation('scrape.pickContent'),
  /** The chat's reading of a tab the person picked as context. */
  readTab: declaredOperation('read_tab'),
  /** A scheduled chat task's start page, opened before its run. */
  scheduleStart: declaredOperation('schedule_start'),
} as const;
