import { parsePolicy, storageAreaOf, type HarborPolicy } from '../../policy';
import { browser } from '../../src/platform/browser';
import type { Db } from '../storage/db';

const KEY = 'policy';
const SESSION_KEY = 'sessionGrants';

/**
 * Where the person's permission policy lives. Persistent rules and grants are in IndexedDB;
 * grants for this browser session (allow-session, and run-scoped denies) are in
 * `storage.session`, which the browser empties when it closes, so they cannot outlive it.
 * What comes back from storage is parsed: a corrupt record yields the defaults, never a crash.
 */
export function createPolicyStore(database: Promise<Db>, onChange: (policy: HarborPolicy) => void = () => {}) {
  let cached: HarborPolicy | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  async function load(): Promise<HarborPolicy> {
    if (cached) return cached;
    const stored = await (await database).get('state', KEY);
    const session = (await browser.storage.session.get(SESSION_KEY))[SESSION_KEY];
    const raw =
      stored && typeof stored === 'object'
        ? {
            ...stored,
            grants: [...((stored as HarborPolicy).grants ?? []), ...(Array.isArray(session) ? session : [])],
          }
        : stored;
    const { policy, problems } = parsePolicy(raw);
    if (problems.length > 0)
      console.warn('Bosun: parts of the stored permission policy were invalid and were dropped:', problems);
    cached = policy;
    return policy;
  }

  async function save(policy: HarborPolicy): Promise<void> {
    const persistent = policy.grants.filter((g) => storageAreaOf(g) === 'local');
    const session = policy.grants.filter((g) => storageAreaOf(g) === 'session');
    await (await database).put('state', { ...policy, grants: persistent }, KEY);
    await browser.storage.session.set({ [SESSION_KEY]: session });
    cached = policy;
    onChange(policy);
  }

  return {
    load,
    /** The policy as last loaded or saved; null before the first load. */
    current: () => cached,
    /** Changes are applied one at a time, so two answers given at once both land. */
    update(change: (policy: HarborPolicy) => HarborPolicy): Promise<HarborPolicy> {
      const next = queue.then(async () => {
        const updated = change(await load());
        await save(updated);
        return updated;
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
export type PolicyStore = ReturnType<typeof createPolicyStore>;
