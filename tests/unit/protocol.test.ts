import { describe, expect, it } from 'vitest';
import { BackgroundToContent } from '../../src/protocol/background-to-content';
import { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import { ContentToBackground } from '../../src/protocol/content-to-background';
import { SidebarToBackground } from '../../src/protocol/sidebar-to-background';
import { valid } from './support/protocol-valid';

/** Every example message of the Jawad spec, as written there. */
const SPEC_SIDEBAR_MESSAGES = [
  { type: 'CHAT_MESSAGE', payload: { content: 'Find me a cheaper alternative to this product' } },
  { type: 'SUMMARIZE_PAGE' },
  { type: 'START_VOICE' },
  { type: 'STOP_VOICE' },
  { type: 'START_SPEECH_RECOGNITION' },
  { type: 'STOP_SPEECH_RECOGNITION' },
  {
    type: 'TEST_CONNECTION',
    payload: { baseUrl: 'http://localhost:11434/v1', model: 'llama3', apiKey: '', provider: 'ollama' },
  },
  { type: 'PERMISSION_RESPONSE', payload: { requestId: 'perm_123456_abc', decision: 'allow-once' } },
  {
    type: 'SAVE_SETTINGS',
    payload: {
      provider: 'openrouter',
      model: 'anthropic/claude-3.5-sonnet',
      apiKey: 'sk-or-...',
      baseUrl: 'https://openrouter.ai/api/v1',
    },
  },
  { type: 'GET_SETTINGS' },
  { type: 'START_WORKFLOW', payload: { intent: 'Compare prices for Nike Air Max across 3 stores' } },
  // Changed from the spec: research runs go side by side, so a cancel names its run.
  { type: 'CANCEL_WORKFLOW', payload: { id: 'wf_1' } },
  { type: 'CLEAR_HISTORY' },
];

const SPEC_BACKGROUND_MESSAGES = [
  {
    type: 'ACTION_LOG_UPDATE',
    payload: {
      id: 'log_123',
      timestamp: 1707400000000,
      toolName: 'search_web',
      parameters: { query: 'cheap hoodies' },
      site: 'google.com',
      permissionLevel: 'navigate',
      decision: 'auto-approved',
      result: 'success',
      details: 'Found 10 results...',
    },
  },
  {
    type: 'PERMISSION_REQUEST',
    payload: {
      id: 'perm_123456_abc',
      toolName: 'click_element',
      parameters: { selector: 'button.add-to-cart' },
      site: 'amazon.com',
      permissionLevel: 'interact',
      reason: "Jawad wants to use 'click_element' on amazon.com",
      timestamp: 1707400000000,
    },
  },
  {
    type: 'SETTINGS',
    payload: { provider: 'ollama', model: 'llama3.1', apiKey: '', baseUrl: 'http://localhost:11434/v1' },
  },
  { type: 'SETTINGS', payload: null },
  { type: 'VOICE_STARTED' },
  { type: 'VOICE_TRANSCRIBING' },
  { type: 'VOICE_RESULT', payload: { transcript: 'find me a cheaper alternative', isFinal: true } },
  { type: 'VOICE_SPEECH_RESULT', payload: { transcript: 'find me a cheaper', isFinal: false, isInterim: true } },
  { type: 'VOICE_END' },
  {
    type: 'VOICE_ERROR',
    payload: { error: 'Mic blocked. Click the lock icon in the address bar → Allow microphone.' },
  },
  { type: 'TEST_RESULT', payload: { success: true } },
  {
    type: 'TEST_RESULT',
    payload: { success: false, error: 'Invalid API key. Double-check your openrouter key in Settings.' },
  },
  {
    type: 'WORKFLOW_UPDATE',
    payload: {
      id: 'wf_123',
      intent: 'Compare prices for Nike Air Max',
      createdAt: 1707400000000,
      status: 'running',
      steps: [
        {
          id: 'step_0_abc',
          agent: 'SearchAgent',
          task: 'Search Amazon for Nike Air Max',
          site: 'https://www.google.com/search?q=...',
          permissions: ['read-only', 'navigate'],
          status: 'completed',
          result: 'Found Nike Air Max at $150',
        },
        {
          id: 'step_1_def',
          agent: 'SearchAgent',
          task: 'Search eBay for Nike Air Max',
          site: 'https://www.google.com/search?q=...',
          permissions: ['read-only', 'navigate'],
          status: 'running',
        },
      ],
    },
  },
  {
    type: 'CHAT_RESPONSE',
    payload: { content: 'I found 3 alternatives under $50...', isError: false, messageId: 'msg_1', status: 'done' },
  },
];

/** The spec's content-script voice messages are left out on purpose: Bosun records in the sidebar, never in a page. */
const SPEC_CONTENT_MESSAGES = [{ type: 'PAGE_CONTENT_READY', payload: { title: '...', url: '...' } }];

const SPEC_CONTENT_REQUESTS = [
  { type: 'READ_PAGE' },
  { type: 'CLICK_ELEMENT', payload: { selector: 'button.add-to-cart' } },
  { type: 'FILL_FORM', payload: { selector: 'input#search', text: 'Nike Air Max', submit: true } },
  { type: 'SCROLL_PAGE', payload: { direction: 'down' } },
];

describe('the spec messages parse, by their names', () => {
  it.each(SPEC_SIDEBAR_MESSAGES)('sidebar → background $type', (m) => expect(valid(SidebarToBackground, m)).toBe(true));
  it.each(SPEC_BACKGROUND_MESSAGES)('background → sidebar $type', (m) =>
    expect(valid(BackgroundToSidebar, m)).toBe(true),
  );
  it.each(SPEC_CONTENT_MESSAGES)('content → background $type', (m) => expect(valid(ContentToBackground, m)).toBe(true));
  it.each(SPEC_CONTENT_REQUESTS)('background → content $type', (m) => expect(valid(BackgroundToContent, m)).toBe(true));

  it('every spec message type has a schema, and the tables hold nothing else but named additions', () => {
    const sidebarAdditions = [
      'VOICE_AUDIO',
      'STOP_CHAT',
      // The Stop of one task in the sidebar's list of running tasks.
      'STOP_TASK',
      'RUN_AGAIN',
      'GET_ACTION_LOG',
      'CLEAR_ACTION_LOG',
      'GET_PERMISSIONS',
      'UPDATE_PERMISSIONS',
      'SAVE_LIMITS',
      'DETECT_OLLAMA',
      'LIST_MODELS',
      'LIST_CONVERSATIONS',
      'NEW_CONVERSATION',
      'OPEN_CONVERSATION',
      'RENAME_CONVERSATION',
      'DELETE_CONVERSATION',
      'EXPORT_CONVERSATION',
      'IMPORT_CONVERSATION',
      'APPROVE_WORKFLOW',
      'RESUME_WORKFLOW',
      // Run again a finished research run from its steps' traces (issue 39).
      'RUN_WORKFLOW_AGAIN',
      // Delete an ended research run and its report, at the person's asking (runs are kept until then).
      'DELETE_WORKFLOW',
      'EXPORT_WORKFLOW',
      'SAVE_WORKFLOW',
      'RUN_SAVED_WORKFLOW',
      'DELETE_SAVED_WORKFLOW',
      'LIST_CRAWL_JOBS',
      'SEARCH_LIBRARY',
      'GET_LIBRARY_PAGE',
      'EXPORT_CRAWL_JOB',
      // An opened crawl's pages; a crawl cancelled, resumed or deleted from the Library view (issue 19).
      'LIST_CRAWL_PAGES',
      'CANCEL_CRAWL_JOB',
      'RESUME_CRAWL_JOB',
      'DELETE_CRAWL_JOB',
      // The site of a page, named by the background so the panel ships no public-suffix list (issue 22).
      'NAME_SITE',
      // Trusted input through chrome.debugger, turned on or off in Settings.
      'SET_TRUSTED_INPUT',
      // The browser's built-in model for titles and task scopes, turned on or off in Settings (issue 40).
      'SET_BUILT_IN_MODEL',
      'DISCONNECT_AGENT',
      // The person's tab shared with an attached agent, and the share ended (issue 38).
      'SHARE_TAB_WITH_AGENT',
      'STOP_SHARING_WITH_AGENT',
      // The person's answer to a chat task's plan (issue 37).
      'PLAN_RESPONSE',
      // The person's answer to a task's hand-over: Continue, or one of its choices (issue 39).
      'HAND_OVER_RESPONSE',
      // Schedules of saved workflows: made or changed, paused or resumed, deleted (issue 39).
      'SAVE_SCHEDULE',
      'PAUSE_SCHEDULE',
      'DELETE_SCHEDULE',
    ];
    expect(Object.keys(SidebarToBackground).sort()).toEqual(
      [...new Set(SPEC_SIDEBAR_MESSAGES.map((m) => m.type)), ...sidebarAdditions].sort(),
    );
    // A content script asks the background to press what it found with trusted input (chrome.debugger).
    // The MCP bridge asks, from Bosun's content-script world of its working tab, which tab that is.
    const contentAdditions = ['TRUSTED_INPUT', 'WHICH_TAB'];
    expect(Object.keys(ContentToBackground).sort()).toEqual(
      [...SPEC_CONTENT_MESSAGES.map((m) => m.type), ...contentAdditions].sort(),
    );
    const pageOperations = [
      'SHOW_MASK',
      'HIDE_MASK',
      'CLEAN_UP_HIGHLIGHTS',
      'DESCRIBE_TARGET',
      'EXTRACT_TABLE',
      'SUBMIT_FORM',
      'FILL_FIELDS',
      'WAIT_FOR_ELEMENT',
      'GET_CONTENT',
      // The crawl's and the content picker's one-request extraction (issue 7).
      'EXTRACT_PAGE',
      // The rest of a long listing without reading the page again (issue 18).
      'READ_LISTING',
      // Keyboard and pointer input beyond clicking and typing (issue 18).
      'PRESS_KEY',
      'HOVER',
      'DOUBLE_CLICK',
      'DRAG',
      'SELECT_OPTIONS',
      'SELECT_TEXT',
      // The chat's agent accepting the page's next confirm or prompt dialog (issue 18).
      'ACCEPT_NEXT_DIALOG',
      // Whether the page asks to confirm leaving it, before Bosun leaves it.
      'CHECK_LEAVE',
      // The target outlined while a permission question is open (issue 19).
      'OUTLINE_TARGET',
      // An indexed element named by an attribute for the MCP bridge's own protocol (issue 20).
      'MARK_ELEMENT',
      // The tools a page declares for agents (WebMCP), listed and called (issue 40).
      'LIST_PAGE_TOOLS',
      'CALL_PAGE_TOOL',
      // A task's readings let go when it ends (issue 41).
      'FORGET_READING',
    ];
    expect(Object.keys(BackgroundToContent).sort()).toEqual(
      [...SPEC_CONTENT_REQUESTS.map((m) => m.type), ...pageOperations].sort(),
    );
    const additions = [
      'CONVERSATION_STATE',
      'MESSAGE_ADDED',
      'MESSAGE_UPDATED',
      'CHAT_DELTA',
      'ERROR',
      'PERMISSION_RESOLVED',
      'ACTION_LOG',
      'PERMISSIONS_STATE',
      'LIMITS',
      'OLLAMA_DETECTED',
      'MODELS',
      'CONVERSATIONS',
      'CONVERSATION_EXPORT',
      'WORKFLOW_EXPORT',
      'SAVED_WORKFLOWS',
      'CRAWL_JOBS',
      'LIBRARY_SEARCH_RESULTS',
      'LIBRARY_PAGE',
      'CRAWL_JOB_EXPORT',
      'CRAWL_PAGES',
      'SITE_NAME',
      'TASK_SCOPE',
      'TASK_STEP',
      // Every running chat task, for the sidebar's list of tasks running side by side.
      'RUNNING_TASKS',
      // What the running workflow step does now, in the Research view (its row's "now doing" line).
      'WORKFLOW_STEP_ACTION',
      // Whether trusted input is on and available in this browser, for the Settings switch.
      'TRUSTED_INPUT',
      // What the browser's built-in model is, as the browser says, and the Settings switch (issue 40).
      'BUILT_IN_MODEL',
      'AGENT_CLIENTS',
      // A chat task's plan waiting for the person, and its end (issue 37).
      'PLAN_REQUEST',
      'PLAN_RESOLVED',
      // A task handed over to the person, and that hand-over answered or its task stopped (issue 39).
      'HAND_OVER_REQUEST',
      'HAND_OVER_RESOLVED',
      // The schedules of saved workflows (issue 39).
      'SCHEDULES',
      // Research runs the person deleted: nothing else removes one, a report exists only there.
      'WORKFLOWS_DELETED',
    ];
    expect(Object.keys(BackgroundToSidebar).sort()).toEqual(
      [...new Set([...SPEC_BACKGROUND_MESSAGES.map((m) => m.type), ...additions])].sort(),
    );
  });
});
