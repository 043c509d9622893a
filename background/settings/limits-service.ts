import * as v from 'valibot';
import { DEFAULT_LIMITS, Limits } from '../../src/protocol/limits';
import type { Db } from '../storage/db';

const KEY = 'limits';

/** The agent's limits, kept in memory after start so every step reads them without waiting. */
export function createLimitsService(database: Promise<Db>) {
  let current: Limits = DEFAULT_LIMITS;
  return {
    async load(): Promise<void> {
      const parsed = v.safeParse(Limits, await (await database).get('state', KEY));
      current = parsed.success ? parsed.output : DEFAULT_LIMITS;
    },
    current: () => current,
    async save(limits: Limits): Promise<void> {
      await (await database).put('state', limits, KEY);
      current = limits;
    },
  };
}
export type LimitsService = ReturnType<typeof createLimitsService>;
