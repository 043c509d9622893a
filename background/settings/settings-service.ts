import type { Settings } from '../../src/protocol/common';
import type { SettingsStore } from '../storage/settings-store';

/**
 * The provider settings, read once at start and kept in memory so a greeting needs no await.
 * `apply` sets up what the settings need in the browser (the Ollama header rule) whenever they
 * are loaded or changed.
 */
export function createSettingsService(store: SettingsStore, apply: (settings: Settings | null) => Promise<void>) {
  let current: Settings | null = null;
  return {
    async load(): Promise<void> {
      current = await store.load();
      await apply(current).catch((error: unknown) => console.warn('Bosun: could not set up the provider rule:', error));
    },
    current: () => current,
    async save(settings: Settings): Promise<void> {
      await store.save(settings);
      current = settings;
      await apply(settings).catch((error: unknown) =>
        console.warn('Bosun: could not set up the provider rule:', error),
      );
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
