// What the bridge's test groups share in one browser: a single bridge, started once for them all.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { BrowserName } from '../harness';
import { startBridge, type RunningBridge } from '../support/bridge';
import type { useSite } from '../support/site';

export interface BridgeEnv {
  /** Set before the first test runs. */
  bridge: RunningBridge;
  /** The bridge's browser profile. */
  profileDir: string;
  chromium: boolean;
  site: ReturnType<typeof useSite>;
}

/** Starts the bridge for `browserName` before the tests of the describe block and ends it after them. */
export function useBridge(browserName: BrowserName, site: BridgeEnv['site'], args: string[]): BridgeEnv {
  const env = { chromium: browserName === 'chromium', site } as BridgeEnv;
  beforeAll(async () => {
    env.profileDir = await mkdtemp(join(tmpdir(), 'bosun-bridge-e2e-'));
    env.bridge = await startBridge(['--browser', browserName, '--profile-dir', env.profileDir, ...args]);
  });
  afterAll(async () => {
    await env.bridge?.close();
    await rm(env.profileDir, { recursive: true, force: true });
  });
  return env;
}
