import * as v from 'valibot';
import { PermissionDecision, PermissionLevel } from '../../policy/vocabulary';
import { ChatPlan } from '../../policy/chat-plan';
import { PageOffset, ParameterName, Settings, SettingsToTest } from './common';
import { bare, message, nonEmptyText, type MessageOf } from './envelope';
import { ConversationId, ConversationTitle, MAX_IMPORT_CHARS } from './conversations';
import { Limits } from './limits';
import { ScheduleRequest } from './schedules';
import { HandOverAnswer } from './hand-over';
import { SentAttachments } from './attachments';
import { MAX_AUDIO_BYTES } from './upload-limits';

const Name = nonEmptyText(300);

/**
 * The person's answer to a chat task's plan: Go, with the plan as they approved it (edited or not),
 * which becomes the task's scope; or "ask as it goes", where each action asks as without a plan.
 */
export const PlanAnswer = v.variant('kind', [
  v.strictObject({ kind: v.literal('go'), plan: ChatPlan }),
  v.strictObject({ kind: v.literal('each-step') }),
]);
export type PlanAnswer = v.InferOutput<typeof PlanAnswer>;

/** One change the person makes in the Permissions view. */
const PermissionChange = v.variant('kind', [
  v.strictObject({
    kind: v.literal('revoke-grant'),
    toolName: Name,
    site: Name,
    scope: v.picklist(['persistent', 'session']),
  }),
  v.strictObject({
    kind: v.literal('set-default'),
    level: PermissionLevel,
    verdict: v.picklist(['auto-approve', 'ask', 'deny']),
  }),
  v.strictObject({
    kind: v.literal('set-site'),
    site: Name,
    rule: v.nullable(v.picklist(['read-only', 'navigate', 'interact', 'submit', 'blocked'])),
  }),
  v.strictObject({
    kind: v.literal('set-tool'),
    toolName: Name,
    override: v.nullable(v.picklist(['allow', 'ask', 'deny'])),
  }),
]);
export type PermissionChange = v.InferOutput<typeof PermissionChange>;

/** The most steps one workflow plan may have. */
export const MAX_WORKFLOW_STEPS = 10;
/** A bound on an edited step's task or site as sent; the background applies the planner's own, tighter rules. */
const MAX_EDIT_CHARS = 10_000;
/** The most parameters one saved workflow may have. */
export const MAX_PARAMETERS = 5;

export { MAX_AUDIO_BYTES };

/** Messages a sidebar sends over its `sidebar` port, by the spec's names. */
export const SidebarToBackground = {
  CHAT_MESSAGE: message(
    'CHAT_MESSAGE',
    // Addition: the tab the person is looking at, which the conversation works in.
    v.strictObject({
      content: nonEmptyText(100_000),
      tabId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
      // Addition: the person's files, and other open tabs they picked as context.
      attachments: v.optional(SentAttachments),
    }),
  ),
  SUMMARIZE_PAGE: bare('SUMMARIZE_PAGE'),
  /** Opens a voice session for this sidebar; the background answers VOICE_STARTED or VOICE_ERROR. */
  START_VOICE: bare('START_VOICE'),
  /** Ends the session at once, dropping audio not yet transcribed; answered by VOICE_END. */
  STOP_VOICE: bare('STOP_VOICE'),
  START_SPEECH_RECOGNITION: bare('START_SPEECH_RECOGNITION'),
  STOP_SPEECH_RECOGNITION: bare('STOP_SPEECH_RECOGNITION'),
  /**
   * Addition: the recorded audio of a Whisper session (the spec's content-script VOICE_AUDIO, sent
   * by the sidebar, which records). The background uploads it, since it holds the key.
   */
  VOICE_AUDIO: message(
    'VOICE_AUDIO',
    v.strictObject({
      audio: v.pipe(
        v.string(),
        v.minLength(1, 'must not be empty'),
        v.maxLength(Math.ceil(MAX_AUDIO_BYTES / 3) * 4, 'must hold at most 25 MB of audio'),
        // Not v.base64: its regex overflows the stack on recordings of several MB.
        v.check((audio) => audio.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(audio), 'must be base64'),
      ),
      mimeType: v.pipe(v.string(), v.maxLength(100), v.regex(/^audio\/[\w.+-]+(;.*)?$/, 'must be an audio MIME type')),
    }),
  ),
  TEST_CONNECTION: message('TEST_CONNECTION', SettingsToTest),
  /** Addition: the models the saved provider offers, for the chat's model switch. */
  LIST_MODELS: bare('LIST_MODELS'),
  /** First run: is an Ollama running on this computer, and with which models? */
  DETECT_OLLAMA: bare('DETECT_OLLAMA'),
  PERMISSION_RESPONSE: message(
    'PERMISSION_RESPONSE',
    v.strictObject({ requestId: nonEmptyText(100), decision: PermissionDecision }),
  ),
  /** The person's answer to a hand-over: they did what it asked (Continue), or picked one of its choices. */
  HAND_OVER_RESPONSE: message(
    'HAND_OVER_RESPONSE',
    v.strictObject({ requestId: nonEmptyText(100), answer: HandOverAnswer }),
  ),
  PLAN_RESPONSE: message('PLAN_RESPONSE', v.strictObject({ requestId: nonEmptyText(100), answer: PlanAnswer })),
  SAVE_SETTINGS: message('SAVE_SETTINGS', Settings),
  GET_SETTINGS: bare('GET_SETTINGS'),
  /** Trusted input (Chrome) on or off; the sidebar asks Chrome for the permission first, from the person's click. */
  SET_TRUSTED_INPUT: message('SET_TRUSTED_INPUT', v.strictObject({ on: v.boolean() })),
  /** Addition: the browser's built-in model for titles and task scopes, on or off. */
  SET_BUILT_IN_MODEL: message('SET_BUILT_IN_MODEL', v.strictObject({ on: v.boolean() })),
  /** Addition: ends an attached MCP client's connection (the sidebar's Disconnect). */
  DISCONNECT_AGENT: message('DISCONNECT_AGENT', v.strictObject({ id: nonEmptyText(40) })),
  /** Addition: lets an attached client list and read the tab the person is looking at (`tabId`, as CHAT_MESSAGE's). */
  SHARE_TAB_WITH_AGENT: message(
    'SHARE_TAB_WITH_AGENT',
    v.strictObject({ id: nonEmptyText(40), tabId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))) }),
  ),
  /** Addition: ends every share of the person's tabs with that client. */
  STOP_SHARING_WITH_AGENT: message('STOP_SHARING_WITH_AGENT', v.strictObject({ id: nonEmptyText(40) })),
  /**
   * Plans a research run beside any others. Addition: `id`, the id its plan is to have, chosen by
   * the sidebar so that it can cancel the planning by it (without one the background picks it).
   */
  START_WORKFLOW: message(
    'START_WORKFLOW',
    v.strictObject({ id: v.optional(nonEmptyText(100)), intent: nonEmptyText(10_000) }),
  ),
  /** Changed from the spec: it names the research run to cancel (or whose planning), as runs go side by side. */
  CANCEL_WORKFLOW: message('CANCEL_WORKFLOW', v.strictObject({ id: nonEmptyText(100) })),
  /**
   * Addition: run the plan with these steps, in this order (the person may remove and reorder), and
   * with `edits`: the kept steps whose task or site the person changed (the background holds each to
   * the planner's rules for a step).
   */
  APPROVE_WORKFLOW: message(
    'APPROVE_WORKFLOW',
    v.strictObject({
      id: nonEmptyText(100),
      stepIds: v.pipe(
        v.array(nonEmptyText(100)),
        v.minLength(1, 'must keep at least one step'),
        v.maxLength(MAX_WORKFLOW_STEPS),
        v.check((ids) => new Set(ids).size === ids.length, 'must not list a step twice'),
      ),
      edits: v.optional(
        v.pipe(
          v.array(
            v.strictObject({
              stepId: nonEmptyText(100),
              task: v.pipe(v.string(), v.maxLength(MAX_EDIT_CHARS)),
              site: v.pipe(v.string(), v.maxLength(MAX_EDIT_CHARS)),
            }),
          ),
          v.maxLength(MAX_WORKFLOW_STEPS),
          v.check((edits) => new Set(edits.map((e) => e.stepId)).size === edits.length, 'must not change a step twice'),
        ),
      ),
    }),
  ),
  /** Addition: after a restart, run the steps of an interrupted workflow that had not finished. */
  RESUME_WORKFLOW: message('RESUME_WORKFLOW', v.strictObject({ id: nonEmptyText(100) })),
  /** Addition: Run again a finished workflow: its steps replay what they recorded, the model only where that no longer matches. */
  RUN_WORKFLOW_AGAIN: message('RUN_WORKFLOW_AGAIN', v.strictObject({ id: nonEmptyText(100) })),
  /** Addition: delete an ended research run and its report, at the person's asking (nothing else removes one). */
  DELETE_WORKFLOW: message('DELETE_WORKFLOW', v.strictObject({ id: nonEmptyText(100) })),
  /** Addition: the files of the report's ZIP (report.md, one file per source, sources.json). */
  EXPORT_WORKFLOW: message('EXPORT_WORKFLOW', v.strictObject({ id: nonEmptyText(100) })),
  /** Addition: keep a finished workflow to run again; each parameter's value in it becomes {{name}}. */
  SAVE_WORKFLOW: message(
    'SAVE_WORKFLOW',
    v.strictObject({
      id: nonEmptyText(100),
      name: nonEmptyText(100),
      parameters: v.pipe(
        v.array(v.strictObject({ name: ParameterName, value: nonEmptyText(500) })),
        v.maxLength(MAX_PARAMETERS),
        v.check((list) => new Set(list.map((p) => p.name)).size === list.length, 'must not name a parameter twice'),
      ),
    }),
  ),
  /** Addition: plan a saved workflow again with these parameter values; it waits for approval as any plan. */
  RUN_SAVED_WORKFLOW: message(
    'RUN_SAVED_WORKFLOW',
    v.strictObject({ savedId: nonEmptyText(100), values: v.record(ParameterName, nonEmptyText(500)) }),
  ),
  DELETE_SAVED_WORKFLOW: message('DELETE_SAVED_WORKFLOW', v.strictObject({ savedId: nonEmptyText(100) })),
  /** Addition: make (or, with `id`, change) a schedule that runs a saved workflow unattended. */
  SAVE_SCHEDULE: message('SAVE_SCHEDULE', ScheduleRequest),
  PAUSE_SCHEDULE: message('PAUSE_SCHEDULE', v.strictObject({ id: nonEmptyText(100), paused: v.boolean() })),
  DELETE_SCHEDULE: message('DELETE_SCHEDULE', v.strictObject({ id: nonEmptyText(100) })),
  CLEAR_HISTORY: bare('CLEAR_HISTORY'),
  /** Additions: the history of conversations. */
  LIST_CONVERSATIONS: bare('LIST_CONVERSATIONS'),
  NEW_CONVERSATION: bare('NEW_CONVERSATION'),
  OPEN_CONVERSATION: message('OPEN_CONVERSATION', v.strictObject({ id: ConversationId })),
  RENAME_CONVERSATION: message('RENAME_CONVERSATION', v.strictObject({ id: ConversationId, title: ConversationTitle })),
  DELETE_CONVERSATION: message('DELETE_CONVERSATION', v.strictObject({ id: ConversationId })),
  EXPORT_CONVERSATION: message(
    'EXPORT_CONVERSATION',
    v.strictObject({ id: ConversationId, format: v.picklist(['markdown', 'json']) }),
  ),
  IMPORT_CONVERSATION: message(
    'IMPORT_CONVERSATION',
    v.strictObject({
      data: v.pipe(
        v.string(),
        v.minLength(1, 'must not be empty'),
        v.maxLength(MAX_IMPORT_CHARS, 'must be at most 20 MB'),
      ),
    }),
  ),
  /** Addition: "Run again": the conversation's last task replayed, in the tab the person is looking at. */
  RUN_AGAIN: message(
    'RUN_AGAIN',
    v.strictObject({ tabId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))) }),
  ),
  /** Addition: abort the shown conversation's answer being generated, keeping what has arrived. */
  STOP_CHAT: bare('STOP_CHAT'),
  /** Addition: the Stop of one task in the sidebar's list of running tasks (a chat, a research run, an agent run). */
  STOP_TASK: message('STOP_TASK', v.strictObject({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) })),
  /** Additions: the Action Log and the Permissions view. */
  GET_ACTION_LOG: bare('GET_ACTION_LOG'),
  CLEAR_ACTION_LOG: bare('CLEAR_ACTION_LOG'),
  GET_PERMISSIONS: bare('GET_PERMISSIONS'),
  /** Addition: the site a page belongs to, named by the background (the public-suffix list lives there only). */
  NAME_SITE: message(
    'NAME_SITE',
    v.strictObject({ url: v.pipe(v.string(), v.maxLength(8192)), allowFileUrls: v.boolean() }),
  ),
  UPDATE_PERMISSIONS: message('UPDATE_PERMISSIONS', PermissionChange),
  /** Addition: the agent's limits (steps, tokens, how long a question waits). */
  SAVE_LIMITS: message('SAVE_LIMITS', Limits),
  /** Additions: the Library view of crawl jobs and their stored pages. */
  LIST_CRAWL_JOBS: bare('LIST_CRAWL_JOBS'),
  SEARCH_LIBRARY: message('SEARCH_LIBRARY', v.strictObject({ query: nonEmptyText(200) })),
  GET_LIBRARY_PAGE: message('GET_LIBRARY_PAGE', v.strictObject({ pageId: nonEmptyText(200) })),
  EXPORT_CRAWL_JOB: message('EXPORT_CRAWL_JOB', v.strictObject({ jobId: nonEmptyText(200) })),
  /** Additions: a crawl opened to list its pages; cancelled, resumed or deleted (each answered by CRAWL_JOBS). */
  /** Addition: `offset` asks for the slice of pages from there on ("Show more"); absent, the first slice. */
  LIST_CRAWL_PAGES: message(
    'LIST_CRAWL_PAGES',
    v.strictObject({ jobId: nonEmptyText(200), offset: v.optional(PageOffset) }),
  ),
  CANCEL_CRAWL_JOB: message('CANCEL_CRAWL_JOB', v.strictObject({ jobId: nonEmptyText(200) })),
  RESUME_CRAWL_JOB: message('RESUME_CRAWL_JOB', v.strictObject({ jobId: nonEmptyText(200) })),
  DELETE_CRAWL_JOB: message('DELETE_CRAWL_JOB', v.strictObject({ jobId: nonEmptyText(200) })),
};

export type SidebarToBackground = MessageOf<typeof SidebarToBackground>;
