// Every tool the bridge declares, in the order it lists them, and the presets that choose among
// them: whatever serves the tools (the stdio server, or another transport) takes them from here.
import type { CapabilityInfo, PageActionInfo } from '../../src/abp/response';
import { guardDialogs } from '../server/dialog-guard';
import type { BridgeTool } from '../server/tool';
import { abpTools } from './abp-tools';
import { BROWSER_TOOLS } from './browser-tools';
import { browserHandleDialog } from './dialog-tools';
import { browserEmulate } from './emulate-tool';
import { HISTORY_TOOLS } from './history-tools';
import { networkRequestTool } from './network-request-tool';
import { pageActionTools } from './page-action-tools';
import { siteDataTools } from './site-data-tools';
import { browserTabs } from './tab-tools';
import { browserUpload } from './upload-tool';

export const TOOL_PRESETS = ['default', 'full'] as const;
export type ToolPreset = (typeof TOOL_PRESETS)[number];

/**
 * The default preset: reading a page and acting on it as a person would, as Playwright MCP's core
 * set and chrome-devtools-mcp's default categories do. Each tool costs its schema's tokens in every
 * request an agent makes, so the rest (scripts, console, network, emulation, site data, crawling,
 * Bosun's storage and agent) waits for `--tools full`.
 */
const DEFAULT_PRESET: ReadonlySet<string> = new Set([
  'browser_navigate',
  'browser_back',
  'browser_tabs',
  'browser_snapshot',
  'browser_read_listing',
  'browser_get_page_content',
  'browser_screenshot',
  'browser_wait_for',
  'browser_click',
  'browser_type',
  'browser_fill_form',
  'browser_submit_form',
  'browser_select_option',
  'browser_press_key',
  'browser_hover',
  'browser_drag',
  'browser_upload',
  'browser_handle_dialog',
]);

/** What the build describes beside the bridge (dist/bridge/*.json), and the options the tools take. */
export interface ToolSources {
  pageActions: readonly PageActionInfo[];
  capabilities: readonly CapabilityInfo[];
  /** The sites whose HttpOnly cookie values browser_cookies may hand on. */
  allowHttpOnly: readonly string[];
}

/**
 * Every tool the bridge declares, in listing order: its browser tools, each as `wrap` makes it (by
 * default never waiting on a page's dialog), then Bosun's ABP capabilities.
 */
export function allTools(
  { pageActions, capabilities, allowHttpOnly }: ToolSources,
  wrap: (tool: BridgeTool) => BridgeTool = guardDialogs,
): BridgeTool[] {
  const browser = [
    ...BROWSER_TOOLS,
    ...pageActionTools(pageActions),
    ...HISTORY_TOOLS,
    browserTabs,
    browserHandleDialog,
    networkRequestTool(allowHttpOnly),
    browserEmulate,
    browserUpload,
    ...siteDataTools(allowHttpOnly),
  ].map(wrap);
  // A capability a browser tool already serves (page.read is browser_snapshot…) is not listed twice.
  const served = new Set<string>(
    pageActions.map((action) => action.surface).filter((surface) => surface !== 'page.act'),
  );
  return [...browser, ...abpTools(capabilities.filter((capability) => !served.has(capability.name)))];
}

/** The tools a preset lists, in listing order. */
export const presetTools = (tools: readonly BridgeTool[], preset: ToolPreset): BridgeTool[] =>
  preset === 'full' ? [...tools] : tools.filter((tool) => DEFAULT_PRESET.has(tool.name));
