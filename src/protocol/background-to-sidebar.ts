import * as v from 'valibot';
import { PermissionLevel } from '../../policy/vocabulary';
import { ScopeExcess, TaskScope } from '../../policy/task-scope';
import { ChatPlan } from '../../policy/chat-plan';
import { ChatMessage, PageOffset, SavedWorkflow, Settings, Usage, WorkflowPlan } from './common';
import { policySchema } from '../../policy/types';
import { bare, message, type MessageOf } from './envelope';
import { ConversationId, ConversationSummary } from './conversations';
import { Limits } from './limits';
import { BuiltInModelState } from './built-in-model';
import { Schedule } from './schedules';
import { HandOverRequest } from './hand-over';

const TaskStepSchema = v.object({
  toolCallId: v.string(),
  target: v.pipe(v.string(), v.maxLength(200)),
  url: v.pipe(v.string(), v.maxLength(8192)),
});

const Json = v.record(v.string(), v.unknown());
/** A provider's model ids, as its `/models` lists them. */
const ModelNames = v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(1000));

/**
 * A crawl job as the Library view lists it; `pageLimit` is null when the job has no saved settings.
 * `pagesProcessed` counts the pages read (what the limit counts), `pagesStored` those in the
 * Library: fewer when a page was a copy of one already stored.
 */
const CrawlJobSummary = v.object({
  id: v.string(),
  title: v.string(),
  baseUrl: v.string(),
  status: v.string(),
  pagesProcessed: v.number(),
  pagesStored: v.number(),
  pagesFailed: v.number(),
  pageLimit: v.nullable(v.number()),
  createdAt: v.number(),
  updatedAt: v.number(),
});
/** A stored page as a Library search lists it. */
const LibraryPageSummary = v.object({ id: v.string(), jobId: v.string(), title: v.string(), url: v.string() });

/** One Action Log entry, as the Jawad spec shows it. */
const ActionLogEntry = v.object({
  id: v.string(),
  timestamp: v.number(),
  toolName: v.string(),
  parameters: Json,
  site: v.string(),
  permissionLevel: PermissionLevel,
  decision: v.string(),
  result: v.string(),
  details: v.optional(v.string()),
  // Addition: the element the action was about, by its name on the page, so the log says it in words.
  target: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

/** Messages the background sends to sidebar ports, by the spec's names plus streaming additions. */
export const BackgroundToSidebar = {
  CHAT_RESPONSE: message(
    'CHAT_RESPONSE',
    v.object({
      content: v.string(),
      isError: v.boolean(),
      // Additions: which message this finishes, how it ended and what it cost. It is the one
      // announcement of a finished answer: nothing else repeats it.
      messageId: v.string(),
      status: v.picklist(['done', 'stopped', 'error']),
      usage: v.optional(Usage),
      fix: v.optional(v.picklist(['settings'])),
    }),
  ),
  ACTION_LOG_UPDATE: message('ACTION_LOG_UPDATE', ActionLogEntry),
  PERMISSION_REQUEST: message(
    'PERMISSION_REQUEST',
    v.object({
      id: v.string(),
      toolName: v.string(),
      parameters: Json,
      site: v.string(),
      permissionLevel: PermissionLevel,
      reason: v.string(),
      timestamp: v.number(),
      // Additions: who asks, what exactly would be touched, why it is critical, and until when the question waits.
      requester: v.optional(v.string()),
      summary: v.optional(v.string()),
      critical: v.optional(v.string()),
      expiresAt: v.optional(v.number()),
      // Addition: the action is beyond what the person asked this task to do (a grant would have allowed it).
      beyondScope: v.optional(ScopeExcess),
      // Addition: text read on other sites that the action would carry to its destination (data-flow rule).
      // Addition: the person's words the asking task began from, so the question names its task.
      request: v.optional(v.pipe(v.string(), v.maxLength(2000))),
      dataFlow: v.optional(
        v.pipe(
          v.array(
            v.object({
              text: v.pipe(v.string(), v.maxLength(300)),
              from: v.pipe(v.array(v.pipe(v.string(), v.maxLength(260))), v.maxLength(5)),
              to: v.pipe(v.string(), v.maxLength(8192)),
            }),
          ),
          v.maxLength(10),
        ),
      ),
    }),
  ),
  /**
   * Addition: a chat task's plan, waiting for the person to approve it (Go), edit it, or choose to
   * be asked at each step; `expiresAt` is when it counts as not approved.
   */
  PLAN_REQUEST: message('PLAN_REQUEST', v.object({ id: v.string(), plan: ChatPlan, expiresAt: v.number() })),
  /** Addition: a plan was answered (here or in another sidebar), ran out of time, or its task stopped. */
  PLAN_RESOLVED: message('PLAN_RESOLVED', v.object({ id: v.string() })),
  /**
   * Addition: a task hands over to the person (ask_person): its tab is shown, and it waits for Continue
   * (or one of the choices) or Stop. `request` and `choices` are the model's words, shown as plain text.
   */
  HAND_OVER_REQUEST: message('HAND_OVER_REQUEST', HandOverRequest),
  /** Addition: a hand-over was answered (here or in another sidebar), or its task stopped. */
  HAND_OVER_RESOLVED: message('HAND_OVER_RESOLVED', v.object({ id: v.string() })),
  /** Addition: a question was answered (here or in another sidebar) or ran out of time. */
  PERMISSION_RESOLVED: message('PERMISSION_RESOLVED', v.object({ id: v.string() })),
  /** Addition: the Action Log, oldest first (answer to GET_ACTION_LOG and after a clear). */
  ACTION_LOG: message('ACTION_LOG', v.object({ entries: v.array(ActionLogEntry) })),
  /** Addition: the permission policy, for the Permissions view. */
  // The background sends only a policy it has checked; the sidebar reads its shape with sites as
  // bounded strings, so it needs no public-suffix list to show it.
  PERMISSIONS_STATE: message(
    'PERMISSIONS_STATE',
    v.object({ policy: policySchema(v.pipe(v.string(), v.maxLength(260))) }),
  ),
  /** Addition: the answer to NAME_SITE, as policy/site.ts's resolveSite gives it. */
  SITE_NAME: message(
    'SITE_NAME',
    v.object({
      url: v.string(),
      allowFileUrls: v.boolean(),
      identity: v.variant('kind', [
        v.object({ kind: v.literal('site'), site: v.pipe(v.string(), v.maxLength(260)) }),
        v.object({ kind: v.literal('restricted'), reason: v.pipe(v.string(), v.maxLength(500)) }),
        v.object({ kind: v.literal('invalid') }),
      ]),
    }),
  ),
  SETTINGS: message('SETTINGS', v.nullable(Settings)),
  /** Whether this browser offers trusted input (Chrome only), and whether it is on with its permission held. */
  TRUSTED_INPUT: message('TRUSTED_INPUT', v.strictObject({ available: v.boolean(), on: v.boolean() })),
  /** Addition: what the browser's built-in model is (as the browser says), and whether Bosun may use it. */
  BUILT_IN_MODEL: message('BUILT_IN_MODEL', BuiltInModelState),
  /**
   * Addition: the MCP clients attached to this browser (`bosun-bridge --connect`), by the name each
   * gave, with the person's tabs shared with each.
   */
  AGENT_CLIENTS: message(
    'AGENT_CLIENTS',
    v.strictObject({
      clients: v.array(
        v.strictObject({
          id: v.string(),
          name: v.string(),
          shared: v.array(v.strictObject({ tabId: v.number(), title: v.string() })),
        }),
      ),
    }),
  ),
  VOICE_STARTED: bare('VOICE_STARTED'),
  VOICE_TRANSCRIBING: bare('VOICE_TRANSCRIBING'),
  VOICE_RESULT: message('VOICE_RESULT', v.object({ transcript: v.string(), isFinal: v.boolean() })),
  VOICE_SPEECH_RESULT: message(
    'VOICE_SPEECH_RESULT',
    v.object({ transcript: v.string(), isFinal: v.boolean(), isInterim: v.boolean() }),
  ),
  VOICE_END: bare('VOICE_END'),
  VOICE_ERROR: message('VOICE_ERROR', v.object({ error: v.string() })),
  /** `models`: what the provider offers, for the model picker (present when it listed them all). */
  TEST_RESULT: message(
    'TEST_RESULT',
    v.object({ success: v.boolean(), error: v.optional(v.string()), models: v.optional(ModelNames) }),
  ),
  /** Addition: the answer to LIST_MODELS, the models of the saved provider (empty when it could not list them). */
  MODELS: message('MODELS', v.object({ models: ModelNames })),
  /** Additions: the history of conversations, and one conversation exported for download. */
  CONVERSATIONS: message('CONVERSATIONS', v.object({ currentId: ConversationId, list: v.array(ConversationSummary) })),
  CONVERSATION_EXPORT: message(
    'CONVERSATION_EXPORT',
    v.object({
      id: ConversationId,
      format: v.picklist(['markdown', 'json']),
      fileName: v.string(),
      content: v.string(),
    }),
  ),
  /** The answer to DETECT_OLLAMA: where Ollama answered and its models, or null. */
  OLLAMA_DETECTED: message(
    'OLLAMA_DETECTED',
    v.nullable(v.object({ baseUrl: v.string(), models: v.array(v.string()) })),
  ),
  WORKFLOW_UPDATE: message('WORKFLOW_UPDATE', WorkflowPlan),
  /** Addition: research runs the person deleted (only they delete one). */
  WORKFLOWS_DELETED: message('WORKFLOWS_DELETED', v.object({ ids: v.array(v.string()) })),
  /** Addition: the saved workflows, newest first; sent on connect and after every change. */
  SAVED_WORKFLOWS: message('SAVED_WORKFLOWS', v.object({ workflows: v.array(SavedWorkflow) })),
  /** Addition: the schedules of saved workflows; sent on connect and after every change or run. */
  SCHEDULES: message('SCHEDULES', v.object({ schedules: v.array(Schedule) })),
  /** Addition: the answer to EXPORT_WORKFLOW; the sidebar zips the files. */
  WORKFLOW_EXPORT: message(
    'WORKFLOW_EXPORT',
    v.object({ id: v.string(), files: v.array(v.object({ path: v.string(), content: v.string() })) }),
  ),

  /** Addition: the whole conversation, sent to a newly connected sidebar and after a clear. */
  CONVERSATION_STATE: message('CONVERSATION_STATE', v.object({ messages: v.array(ChatMessage), busy: v.boolean() })),
  /**
   * Addition: a message changed after it was added (an answer whose turn ended in tool calls).
   * A finished answer is announced by CHAT_RESPONSE.
   */
  MESSAGE_UPDATED: message('MESSAGE_UPDATED', v.object({ message: ChatMessage })),
  /** Addition: the agent's limits, sent with the settings. */
  LIMITS: message('LIMITS', Limits),
  /** Addition: a message appended to the conversation (the person's, or an answer starting). */
  MESSAGE_ADDED: message('MESSAGE_ADDED', v.object({ message: ChatMessage })),
  /** Addition: new answer text; `offset` is where it starts, so a sidebar never applies it twice. */
  CHAT_DELTA: message(
    'CHAT_DELTA',
    v.object({ messageId: v.string(), offset: v.pipe(v.number(), v.integer(), v.minValue(0)), delta: v.string() }),
  ),
  /** Additions: the Library view: crawl jobs newest first, pages a search found, one page, one job's ZIP (base64). */
  CRAWL_JOBS: message('CRAWL_JOBS', v.object({ jobs: v.array(CrawlJobSummary) })),
  LIBRARY_SEARCH_RESULTS: message(
    'LIBRARY_SEARCH_RESULTS',
    v.object({ query: v.string(), pages: v.array(LibraryPageSummary) }),
  ),
  /**
   * Addition: a slice of an opened crawl's stored pages (at most 200 of `total`), each with its markdown's
   * size in bytes; `offset` (absent: 0) is where the slice starts in the job's list.
   */
  CRAWL_PAGES: message(
    'CRAWL_PAGES',
    v.object({
      jobId: v.string(),
      total: v.number(),
      offset: v.optional(PageOffset),
      pages: v.array(v.object({ ...LibraryPageSummary.entries, bytes: v.number() })),
    }),
  ),
  LIBRARY_PAGE: message('LIBRARY_PAGE', v.object({ ...LibraryPageSummary.entries, markdown: v.string() })),
  CRAWL_JOB_EXPORT: message(
    'CRAWL_JOB_EXPORT',
    v.object({ jobId: v.string(), fileName: v.string(), base64: v.string() }),
  ),
  /**
   * Addition: what the running chat task may do, from the person's words (null: no task, or its
   * scope is not needed yet); sent when it is known, on each widening, and when the task ends.
   */
  TASK_SCOPE: message('TASK_SCOPE', v.object({ scope: v.nullable(TaskScope) })),
  // The running action's element by its name on the page, once the gate has read it (the tool call
  // names only a listing number or a selector); null when no action runs.
  TASK_STEP: message('TASK_STEP', v.object({ step: v.nullable(TaskStepSchema) })),
  // Every running task: chat tasks (one per conversation), the research run, ABP agent runs; each
  // with the request that started it and what it is doing now (null: the model is thinking).
  RUNNING_TASKS: message(
    'RUNNING_TASKS',
    v.object({
      tasks: v.array(
        v.object({
          id: v.pipe(v.string(), v.maxLength(200)),
          kind: v.picklist(['chat', 'research', 'agent']),
          conversationId: v.optional(ConversationId),
          request: v.pipe(v.string(), v.maxLength(200)),
          now: v.nullable(v.pipe(v.string(), v.maxLength(200))),
        }),
      ),
    }),
  ),
  /**
   * Addition: what the running workflow step is doing now, as the chat's "now doing" line reads it:
   * the tool call it runs (`tool` null while the model thinks) and the element's name on the page
   * once the gate has read it. `now` is null when no step runs. Sent on each change and to a
   * sidebar that connects mid-run.
   */
  WORKFLOW_STEP_ACTION: message(
    'WORKFLOW_STEP_ACTION',
    v.object({
      id: v.string(),
      now: v.nullable(
        v.object({
          stepId: v.string(),
          tool: v.nullable(v.pipe(v.string(), v.maxLength(100))),
          args: Json,
          target: v.optional(v.pipe(v.string(), v.maxLength(200))),
        }),
      ),
    }),
  ),
  /** Addition: a request was refused; `inReplyTo` names its type when it had a readable one. */
  ERROR: message('ERROR', v.object({ error: v.string(), inReplyTo: v.nullable(v.string()) })),
};

export type BackgroundToSidebar = MessageOf<typeof BackgroundToSidebar>;
export type BackgroundToSidebarType = keyof typeof BackgroundToSidebar;
export type PayloadOf<T extends BackgroundToSidebarType> = v.InferOutput<(typeof BackgroundToSidebar)[T]>['payload'];
