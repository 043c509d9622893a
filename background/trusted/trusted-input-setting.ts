import { t } from '../../src/i18n';
import { refuse, type Refusal } from '../../src/messaging/refusal';
import { browser } from '../../src/platform/browser';
import { DEBUGGER_PERMISSION } from '../../src/platform/debugger-permission';
import type { SettingsStore } from '../storage/settings-store';

/** What the sidebar shows: whether this browser has trusted input at all, and whether it is on. */
export type TrustedInputState = { available: boolean; on: boolean };

// Firefox has no chrome.debugger: the setting exists there only to say so.
const available = __TARGET__ === 'chrome';
const held = (): Promise<boolean> =>
  available ? browser.permissions.contains(DEBUGGER_PERMISSION).catch(() => false) : Promise.resolve(false);

/**
 * The "Trusted input (Chrome)" setting. It follows the permission really held: one removed on the
 * browser's extensions page turns it off, whatever was stored. The permission itself is asked
 * for by the sidebar, from the person's click (a user gesture the background never has).
 */
export function createTrustedInputSetting(store: SettingsStore, changed: (state: TrustedInputState) => void) {
  let on = false;
  const state = (): TrustedInputState => ({ available, on });
  const store_ = async (next: boolean) => {
    on = next;
    await store.saveTrustedInput(next);
    changed(state());
  };
  return {
    state,
    async load(): Promise<void> {
      const stored = await store.loadTrustedInput().catch(() => false);
      on = stored && (await held());
      if (stored && !on) await store_(false);
    },
    /** Whether trusted input is to be used now: on, and the permission still held. */
    async active(): Promise<boolean> {
      if (!on) return false;
      if (await held()) return true;
      await store_(false);
      return false;
    },
    async set(next: boolean): Promise<void | Refusal> {
      if (!available) return refuse(t('trusted_input_unavailable'));
      if (next && !(await held())) return refuse(t('trusted_input_not_granted'));
      if (!next) await browser.permissions.remove(DEBUGGER_PERMISSION).catch(() => false);
      await store_(next);
    },
    /** The permission was taken back outside Bosun (the browser's extensions page). */
    async permissionRemoved(): Promise<void> {
      if (on && !(await held())) await store_(false);
    },
  };
}
export type TrustedInputSetting = ReturnType<typeof createTrustedInputSetting>;
