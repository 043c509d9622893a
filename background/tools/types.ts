import type * as v from 'valibot';
import type { ElementFacts, PageToolFacts, PermissionLevel, ScopeExcess } from '../../policy';
import type { ActionFailure } from '../../src/protocol/background-to-content';
import type { StoredPageRef } from '../../src/protocol/common';
import type { HandOverAnswer, HandOverRequest } from '../../src/protocol/hand-over';
import type { CrawlLibrary } from '../storage/crawl-library';
import type { CrawlSettings } from '../storage/db';
import type { PageCache } from '../storage/page-cache';
import type { TabSeen } from '../content-channel/content-client';
import type { Annotations } from './annotations';

/** A tab as the browser described it at one moment. */
export interface TabReading {
  id?: number;
  url?: string;
  active: boolean;
  windowId?: number;
}

/** What a tool knows about the run it serves. */
export interface ToolContext {
  /** The tab the conversation is bound to; tools act there unless told otherwise. */
  tabId: number;
  signal: AbortSignal;
  /** Moves the conversation to another tab (a click opened one, the model switched). */
  bindTab(tabId: number): void;
  /** A tab the task opened joins the task's own tabs (its tab group); absent where no task runs (ABP page calls). */
  placeTab?(tabId: number): Promise<void>;
  /** The snapshot id of the bound tab's last reading, which index-based actions refer to. */
  snapshotId(tabId: number): string | undefined;
  rememberSnapshot(tabId: number, snapshotId: string): void;
  /**
   * The bound tab as read when the running action was allowed (after any question), so the action's
   * request to the page does not read it again; undefined where no one read it.
   */
  actionTab?(): TabSeen | undefined;
  /**
   * Notes the bound tab as the call's target was read: an action the gate allows without asking
   * starts from this reading instead of reading the tab again.
   */
  locatedTab?(tab: TabReading): void;
  pages: PageCache;
  /**
   * The pages this task (or its conversation; for ABP calls, the ABP calls) had read into the page cache, by
   * URL: a recall of any other page asks the person first.
   */
  readings: Set<string>;
  /** The one crawler (crawls run one at a time) and the library its pages go to. */
  crawl: { crawler: ToolCrawler; library: CrawlLibrary };
  /**
   * Hands the task to the person and waits for their answer (ask_person); null when the task stopped
   * meanwhile. Absent where no sidebar asks the person (ABP page calls).
   */
  handOver?(ask: Omit<HandOverRequest, 'id'>, signal: AbortSignal): Promise<HandOverAnswer | null>;
}

/**
 * What a tool may ask of the crawler: start a crawl and follow it. Named here rather than taken
 * from the crawler, so the tools know the crawler's face and not what stands behind it.
 */
export interface ToolCrawler {
  start(urls: string[], settings: CrawlSettings): Promise<{ id: string }>;
  status(jobId: string): Promise<{ active: boolean } | null>;
}

/**
 * What a site's own policy lets a tool read of it, for tools that report on other sites than
 * the one the gate judged (other tabs, earlier readings): 'ask' and 'refused' sites are reported
 * without their page data, and their addresses without query or fragment.
 */
export type ReadAccess = 'allowed' | 'ask' | 'refused';

/** The context a tool runs in: only the gate runs tools, and it adds what only it knows. */
export interface RunContext extends ToolContext {
  readAccess(url: string): Promise<ReadAccess>;
  /** What the gate judged: a tool whose target took finding (a search engine's address) acts on exactly that. */
  target: Target;
}

export interface ToolOutput {
  success: boolean;
  /** What the model reads. */
  text: string;
  /** A data: URL of an image for vision-capable models (screenshots). */
  image?: string;
  /** Why it failed, where the caller caused it (a selector that does not parse, a wait that ran out). */
  failure?: ActionFailure;
  /**
   * What the output holds of each site, where it spans several (list_tabs: each tab's line under its
   * own site). Without it, the whole text is a reading of the site the gate judged.
   */
  readings?: Array<{ url: string; text: string }>;
  /** The Library's stored pages the output gives (search_library), so the answer's citations can open them. */
  storedPages?: StoredPageRef[];
}

/**
 * Text an action would send to a site: the model chose it, so the data-flow rule checks it was not
 * read on another site. `link`: the text is that URL's own parts (a navigation).
 */
export interface Sent {
  text: string;
  /** The URL it goes to: its site is the destination. */
  to: string;
  link?: string;
}

/** What the gate shows the person about an action's target, and why it may be critical. */
export interface Target {
  /** The page the action happens on (the bound tab's URL, or a destination for navigation). */
  url: string;
  /** The element's role and label, the text to be typed, the option: whatever the person needs to judge. */
  summary?: string;
  label?: string;
  form?: {
    action?: string;
    method?: string;
    fieldTypes?: string[];
    autocomplete?: string[];
    fieldNames?: string[];
    /** The button Enter in the element (a field of the form) clicks. */
    submitter?: ElementFacts;
  };
  /** The key a press_key call presses: Enter or Space can submit or click, and is judged so. */
  key?: string;
  /** The element itself (type, names, every text naming it), as the page describes it. */
  element?: ElementFacts;
  /** Each field a multi-field action touches, judged one by one. */
  fields?: ElementFacts[];
  /** A tool the page declares (call_page_tool): what the page says of it, which sets the level it is judged at. */
  pageTool?: PageToolFacts;
  /**
   * Where the action sends the tab, when that is not `url`: a link's address, the form a button
   * submits. A click that leaves for another site is judged as a navigation there too.
   */
  destination?: string;
  /** What the target itself knows is outside the task (a recalled page the task never read): it asks. */
  outsideTask?: ScopeExcess;
  /** Why the arguments cannot name anything (a selector that does not parse): nothing is asked or run. */
  invalid?: string;
  /** Outlines the element on the page while the person is asked about it; resolves to what removes the outline. */
  outline?(label: string): Promise<() => Promise<void>>;
}

/**
 * One action, declared once: the chat offers it to the model, ABP page.* and the MCP bridge offer
 * it under their own addressing (tabId/url, ref), and the gate judges it at `level` whoever calls it.
 */
export interface Tool<S extends v.GenericSchema = v.GenericSchema> {
  name: string;
  /** For models: what it does and how to call it. */
  description: string;
  level: PermissionLevel;
  annotations: Annotations;
  /**
   * Where ABP offers it, its params read from this declaration: an action of page.act, or a
   * capability of its own (page.read, page.readListing, page.getContent). The MCP bridge's by-ref
   * tools follow ABP's. Absent: the chat's alone.
   */
  abp?: 'page.act' | 'page.read' | 'page.readListing' | 'page.getContent';
  /**
   * The MCP bridge's tool for it, where the bridge offers it: generated from this declaration
   * (bridge/tools/page-action-tools.ts), its `index` named `ref` (an element of the last browser_snapshot),
   * and sent through its ABP surface above, so the gate judges it as it judges the chat's.
   */
  bridge?: { name: `browser_${string}`; title: string };
  /** Checked by the gate before anything runs (outside input, whoever sent it). */
  params: S;
  /** Finds what the action would touch, without changing anything. */
  target(args: v.InferOutput<S>, ctx: ToolContext): Promise<Target>;
  run(args: v.InferOutput<S>, ctx: RunContext): Promise<ToolOutput>;
  /** What the action sends where (a URL's parts, a query, typed values), for the data-flow rule. */
  sends?(args: v.InferOutput<S>, target: Target): Sent[];
}

export const defineTool = <S extends v.GenericSchema>(tool: Tool<S>): Tool => tool as unknown as Tool;
