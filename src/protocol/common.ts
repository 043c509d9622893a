import * as v from 'valibot';
import { nonEmptyText, text } from './envelope';

export const PERMISSION_LEVELS = ['read-only', 'navigate', 'interact', 'submit'] as const;
export const PermissionLevel = v.picklist(PERMISSION_LEVELS);
export type PermissionLevel = v.InferOutput<typeof PermissionLevel>;

export const PERMISSION_DECISIONS = ['allow-once', 'allow-site', 'allow-session', 'deny', 'deny-all'] as const;
export const PermissionDecision = v.picklist(PERMISSION_DECISIONS);

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

/** The `SAVE_SETTINGS` shape of the spec. */
export const Settings = v.strictObject({
  provider: Provider,
  model: nonEmptyText(200),
  apiKey: v.pipe(text(1000), v.trim()),
  baseUrl: HttpUrl,
});
export type Settings = v.InferOutput<typeof Settings>;

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

/**
 * A conversation message: the canonical schema of the Parchi spec (id, createdAt, role,
 * content, toolCalls, toolCallId, name, usage) plus what the sidebar needs to show an
 * unfinished or failed answer, and the outcome of a tool call.
 */
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
});
export type ChatMessage = v.InferOutput<typeof ChatMessage>;

export const WORKFLOW_STEP_STATUSES = ['pending', 'running', 'completed', 'failed', 'skipped'] as const;

export const WorkflowStep = v.object({
  id: v.string(),
  agent: v.string(),
  task: v.string(),
  site: v.string(),
  permissions: v.array(PermissionLevel),
  status: v.picklist(WORKFLOW_STEP_STATUSES),
  result: v.optional(v.string()),
});

export const WorkflowPlan = v.object({
  id: v.string(),
  intent: v.string(),
  steps: v.array(WorkflowStep),
  status: v.picklist(['planning', 'awaiting-approval', 'running', 'completed', 'failed', 'cancelled', 'interrupted']),
  createdAt: v.number(),
});
