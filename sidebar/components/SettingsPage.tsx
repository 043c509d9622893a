import type { SidebarActions } from '../actions';
import type { SidebarState } from '../state';
import { BuiltInModelSection } from './BuiltInModelSection';
import { PermissionLevels } from './PermissionLevels';
import { SettingsForm } from './SettingsForm';
import { TrustedInputForm } from './TrustedInputForm';

/** The Settings page: one form with one Save; on first run also what the permission levels mean. */
export function SettingsPage({ state, actions }: { state: SidebarState; actions: SidebarActions }) {
  const settings = state.settings.value;
  const firstRun = settings === null;
  return (
    <main class="settings-page">
      <SettingsForm
        saved={settings ?? null}
        limits={state.limits.value}
        edits={state.settingsEdits}
        errors={state.settingsErrors}
        testResult={state.testResult.value}
        firstRun={firstRun}
        ollama={state.ollama.value}
        modelList={state.modelList.value}
        onEdit={actions.forgetTestResult}
        onSave={actions.saveSettings}
        onTest={actions.testConnection}
      >
        {/* Trusted input is asked of the browser by this very click, so it takes effect at once, outside the draft. */}
        {settings && state.trustedInput.value ? (
          <TrustedInputForm
            state={state.trustedInput.value}
            note={state.trustedInputNote.value}
            onChange={actions.setTrustedInput}
          />
        ) : null}
      </SettingsForm>
      {/* Outside the draft: it applies at once, and with no provider saved too. */}
      {state.builtInModel.value ? (
        <BuiltInModelSection state={state.builtInModel.value} onChange={actions.setBuiltInModel} />
      ) : null}
      {firstRun ? <PermissionLevels /> : null}
    </main>
  );
}
