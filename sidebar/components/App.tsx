import type { SidebarActions } from '../actions';
import type { ReadonlySignal } from '@preact/signals';
import type { WorkTab } from '../work-tab';
import type { SidebarState } from '../state';
import { ActionLogView } from './ActionLogView';
import { Composer } from './Composer';
import { Header } from './Header';
import { LimitsForm } from './LimitsForm';
import { MessageList } from './MessageList';
import { Notice } from './Notice';
import { PermissionPrompt } from './PermissionPrompt';
import { PermissionsView } from './PermissionsView';
import { SettingsForm } from './SettingsForm';
import { StatusBar } from './StatusBar';

export function App({ state, actions, workTab }: { state: SidebarState; actions: SidebarActions; workTab: ReadonlySignal<WorkTab | null> }) {
  const settings = state.settings.value;
  // Until a provider is saved there is nothing to chat with: the settings are the first thing shown.
  const view = settings === null ? 'settings' : state.view.value;
  const prompt = state.prompts.value[0];

  return (
    <div class="app">
      <Header connection={state.connection.value} view={view} canClear={state.messages.value.length > 0} onShow={actions.show} onClear={actions.clear} />
      <Notice text={state.notice.value} onDismiss={actions.dismissNotice} />
      {prompt ? <PermissionPrompt prompt={prompt} waiting={state.prompts.value.length - 1} onAnswer={actions.answer} /> : null}
      {view === 'chat' ? (
        <>
          <StatusBar tab={workTab.value} policy={state.policy.value} messages={state.messages.value} busy={state.busy.value} />
          <MessageList messages={state.messages.value} />
          <Composer busy={state.busy.value} onSend={actions.send} onStop={actions.stop} onSummarize={actions.summarize} />
        </>
      ) : null}
      {view === 'settings' ? (
        <div class="settings-page">
          <SettingsForm
            saved={settings ?? null}
            testResult={state.testResult.value}
            firstRun={settings === null}
            onSave={(next) => {
              actions.saveSettings(next);
              actions.show('chat');
            }}
            onTest={actions.testConnection}
          />
          {settings && state.limits.value ? <LimitsForm limits={state.limits.value} onSave={actions.saveLimits} /> : null}
        </div>
      ) : null}
      {view === 'permissions' ? <PermissionsView policy={state.policy.value} onChange={actions.changePermissions} /> : null}
      {view === 'log' ? <ActionLogView entries={state.log.value} onClear={actions.clearLog} /> : null}
    </div>
  );
}
