import type { BuiltInModelState } from '../../src/protocol/built-in-model';
import { builtInPrompt, detectBuiltInModel, type BuiltInPrompt, type BuiltInStatus } from '../llm/built-in-model';
import { builtInSummarizer, type BuiltInSummarizer } from '../llm/built-in-summarizer';
import type { SettingsStore } from '../storage/settings-store';

/**
 * The "browser's built-in model" setting: what the browser offers, detected at start, on each
 * change and each time the model is wanted (a download may finish, a flag may change), and the
 * person's switch, off by default. The model is used only with the switch on and the browser
 * saying it is available.
 */
export function createBuiltInModelSetting(
  store: Pick<SettingsStore, 'loadBuiltInModel' | 'saveBuiltInModel'>,
  changed: (state: BuiltInModelState) => void,
  scope: object = globalThis,
) {
  let on = false;
  let status: BuiltInStatus = { availability: 'unavailable', reason: 'no-api' };
  const state = (): BuiltInModelState => ({ ...status, on });
  const detect = async () => {
    const found = await detectBuiltInModel(scope);
    const differs = found.availability !== status.availability || found.reason !== status.reason;
    status = found;
    if (differs) changed(state());
  };
  return {
    state,
    async load(): Promise<void> {
      on = await store.loadBuiltInModel().catch(() => false);
      await detect();
    },
    async set(next: boolean): Promise<void> {
      await store.saveBuiltInModel(next);
      on = next;
      await detect();
      changed(state());
    },
    /** A prompt to the built-in model when the person turned it on and the browser has it ready; else null. */
    async prompt(): Promise<BuiltInPrompt | null> {
      if (!on) return null;
      await detect();
      return builtInPrompt(scope);
    },
    /** The browser's summarizer (or why there is none) when the person turned the model on; else null. */
    async summarizer(): Promise<BuiltInSummarizer | null> {
      return on ? builtInSummarizer(scope) : null;
    },
  };
}
export type BuiltInModelSetting = ReturnType<typeof createBuiltInModelSetting>;
