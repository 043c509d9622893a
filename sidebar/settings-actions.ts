import { t } from '../src/i18n';
import { browser } from '../src/platform/browser';
import { DEBUGGER_PERMISSION } from '../src/platform/debugger-permission';
import type { Settings, VoiceSettings } from '../src/protocol/common';
import type { Limits } from '../src/protocol/limits';
import type { SidebarToBackground } from '../src/protocol/sidebar-to-background';
import type { SidebarState } from './state';

/** Firefox's optional permission for its on-device inference (`browser.trial.ml`). */
const TRIAL_ML = 'trialML';

/** The Settings page's requests, and the chat's model switch, which saves the settings too. */
export interface SettingsActions {
  /** Saves the Settings page (the limits first, when shown); the chat opens once the background has the settings. */
  saveSettings(settings: Settings, limits?: Limits | null): void;
  testConnection(settings: Settings): void;
  /** The settings changed since the last test: its result is dropped (a test still running keeps going). */
  forgetTestResult(): void;
  /** Asks for the saved provider's models, for the chat's model switch. */
  listModels(): void;
  /** Switches the chat to another of the provider's models, keeping every other setting. */
  switchModel(model: string): void;
  detectOllama(): void;
  /** Turns a setting of voice on, keeping the provider settings as they are. */
  saveVoice(voice: VoiceSettings): void;
  disconnectAgent(id: string): void;
  /** Turns trusted input on (asking Chrome for the debugger permission, from this click) or off. */
  setTrustedInput(on: boolean): void;
  /** Lets Bosun use the browser's built-in model for titles and task scopes, or not. */
  setBuiltInModel(on: boolean): void;
}

export function createSettingsActions(
  send: (message: SidebarToBackground) => void,
  state: SidebarState,
): SettingsActions {
  return {
    saveSettings: (settings, limits) => {
      state.settingsSaving.value = true;
      if (limits) send({ type: 'SAVE_LIMITS', payload: limits });
      send({ type: 'SAVE_SETTINGS', payload: settings });
    },
    detectOllama: () => send({ type: 'DETECT_OLLAMA' }),
    testConnection: (settings) => {
      state.testResult.value = 'testing';
      state.testedFor.value = { provider: settings.provider, baseUrl: settings.baseUrl };
      send({ type: 'TEST_CONNECTION', payload: settings });
    },
    forgetTestResult: () => {
      if (state.testResult.value !== 'testing') state.testResult.value = null;
    },
    listModels: () => send({ type: 'LIST_MODELS' }),
    switchModel: (model) => {
      const settings = state.settings.value;
      if (settings && model && model !== settings.model)
        send({ type: 'SAVE_SETTINGS', payload: { ...settings, model } });
    },
    saveVoice: (voice) => {
      const settings = state.settings.value;
      if (settings) send({ type: 'SAVE_SETTINGS', payload: { ...settings, voice } });
    },
    disconnectAgent: (id) => send({ type: 'DISCONNECT_AGENT', payload: { id } }),
    setBuiltInModel(on) {
      send({ type: 'SET_BUILT_IN_MODEL', payload: { on } });
      // Firefox's on-device inference needs its optional permission, asked in the person's click (Summarize checks it each time).
      if (on && browser.runtime.getManifest().optional_permissions?.includes(TRIAL_ML))
        void browser.permissions.request({ permissions: [TRIAL_ML] }).catch(() => false);
    },
    setTrustedInput: (on) => {
      state.trustedInputNote.value = null;
      if (!on) return send({ type: 'SET_TRUSTED_INPUT', payload: { on: false } });
      // Asked first thing in the click: Chrome shows its prompt only during a user gesture.
      void browser.permissions
        .request(DEBUGGER_PERMISSION)
        .catch(() => false)
        .then((granted) => {
          if (granted) send({ type: 'SET_TRUSTED_INPUT', payload: { on: true } });
          else state.trustedInputNote.value = t('trusted_input_refused_note');
        });
    },
  };
}
