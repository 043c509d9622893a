import * as v from 'valibot';
import { Attachments } from './attachments';
import { PermissionLevel } from '../../policy/vocabulary';
import { nonEmptyText, text } from './envelope';
import { TraceSteps } from './trace';

/** Anthropic speaks its Messages API; every other provider the OpenAI-compatible chat completions format. */
export const PROVIDERS = ['openai', 'anthropic', 'openrouter', 'ollama', 'custom'] as const;
export const Provider = v.picklist(PROVIDERS);
export type Provider = v.InferOutput<typeof Provider>;

const HttpUrl = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2048),
  v.url('must be a URL such as https://api.openai.com/v1'),
  v.check((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), 'must start with http:// or https://'),
  // One canonical form, so ".../v1/" and ".../v1" reach the same endpoints.
  v.transform((url) => url.replace(/\/+$/, '')),
);

const ApiKey = v.pipe(text(1000), v.trim());

export const VOICE_MODES = ['whisper', 'browser'] as const;

/** How the person talks to Bosun. */
export const VoiceSettings = v.strictObject({
  /** Whisper records and uploads audio (every browser); `browser` is the browser's own SpeechRecognition. */
  mode: v.picklist(VOICE_MODES),
  /** `input` is push-to-talk: the transcript lands in the input box. `send` sends it at once. */
  transcript: v.picklist(['input', 'send']),
  /** The microphone closes by itself after this long. */
  maxSeconds: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(5, 'must be at least 5 seconds'),
    v.maxValue(600, 'must be at most 600 seconds'),
  ),
  /** Where Whisper audio goes: the chat provider's `/audio/transcriptions`, or another OpenAI-compatible server's. */
  transcription: v.variant('source', [
    v.strictObject({ source: v.literal('chat'), model: nonEmptyText(200) }),
    v.strictObject({ source: v.literal('own'), baseUrl: HttpUrl, apiKey: ApiKey, model: nonEmptyText(200) }),
  ]),
  /** Off: a spoken "yes" never approves a critical action (payments, deletions…); the person must press Allow. */
  spokenApprovalOfCritical: v.boolean(),
});
export type VoiceSettings = v.InferOutput<typeof VoiceSettings>;

export const DEFAULT_VOICE: VoiceSettings = {
  mode: 'whisper',
  transcript: 'input',
  maxSeconds: 60,
  transcription: { source: 'chat', model: 'whisper-1' },
  spokenApprovalOfCritical: false,
};

/**
 * The `SAVE_SETTINGS` shape of the spec, plus the voice settings (an addition). `voice` is
 * optional so that settings saved before voice existed still load: `voiceOf` gives the defaults.
 */
const Dollars = v.pipe(
  v.number('Enter a price in US dollars, such as 2.50.'),
  v.finite('Enter a price in US dollars, such as 2.50.'),
  v.minValue(0, 'A price cannot be negative.'),
  v.maxValue(10_000, 'That is more than any model costs per million tokens.'),
);
/** What a model costs, in US dollars per million tokens, as the person entered it or OpenRouter lists it. */
export const ModelPrice = v.strictObject({ inputPerMillion: Dollars, outputPerMillion: Dollars });
export type ModelPrice = v.InferOutput<typeof ModelPrice>;

/** A Firefox container, by the cookie store id the browser gives it. */
export const AgentContainer = v.pipe(
  v.string(),
  v.regex(/^firefox-container-\d{1,9}$/, 'must be a Firefox container (firefox-container-N)'),
);

export const Settings = v.strictObject({
  provider: Provider,
  model: nonEmptyText(200),
  apiKey: ApiKey,
  baseUrl: HttpUrl,
  voice: v.optional(VoiceSettings),
  /** For the cost estimate where the provider does not say (OpenAI, Anthropic, a custom server). */
  prices: v.optional(ModelPrice),
  /**
   * Addition: a chat task that will act states its plan first, approved once (absent: on); off,
   * each action asks as it goes.
   */
  planFirst: v.optional(v.boolean()),
  /**
   * Addition: MCP clients on this computer may attach to this browser (`bosun-bridge --connect`)
   * over native messaging; absent: off.
   */
  agentsMayConnect: v.optional(v.boolean()),
  /**
   * Addition, Firefox only: the container (its cookie store) the tabs a task opens open in, as the
   * person chose it; absent: the browser's default.
   */
  agentContainer: v.optional(AgentContainer),
});
export type Settings = v.InferOutput<typeof Settings>;
/** What Test connection checks: the settings, where the model may still be empty (then it only lists the models). */
export const SettingsToTest = v.strictObject({
  ...Settings.entries,
  model: v.pipe(v.string(), v.trim(), v.maxLength(200)),
});

export const voiceOf = (settings: Settings | null | undefined): VoiceSettings => settings?.voice ?? DEFAULT_VOICE;

export const Usage = v.strictObject({
  inputTokens: v.number(),
  outputTokens: v.number(),
  totalTokens: v.number(),
});
export type Usage = v.InferOutput<typeof Usage>;

export const MESSAGE_STATUSES = ['streaming', 'done', 'stopped', 'error', 'interrupted'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const ToolCallRecord = v.strictObject({
  id: v.string(),
  name: v.string(),
  args: v.record(v.string(), v.unknown()),
});

/** A page stored in the Library, as a search of it gave it: what a citation of its address opens. */
export const StoredPageRef = v.strictObject({
  id: v.pipe(v.string(), v.maxLength(200)),
  url: v.pipe(v.string(), v.maxLength(4096)),
  title: v.pipe(v.string(), v.maxLength(1000)),
});
export type StoredPageRef = v.InferOutput<typeof StoredPageRef>;

/**
 * A conversation message: the canonical schema of the Parchi spec (id, createdAt, role,
 * content, toolCalls, toolCallId, name, usage) plus what the sidebar needs to show an
 * unfinished or failed answer, and the outcome of a tool call.
 */
/** Enough of a selection to ask about; the model reads the rest on the page. */
export const MAX_QUOTE = 2000;

export const ChatMessage = v.strictObject({
  id: v.string(),
  createdAt: v.string(),
  role: v.picklist(['user', 'assistant', 'tool']),
  content: v.string(),
  status: v.picklist(MESSAGE_STATUSES),
  error: v.optional(v.string()),
  usage: v.optional(Usage),
  toolCalls: v.optional(v.array(ToolCallRecord)),
  toolCallId: v.optional(v.string()),
  name: v.optional(v.string()),
  /** For a tool message: whether the action ran and succeeded, and the permission decision behind it. */
  outcome: v.optional(v.picklist(['success', 'failed', 'denied', 'interrupted'])),
  decision: v.optional(v.string()),
  site: v.optional(v.string()),
  /** For a tool message: the element acted on, by the name the page gives it ("Add to cart"). */
  target: v.optional(v.pipe(v.string(), v.maxLength(200))),
  /**
   * Addition, for a user message from the context menu: the text the person selected, which the
   * page wrote. Shown as a quote and sent to the model as page content, never as the person's words.
   */
  quote: v.optional(v.pipe(v.string(), v.maxLength(MAX_QUOTE))),
  /** Addition, for a user message: the person's files and the tabs they picked, each marked as what it is. */
  attachments: v.optional(Attachments),
  /** Addition, for a failed answer: where the person fixes its cause (a refused key, a missing model). */
  fix: v.optional(v.picklist(['settings'])),
  /** Addition, for a search_library result: the stored pages it gave, which the answer's citations open. */
  storedPages: v.optional(v.pipe(v.array(StoredPageRef), v.maxLength(20))),
  /**
   * Addition, for a task run again ("Run again"): its request is marked `run`; each of its tool
   * results `replayed` (done as recorded, without the model) or `model` (the model was asked for that step).
   */
  replay: v.optional(v.picklist(['run', 'replayed', 'model'])),
});
export type ChatMessage = v.InferOutput<typeof ChatMessage>;

export const WORKFLOW_STEP_STATUSES = ['pending', 'running', 'completed', 'failed', 'skipped'] as const;
export const WORKFLOW_STATUSES = [
  'planning',
  'awaiting-approval',
  'running',
  'completed',
  'failed',
  'cancelled',
  'interrupted',
] as const;

/**
 * How a research step ran in a Run again: `asRecorded` actions replayed without the model, `byModel`
 * asked of the model (a step that had nothing recorded is run by the model whole: `recorded` false).
 */
export const StepReplay = v.strictObject({
  recorded: v.boolean(),
  asRecorded: v.pipe(v.number(), v.integer(), v.minValue(0)),
  byModel: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type StepReplay = v.InferOutput<typeof StepReplay>;

/** A page a step read, cited in the report. */
export const WorkflowSource = v.object({ title: v.string(), url: v.string() });
export type WorkflowSource = v.InferOutput<typeof WorkflowSource>;

export const WorkflowStep = v.object({
  id: v.string(),
  agent: v.string(),
  task: v.string(),
  site: v.string(),
  permissions: v.array(PermissionLevel),
  status: v.picklist(WORKFLOW_STEP_STATUSES),
  result: v.optional(v.string()),
  // Additions: what a failure of this step does to the rest, its own action limit, why it failed,
  // when it ran, and the pages it read.
  onFailure: v.optional(v.picklist(['continue', 'stop'])),
  maxSteps: v.optional(v.number()),
  error: v.optional(v.string()),
  startedAt: v.optional(v.number()),
  finishedAt: v.optional(v.number()),
  sources: v.optional(v.array(WorkflowSource)),
  // Additions: the actions the step's last completed run took, each naming its element by role and
  // label (Run again replays them), and, in a run that replayed them, how many were done as recorded
  // and how many the model was asked for.
  trace: v.optional(TraceSteps),
  replay: v.optional(StepReplay),
});
export type WorkflowStep = v.InferOutput<typeof WorkflowStep>;

export const WorkflowPlan = v.object({
  id: v.string(),
  intent: v.string(),
  steps: v.array(WorkflowStep),
  status: v.picklist(WORKFLOW_STATUSES),
  createdAt: v.number(),
  // Additions: when the run started and ended, and the final report (markdown with citations).
  startedAt: v.optional(v.number()),
  finishedAt: v.optional(v.number()),
  report: v.optional(v.string()),
  // Addition: true while the model writes the final answer from the steps' findings.
  answering: v.optional(v.boolean()),
  // Addition: notes on an unattended run, in words: when it ran on schedule, what waited for the person.
  notes: v.optional(v.array(v.string())),
  // Addition: a Run again (or a saved workflow's run, which replays its last run): each step with a
  // trace replays it, and no answer is written, as that would ask the model.
  again: v.optional(v.boolean()),
});
export type WorkflowPlan = v.InferOutput<typeof WorkflowPlan>;

/** A parameter name, as written in a saved workflow's text: {{product}}. */
export const ParameterName = v.pipe(
  v.string(),
  v.regex(/^[a-z][a-z0-9_]{0,29}$/, 'must be lower-case letters, digits or _, starting with a letter'),
);

/** Addition: a finished workflow's plan, kept to run again; {{name}} marks where a parameter goes. */
export const SavedWorkflow = v.object({
  id: v.string(),
  name: v.string(),
  intent: v.string(),
  parameters: v.array(ParameterName),
  steps: v.array(
    v.object({
      agent: v.string(),
      task: v.string(),
      site: v.string(),
      permissions: v.array(PermissionLevel),
      onFailure: v.optional(v.picklist(['continue', 'stop'])),
      maxSteps: v.optional(v.number()),
      trace: v.optional(TraceSteps),
    }),
  ),
  savedAt: v.number(),
});
export type SavedWorkflow = v.InferOutput<typeof SavedWorkflow>;

/** Where a slice of a crawl's pages starts; no crawl stores a million pages (crawl.start allows 100,000). */
export const PageOffset = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000));
