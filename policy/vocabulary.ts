import * as v from 'valibot';

/**
 * The policy's vocabulary: the permission levels a tool declares and the answers a person can give
 * to a prompt. The protocol, the tools and the sidebar speak these words too, so they live here, in
 * the policy, which imports nothing of Bosun's; everyone else imports them from the policy.
 */
export const PERMISSION_LEVELS = ['read-only', 'navigate', 'interact', 'submit'] as const;
export const PermissionLevel = v.picklist(PERMISSION_LEVELS);
export type PermissionLevel = v.InferOutput<typeof PermissionLevel>;

/** `allow-task`: this call, and everything like it for the rest of the task (the task's scope widens; nothing is stored). */
export const PERMISSION_DECISIONS = [
  'allow-once',
  'allow-task',
  'allow-site',
  'allow-session',
  'deny',
  'deny-all',
] as const;
export const PermissionDecision = v.picklist(PERMISSION_DECISIONS);
/** The person's answer to a prompt. */
export type PermissionDecisionValue = v.InferOutput<typeof PermissionDecision>;
