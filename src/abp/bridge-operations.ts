import type { PermissionLevel } from '../../policy/vocabulary';

/** MCP's tool annotations: hints a client shows its person or uses to decide what to confirm. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint?: boolean;
  openWorldHint: boolean;
}

/** Reads the working tab or what the bridge recorded; changes nothing. */
const READS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, openWorldHint: false };
/** The tab goes elsewhere; nothing on a page is changed. */
const MOVES: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, openWorldHint: true };
/** Acts on a web page as a person would: what it does depends on the site. */
const ACTS: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, openWorldHint: true };
/** Reads, or changes and removes (clearing can sign a person out), the site's data in the browser. */
const SITE_DATA: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, openWorldHint: false };

interface NativeTool {
  annotations: ToolAnnotations;
  /** What Bosun's gate judges the tool's calls as, each at its level, on the site it names. */
  operations: Readonly<Record<string, PermissionLevel>>;
}

/**
 * The MCP bridge's native tools (those that drive the browser with its own protocol rather than
 * Bosun's page engine): each declared once, with its MCP annotations and the operations Bosun's
 * gate judges. The bridge lists the tools with these annotations; the background judges an
 * ABP_AUTHORIZE at the level declared here for the operation it names, never at one the caller
 * writes. Tools without operations read only what the bridge recorded, or change the browser's own
 * settings, not a site.
 */
export const NATIVE_TOOLS = {
  browser_navigate: { annotations: { ...MOVES, idempotentHint: true }, operations: { open: 'navigate' } },
  browser_back: { annotations: MOVES, operations: { go: 'navigate' } },
  browser_forward: { annotations: MOVES, operations: { go: 'navigate' } },
  browser_reload: { annotations: { ...MOVES, idempotentHint: true }, operations: { go: 'navigate' } },
  // Closing a tab loses what it showed; a new tab may load any site.
  browser_tabs: { annotations: { ...MOVES, destructiveHint: true }, operations: { open: 'navigate' } },
  // A script can do anything a person can on the page, submitting included.
  browser_eval: { annotations: ACTS, operations: { run: 'submit' } },
  // Accepting a confirm, prompt or leave-page dialog commits what it asks (policy/dialog-level.ts).
  browser_handle_dialog: { annotations: ACTS, operations: { commit: 'submit', answer: 'interact' } },
  browser_upload: { annotations: ACTS, operations: { set: 'interact' } },
  // Cookies go to the site with every request, as if submitted; clearing them signs the person out.
  browser_cookies: { annotations: SITE_DATA, operations: { read: 'read-only', write: 'submit' } },
  // Storage stays in the browser, where the site's own scripts read it, as a field's text does.
  browser_storage: { annotations: SITE_DATA, operations: { read: 'read-only', write: 'interact' } },
  browser_console: { annotations: READS, operations: {} },
  browser_network_sources: { annotations: READS, operations: {} },
  browser_network_request: { annotations: READS, operations: {} },
  browser_service_workers: { annotations: READS, operations: {} },
  browser_wait_for: { annotations: READS, operations: {} },
  browser_screenshot: { annotations: { ...READS, readOnlyHint: false }, operations: {} },
  browser_emulate: { annotations: { ...READS, readOnlyHint: false, idempotentHint: true }, operations: {} },
  browser_set_offline: { annotations: { ...READS, readOnlyHint: false, idempotentHint: true }, operations: {} },
  // Attached only: the client's task becomes its scope in Bosun; no site is touched.
  browser_set_task: { annotations: { ...READS, readOnlyHint: false, idempotentHint: true }, operations: {} },
} as const satisfies Record<string, NativeTool>;

export type NativeToolName = keyof typeof NATIVE_TOOLS;

/** "browser_cookies.read": a tool and one of its operations. */
export type BridgeOperation = {
  [T in NativeToolName]: `${T}.${Extract<keyof (typeof NATIVE_TOOLS)[T]['operations'], string>}`;
}[NativeToolName];

/** Every operation's name, as ABP_AUTHORIZE may name it. */
export const BRIDGE_OPERATIONS = Object.entries(NATIVE_TOOLS).flatMap(([tool, { operations }]) =>
  Object.keys(operations).map((operation) => `${tool}.${operation}`),
) as BridgeOperation[];

/** The tool an operation belongs to and the level it is judged at, as declared above. */
export function bridgeOperation(operation: BridgeOperation): { name: NativeToolName; level: PermissionLevel } {
  const dot = operation.indexOf('.');
  const name = operation.slice(0, dot) as NativeToolName;
  const levels: Readonly<Record<string, PermissionLevel>> = NATIVE_TOOLS[name].operations;
  return { name, level: levels[operation.slice(dot + 1)]! };
}
