import type { Settings } from '../src/protocol/common';
import type { SettingsStore } from '../src/storage/settings-store';

/** The provider settings, read once at start and kept in memory so a greeting needs no await. */
export function createSettingsService(store: SettingsStore) {
  let current: Settings | null = null;
  return {
    async load(): Promise<void> {
      current = await store.load();
    },
    current: () => current,
    async save(settings: Settings): Promise<void> {
      await store.save(settings);
      current = settings;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
