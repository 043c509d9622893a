import * as v from 'valibot';
import { PERMISSION_LEVELS, PermissionLevel } from './vocabulary';

/** Size limits: the policy comes from storage and may have been tampered with or grown unbounded. */
export const MAX_TOOL_NAME = 100;
export const MAX_RUN_ID = 200;
export const MAX_GRANTS = 5_000;

/** What the gate does with one tool call. */
export const VERDICTS = ['auto-approve', 'ask', 'deny'] as const;
export const Verdict = v.picklist(VERDICTS);
export type Verdict = v.InferOutput<typeof Verdict>;

/** A global override for one tool, on every site. */
export const ToolOverride = v.picklist(['allow', 'ask', 'deny']);
export type ToolOverride = v.InferOutput<typeof ToolOverride>;

/**
 * What the person said about a whole site: trusted up to a level, or blocked. One value per site,
 * so "blocked and trusted at once" cannot be stored.
 */
export const SiteRule = v.picklist([...PERMISSION_LEVELS, 'blocked']);
export type SiteRule = v.InferOutput<typeof SiteRule>;

/**
 * Defaults per level. Only read-only may default to auto-approve: a default that auto-approves
 * navigate, interact or submit would act on every site nobody allowed, which is the one thing
 * Bosun promises never to do. The type and the schema both make that unrepresentable.
 */
const AskOrDeny = v.picklist(['ask', 'deny']);
export const LevelDefaults = v.object({
  'read-only': Verdict,
  navigate: AskOrDeny,
  interact: AskOrDeny,
  submit: AskOrDeny,
});
export type LevelDefaults = v.InferOutput<typeof LevelDefaults>;

export const ToolName = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_TOOL_NAME));
const ExpiresAt = v.optional(v.pipe(v.number(), v.finite()));
const RunId = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_RUN_ID));

/**
 * A remembered answer for one tool on one site. Scopes:
 * - persistent: local storage, until removed (allow-site, deny-all);
 * - session: the adapter keeps it in session storage, so it ends with the browser session;
 * - run: one agent run. A deny, so a looping agent is not asked the same thing again; or an allow
 *   at one level, which is how an approved workflow plan grants exactly its listed site+level pairs.
 * `site` is a parameter so parsePolicy can read stored grants before judging their sites.
 */
export const grantSchema = <S extends v.GenericSchema<unknown, string>>(site: S) => {
  const target = { tool: ToolName, site, expiresAt: ExpiresAt };
  return v.union([
    v.object({ ...target, effect: v.literal('allow'), scope: v.picklist(['persistent', 'session']) }),
    v.object({ ...target, effect: v.literal('deny'), scope: v.literal('persistent') }),
    v.object({ ...target, effect: v.literal('deny'), scope: v.literal('run'), runId: RunId }),
    v.object({ ...target, effect: v.literal('allow'), scope: v.literal('run'), runId: RunId, level: PermissionLevel }),
  ]);
};
export const POLICY_VERSION = 1;

/**
 * The policy's shape around a site-key schema. The canonical site check (policy/schemas.ts) needs
 * the public-suffix list; a context that only shows a policy the background has checked (the
 * sidebar) reads the same shape with a plain bounded string and ships no list.
 */
export const policySchema = <S extends v.GenericSchema<string, string>>(site: S) =>
  v.object({
    version: v.literal(POLICY_VERSION),
    defaults: LevelDefaults,
    /** Site → trust level or 'blocked'. */
    sites: v.record(site, SiteRule),
    /** Tool name → global override. */
    tools: v.record(ToolName, ToolOverride),
    grants: v.pipe(v.array(grantSchema(site)), v.maxLength(MAX_GRANTS)),
    /** file: URLs are restricted unless the person turned this on. */
    allowFileUrls: v.boolean(),
  });

type SiteString = v.GenericSchema<string, string>;
export type Grant = v.InferOutput<ReturnType<typeof grantSchema<SiteString>>>;
export type GrantScope = Grant['scope'];

export type HarborPolicy = v.InferOutput<ReturnType<typeof policySchema<SiteString>>>;
