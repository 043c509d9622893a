/** The Harbor-style permission engine: pure functions over (policy, request, now). */
export { applyDecision, decisionProceeds, type ApplyOptions, type DecisionTarget } from './apply-decision';
export { actionLevel } from './action-level';
export { pageToolLevel, pageToolWords, type PageToolFacts } from './page-tool-level';
export { clickDestination } from './click-destination';
export { ACCEPT_DIALOG_LEVEL, dialogAnswerLevel } from './dialog-level';
export { commitReason, criticalReason, isCriticalAction, type CriticalContext, type ElementFacts } from './critical';
export { checkPermission, decide, type DecisionRequest, type PolicyDecision } from './decide';
export { judgedAction } from './judged-action';
export { DEFAULT_LEVEL_VERDICTS, defaultPolicy } from './defaults';
export { isLive, storageAreaOf, withoutExpired } from './grants';
export { trustCovers } from './levels';
export { parsePolicy, type ParsedPolicy } from './parse-policy';
export { CEILINGS, PRECEDENCE, RULE_IDS, type Ceiling, type PrecedenceRule, type RuleId } from './precedence';
export { FILE_SITE, isSiteKey, resolveSite, siteOf, type SiteIdentity, type SiteOptions } from './site';
export { Grant, HarborPolicy } from './schemas';
export { LevelDefaults, SiteRule, ToolOverride, Verdict, type GrantScope } from './types';
export {
  PERMISSION_DECISIONS,
  PERMISSION_LEVELS,
  PermissionDecision,
  PermissionLevel,
  type PermissionDecisionValue,
} from './vocabulary';
export { grantWorkflowRun, withoutRun, type PlannedAccess, type PlannedUse } from './workflow-grants';
export { commitmentOf } from './critical';
export { parseScopeAnswer, MAX_SCOPE_ANSWER, type ScopeAnswer } from './parse-scope';
export { keywordScope } from './scope-keywords';
export {
  COMMITMENTS,
  Commitment,
  READ_ONLY_SCOPE,
  TaskScope,
  scopeExcess,
  type ScopedAction,
  widenScope,
  ScopeExcess,
} from './task-scope';
export { createReadings, sentInUrl, type Flow, type Outgoing, type ReadingLimits, type Readings } from './data-flow';
export { ChatPlan, MAX_PLAN_STEPS, PlanStep } from './chat-plan';
export { planGrants, planScope } from './plan-scope';
