import { parse } from 'tldts';
import { restrictionOf, withoutTrailingDots } from './restricted';

/**
 * Site identity. A grant is keyed by the registrable site (eTLD+1) because that is the unit a
 * person recognises ("amazon.co.uk") and the unit browsers isolate by; sub-domains and `www.`
 * collapse into it, so a grant for a site never depends on which sub-domain a page happened to use.
 */
export type SiteIdentity =
  | { readonly kind: 'site'; readonly site: string }
  | { readonly kind: 'restricted'; readonly reason: string }
  | { readonly kind: 'invalid' };

export interface SiteOptions {
  /** A HarborPolicy fits here too: `siteOf(url, policy)`. */
  readonly allowFileUrls?: boolean;
}

/** All local files share one site: they have no origin isolation between them. */
export const FILE_SITE = 'file://';

const INVALID: SiteIdentity = { kind: 'invalid' };

/**
 * Names that are special as JavaScript object keys. Sites key plain records in the policy
 * (site rules); treating these as invalid hosts keeps those records free of prototype tricks.
 */
const RESERVED_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The registrable site of a web host that the URL parser has already lower-cased and punycoded. */
function siteOfHost(rawHost: string): SiteIdentity {
  const host = withoutTrailingDots(rawHost);
  if (host === '' || RESERVED_NAMES.has(host)) return INVALID;
  // IPv6 literals keep their brackets; the URL parser has already put them in canonical form.
  if (host.startsWith('[')) return { kind: 'site', site: host };
  // Private suffixes (github.io, blogspot.com) count: user.github.io and other.github.io belong to
  // different people and must not share grants.
  const info = parse(host, { allowPrivateDomains: true });
  // The URL parser accepts hosts like "-a.com" or "exa$mple.com" that DNS never resolves.
  if (info.hostname === null) return INVALID;
  // IPv4 (already canonical: the URL parser turns 0x7f.1 into 127.0.0.1) is its own site.
  if (info.isIp === true) return { kind: 'site', site: host };
  // No registrable domain: localhost, single-label intranet names, or a bare public suffix.
  // Each is its own site, never widened to anything else.
  return { kind: 'site', site: info.domain ?? host };
}

/**
 * The registrable site of a URL, or why Bosun must not act on it.
 * Never throws: garbage is `{ kind: 'invalid' }`.
 */
export function siteOf(url: string, options: SiteOptions = {}): SiteIdentity {
  if (typeof url !== 'string') return INVALID;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return INVALID;
  }
  const restriction = restrictionOf(parsed, options.allowFileUrls === true);
  if (restriction !== null) return { kind: 'restricted', reason: restriction };
  if (parsed.protocol === 'file:') return { kind: 'site', site: FILE_SITE };
  return siteOfHost(parsed.hostname);
}

/**
 * A scheme followed by something other than a port number: "about:blank", "data:...",
 * "https://...". "localhost:3000" and "example.com:8080/x" are hosts with ports, not URLs.
 */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * The spec's API passes a `site` string; callers may hold a full URL, a host name or an already
 * resolved site. All three resolve to the same identity, so a grant made from one form applies to
 * the others.
 */
export function resolveSite(input: string, options: SiteOptions = {}): SiteIdentity {
  if (typeof input !== 'string') return INVALID;
  const trimmed = input.trim();
  if (trimmed === '') return INVALID;
  if (HAS_SCHEME.test(trimmed)) return siteOf(trimmed, options);
  return siteOf(`https://${trimmed}`, options);
}

/** True when `value` is a site exactly as siteOf returns it (canonical: a fixed point). */
export function isSiteKey(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 260) return false;
  if (value === FILE_SITE) return true;
  const identity = siteOf(`https://${value}`);
  return identity.kind === 'site' && identity.site === value;
}
