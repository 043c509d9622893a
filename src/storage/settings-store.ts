import type { Settings } from '../protocol/common';
import type { Db } from './db';

const KEY = 'provider';

export function createSettingsStore(database: Promise<Db>) {
  return {
    load: async (): Promise<Settings | null> => (await (await database).get('settings', KEY)) ?? null,
    save: async (settings: Settings): Promise<void> => {
      await (await database).put('settings', settings, KEY);
    },
  };
}
export type SettingsStore = ReturnType<typeof createSettingsStore>;
