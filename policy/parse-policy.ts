import * as v from 'valibot';
import { defaultPolicy, DEFAULT_LEVEL_VERDICTS } from './defaults';
import { isSiteKey, resolveSite } from './site';
import { HarborPolicy } from './schemas';
import {
  grantSchema,
  LevelDefaults,
  MAX_GRANTS,
  POLICY_VERSION,
  SiteRule,
  ToolName,
  ToolOverride,
  type Grant,
} from './types';

export interface ParsedPolicy {
  readonly policy: HarborPolicy;
  /** What was wrong with the stored value and was dropped or replaced; empty when it was valid. */
  readonly problems: readonly string[];
}

type Problems = string[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys come from storage: keep them short in messages. */
const show = (key: string): string => JSON.stringify(key.length > 80 ? `${key.slice(0, 80)}…` : key);

/**
 * A site as a deny (blocked site, deny grant) may be stored: any form that resolves to a site is
 * accepted, because reading "www.Example.com" as "example.com" only widens a deny. Allows and
 * trusts must already be canonical; anything else is dropped, never widened.
 */
function siteFor(key: string, isDeny: boolean): string | null {
  if (isSiteKey(key)) return key;
  if (!isDeny) return null;
  const site = resolveSite(key, { allowFileUrls: true });
  return site.kind === 'site' ? site.site : null;
}

function parseDefaults(raw: unknown, problems: Problems): LevelDefaults {
  const out: Record<string, unknown> = { ...DEFAULT_LEVEL_VERDICTS };
  if (raw === undefined) return { ...DEFAULT_LEVEL_VERDICTS };
  if (!isRecord(raw)) problems.push('defaults: not an object; using the built-in defaults');
  for (const level of Object.keys(DEFAULT_LEVEL_VERDICTS) as (keyof LevelDefaults)[]) {
    if (!isRecord(raw) || raw[level] === undefined) continue;
    const one = v.safeParse(LevelDefaults.entries[level], raw[level]);
    if (one.success) out[level] = one.output;
    else
      problems.push(
        `defaults.${level}: ${JSON.stringify(raw[level])} is not allowed; using ${DEFAULT_LEVEL_VERDICTS[level]}`,
      );
  }
  return out as LevelDefaults;
}

function parseSites(raw: unknown, problems: Problems): HarborPolicy['sites'] {
  if (raw === undefined) return {};
  if (!isRecord(raw)) return (problems.push('sites: not an object; dropped'), {});
  const sites = new Map<string, SiteRule>();
  for (const [key, value] of Object.entries(raw)) {
    const rule = v.safeParse(SiteRule, value);
    const site = rule.success ? siteFor(key, rule.output === 'blocked') : null;
    if (!rule.success || site === null) {
      problems.push(`sites[${show(key)}]: not a valid site rule; dropped`);
      continue;
    }
    if (site !== key) problems.push(`sites[${show(key)}]: read as ${show(site)}`);
    // Two stored spellings of one site: blocked wins over a trust.
    if (rule.output === 'blocked' || !sites.has(site)) sites.set(site, rule.output);
  }
  return Object.fromEntries(sites);
}

function parseTools(raw: unknown, problems: Problems): HarborPolicy['tools'] {
  if (raw === undefined) return {};
  if (!isRecord(raw)) return (problems.push('tools: not an object; dropped'), {});
  const tools = new Map<string, ToolOverride>();
  for (const [key, value] of Object.entries(raw)) {
    const override = v.safeParse(ToolOverride, value);
    if (override.success && v.is(ToolName, key)) tools.set(key, override.output);
    else problems.push(`tools[${show(key)}]: not a valid tool override; dropped`);
  }
  return Object.fromEntries(tools);
}

const StoredGrant = grantSchema(v.string());

function parseGrant(raw: unknown, index: number, problems: Problems): Grant | null {
  const parsed = v.safeParse(StoredGrant, raw);
  const site = parsed.success ? siteFor(parsed.output.site, parsed.output.effect === 'deny') : null;
  if (!parsed.success || site === null) {
    problems.push(`grants[${index}]: malformed or for a malformed site; dropped`);
    return null;
  }
  if (site !== parsed.output.site) problems.push(`grants[${index}]: site read as ${show(site)}`);
  return { ...parsed.output, site };
}

function parseGrants(raw: unknown, problems: Problems): Grant[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return (problems.push('grants: not an array; dropped'), []);
  const grants = raw.flatMap((item: unknown, index) => parseGrant(item, index, problems) ?? []);
  if (grants.length <= MAX_GRANTS) return grants;
  problems.push(`grants: more than ${MAX_GRANTS}; kept the denies first`);
  return [...grants.filter((g) => g.effect === 'deny'), ...grants.filter((g) => g.effect === 'allow')].slice(
    0,
    MAX_GRANTS,
  );
}

function parseFields(raw: unknown): ParsedPolicy {
  // Nothing stored yet is the normal first run, not a problem.
  if (raw === undefined || raw === null) return { policy: defaultPolicy(), problems: [] };
  if (!isRecord(raw))
    return { policy: defaultPolicy(), problems: ['the stored policy is not an object; using defaults'] };
  const problems: Problems = [];
  if (raw.version !== undefined && raw.version !== POLICY_VERSION) {
    problems.push(`version ${JSON.stringify(raw.version)} is not ${POLICY_VERSION}; kept what could be read`);
  }
  if (raw.allowFileUrls !== undefined && typeof raw.allowFileUrls !== 'boolean') {
    problems.push('allowFileUrls: not a boolean; file URLs stay restricted');
  }
  const built = {
    version: POLICY_VERSION,
    defaults: parseDefaults(raw.defaults, problems),
    sites: parseSites(raw.sites, problems),
    tools: parseTools(raw.tools, problems),
    grants: parseGrants(raw.grants, problems),
    allowFileUrls: raw.allowFileUrls === true,
  };
  // A safety net: what was assembled must pass the full schema, or the defaults are used.
  const checked = v.safeParse(HarborPolicy, built);
  if (checked.success) return { policy: checked.output, problems };
  return { policy: defaultPolicy(), problems: [...problems, 'the policy did not validate; using defaults'] };
}

/** A valid policy from whatever storage held, plus what was wrong with it. Never throws. */
export function parsePolicy(raw: unknown): ParsedPolicy {
  try {
    return parseFields(raw);
  } catch {
    // A hostile value (a Proxy, a throwing getter) must not take the gate down.
    return { policy: defaultPolicy(), problems: ['the stored policy could not be read; using defaults'] };
  }
}
