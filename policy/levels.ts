import type { PermissionLevel } from './vocabulary';
import type { Verdict } from './types';

/** read-only < navigate < interact < submit: each level can do more harm than the one before. */
const LEVEL_RANK: Readonly<Record<PermissionLevel, number>> = {
  'read-only': 0,
  navigate: 1,
  interact: 2,
  submit: 3,
};

export const isPermissionLevel = (value: unknown): value is PermissionLevel =>
  typeof value === 'string' && Object.hasOwn(LEVEL_RANK, value);

/** A site trusted at `trust` covers tools of `level` when level ≤ trust. */
export const trustCovers = (trust: PermissionLevel, level: PermissionLevel): boolean =>
  LEVEL_RANK[level] <= LEVEL_RANK[trust];

/** deny < ask < auto-approve: "more permissive" is "higher". */
const VERDICT_RANK: Readonly<Record<Verdict, number>> = { deny: 0, ask: 1, 'auto-approve': 2 };

/** Lowers `verdict` to `ceiling` when it is more permissive; never raises it. */
export const atMost = (verdict: Verdict, ceiling: Verdict): Verdict =>
  VERDICT_RANK[verdict] <= VERDICT_RANK[ceiling] ? verdict : ceiling;

/** Own-property lookup: records keyed by site or tool name must never answer from the prototype. */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
