import { decide, siteOf, type HarborPolicy, type PolicyDecision } from '../../policy';
import type { Target } from '../tools/types';

/** A click that leaves for another site, judged as the navigation it is. */
export interface Leaving {
  /** The destination's site (its URL where it has none: a restricted or invalid address). */
  site: string;
  /** The destination's host, as the question names it. */
  host: string;
  verdict: PolicyDecision;
}

/**
 * Where a click (a link, an image map's area, a form's button, Enter on either) goes when that is
 * another site than the page's: judged there exactly as `navigate` to it would be, so a blocked site
 * is refused and an "ask" site asks, whatever the click's own verdict. Null for a click that stays.
 */
export function leavingFor(policy: HarborPolicy, target: Target, runId: string, now: number): Leaving | null {
  if (target.destination === undefined) return null;
  const here = siteOf(target.url, policy);
  const there = siteOf(target.destination, policy);
  if (here.kind === 'site' && there.kind === 'site' && here.site === there.site) return null;
  const verdict = decide(policy, { toolName: 'navigate', level: 'navigate', site: target.destination, runId }, now);
  const { destination } = target;
  const host = URL.canParse(destination) ? new URL(destination).host : destination;
  return { site: there.kind === 'site' ? there.site : destination, host, verdict };
}
