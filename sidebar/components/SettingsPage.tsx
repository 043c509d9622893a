import { voiceOf } from '../../src/protocol/common';
import type { SidebarActions } from '../actions';
import type { SidebarState } from '../state';
import { AgentsForm } from './AgentsForm';
import { LimitsForm } from './LimitsForm';
import { PermissionLevels } from './PermissionLevels';
import { PlanFirstForm } from './PlanFirstForm';
import { SettingsForm } from './SettingsForm';
import { TrustedInputForm } from './TrustedInputForm';
import { VoiceForm } from './VoiceForm';

/** The provider's settings; on first run what the permission levels mean, afterwards voice, trusted input and limits. */
export function SettingsPage({ state, actions }: { state: SidebarState; actions: SidebarActions }) {
  const settings = state.settings.value;
  const firstRun = settings === null;
  return (
    <main class="settings-page">
      <SettingsForm
        saved={settings ?? null}
        testResult={state.testResult.value}
        firstRun={firstRun}
        ollama={state.ollama.value}
        modelList={state.modelList.value}
        onEdit={actions.forgetTestResult}
        onSave={actions.saveSettings}
        onTest={actions.testConnection}
      />
      {firstRun ? <PermissionLevels /> : null}
      {settings ? <PlanFirstForm on={settings.planFirst !== false} onChange={actions.savePlanFirst} /> : null}
      {settings ? <AgentsForm on={settings.agentsMayConnect === true} onChange={actions.saveAgentsMayConnect} /> : null}
      {settings ? <VoiceForm voice={voiceOf(settings)} onSave={actions.saveVoice} /> : null}
      {settings && state.trustedInput.value ? (
        <TrustedInputForm
          state={state.trustedInput.value}
          note={state.trustedInputNote.value}
          onChange={actions.setTrustedInput}
        />
      ) : null}
      {settings && state.limits.value ? <LimitsForm limits={state.limits.value} onSave={actions.saveLimits} /> : null}
    </main>
  );
}
