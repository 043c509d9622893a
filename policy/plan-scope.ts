import { PERMISSION_LEVELS, type PermissionLevel } from './vocabulary';
import { resolveSite, type SiteOptions } from './site';
import { MAX_TYPED_VALUES, type TaskScope } from './task-scope';
import type { ChatPlan } from './chat-plan';
import type { PlannedAccess } from './workflow-grants';

const rank = (level: PermissionLevel): number => PERMISSION_LEVELS.indexOf(level);

/**
 * The approved plan as the task's scope: its sites, its highest level, the commitments and the
 * typed values its steps name, and nothing else without a question. A site that cannot be resolved
 * (restricted, not a URL) is left out, so every action there asks.
 */
export function planScope(plan: ChatPlan, options: SiteOptions): TaskScope {
  const sites = new Set<string>();
  for (const step of plan.steps) {
    const site = resolveSite(step.site, options);
    if (site.kind === 'site') sites.add(site.site);
  }
  const level = PERMISSION_LEVELS[Math.max(0, ...plan.steps.map((s) => rank(s.level)))] ?? 'read-only';
  const commitments = [...new Set(plan.steps.flatMap((s) => s.commits ?? []))];
  const typed = [...new Set(plan.steps.flatMap((s) => s.types ?? []))].slice(0, MAX_TYPED_VALUES);
  return { level, commitments, sites: [...sites], typed };
}

/**
 * What approving the plan grants for its task: each step's site at its level and every level
 * below it (a step that submits a form also types into it). The grants are the task's alone, and
 * bound to their levels, so a critical action still asks through the policy's ceiling.
 */
export const planGrants = (plan: ChatPlan): PlannedAccess[] =>
  plan.steps.flatMap((step) =>
    PERMISSION_LEVELS.slice(0, rank(step.level) + 1).map((level) => ({ site: step.site, level })),
  );
