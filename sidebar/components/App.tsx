import { useSignal } from '@preact/signals';
import type { SidebarActions } from '../actions';
import type { SidebarState } from '../state';
import { Composer } from './Composer';
import { Header } from './Header';
import { MessageList } from './MessageList';
import { Notice } from './Notice';
import { SettingsForm } from './SettingsForm';

export function App({ state, actions }: { state: SidebarState; actions: SidebarActions }) {
  const showSettings = useSignal(false);
  const settings = state.settings.value;
  // Until a provider is saved there is nothing to chat with: the settings are the first thing shown.
  const settingsOpen = showSettings.value || settings === null;

  return (
    <div class="app">
      <Header
        connection={state.connection.value}
        settingsOpen={settingsOpen}
        canClear={state.messages.value.length > 0}
        onToggleSettings={() => (showSettings.value = !settingsOpen)}
        onClear={actions.clear}
      />
      <Notice text={state.notice.value} onDismiss={actions.dismissNotice} />
      {settingsOpen ? (
        <SettingsForm
          saved={settings ?? null}
          testResult={state.testResult.value}
          firstRun={settings === null}
          onSave={(next) => {
            actions.saveSettings(next);
            showSettings.value = false;
          }}
          onTest={actions.testConnection}
        />
      ) : (
        <>
          <MessageList messages={state.messages.value} />
          <Composer busy={state.busy.value} onSend={actions.send} onStop={actions.stop} />
        </>
      )}
    </div>
  );
}
