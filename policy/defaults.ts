import { POLICY_VERSION, type HarborPolicy, type LevelDefaults } from './types';

/**
 * Reading a page changes nothing, so it runs without a prompt; anything that moves, clicks or
 * submits asks until the person says otherwise.
 */
export const DEFAULT_LEVEL_VERDICTS: Readonly<LevelDefaults> = Object.freeze({
  'read-only': 'auto-approve',
  navigate: 'ask',
  interact: 'ask',
  submit: 'ask',
});

/** A fresh default policy each call, so no caller can change the defaults of another. */
export function defaultPolicy(): HarborPolicy {
  return {
    version: POLICY_VERSION,
    defaults: { ...DEFAULT_LEVEL_VERDICTS },
    sites: {},
    tools: {},
    grants: [],
    allowFileUrls: false,
  };
}
