import * as v from 'valibot';
import type { Settings } from '../../src/protocol/common';
import type { Db } from './db';

const KEY = 'provider';
/** Whether the person turned trusted input on (Chrome); kept apart from the provider, which it does not depend on. */
const TRUSTED_INPUT_KEY = 'trusted-input';
/** Whether the person turned on the browser's built-in model for titles and task scopes. */
const BUILT_IN_MODEL_KEY = 'built-in-model';

export function createSettingsStore(database: Promise<Db>) {
  return {
    load: async (): Promise<Settings | null> => (await (await database).get('settings', KEY)) ?? null,
    save: async (settings: Settings): Promise<void> => {
      await (await database).put('settings', settings, KEY);
    },
    /** Stored data is input too: anything but `true` reads as off. */
    loadTrustedInput: async (): Promise<boolean> =>
      v.is(v.literal(true), await (await database).get('state', TRUSTED_INPUT_KEY)),
    saveTrustedInput: async (on: boolean): Promise<void> => {
      await (await database).put('state', on, TRUSTED_INPUT_KEY);
    },
    loadBuiltInModel: async (): Promise<boolean> =>
      v.is(v.literal(true), await (await database).get('state', BUILT_IN_MODEL_KEY)),
    saveBuiltInModel: async (on: boolean): Promise<void> => {
      await (await database).put('state', on, BUILT_IN_MODEL_KEY);
    },
  };
}
export type SettingsStore = ReturnType<typeof createSettingsStore>;
