import { voiceOf, type ModelPrice } from '../../src/protocol/common';
import type { SidebarActions } from '../actions';
import type { ReadonlySignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { WorkTab } from '../work-tab';
import type { SidebarState } from '../state';
import { useShortcuts } from '../shortcuts';
import { SPEECH_UNAVAILABLE } from '../voice/speech';
import { ActionLogView } from './ActionLogView';
import { Composer } from './Composer';
import { Header } from './Header';
import { HistoryView } from './HistoryView';
import { LibraryView } from './LibraryView';
import { LimitsForm } from './LimitsForm';
import { MessageList } from './MessageList';
import { ModelSwitch } from './ModelSwitch';
import { Notice } from './Notice';
import { PermissionLevels } from './PermissionLevels';
import { PermissionPrompt } from './PermissionPrompt';
import { PermissionsView } from './PermissionsView';
import { SettingsForm } from './SettingsForm';
import { StatusBar, type StatusBarProps } from './StatusBar';
import { SpeechUnavailable, VoiceIndicator } from './VoiceIndicator';
import { VoiceForm } from './VoiceForm';
import { WorkflowView } from './WorkflowView';

/** What the voice controller offers the components. */
interface VoiceControls {
  start(): void;
  finish(): void;
  cancel(): void;
}

interface AppProps {
  state: SidebarState;
  actions: SidebarActions;
  voice: VoiceControls;
  workTab: ReadonlySignal<WorkTab | null>;
  price: ReadonlySignal<ModelPrice | null>;
  nameSite: StatusBarProps['nameSite'];
}

export function App({ state, actions, voice, workTab, price, nameSite }: AppProps) {
  const settings = state.settings.value;
  const voiceSettings = voiceOf(settings);
  const listening = state.voice.value.phase !== 'idle';
  // Until a provider is saved there is nothing to chat with: the settings are the first thing shown.
  const view = settings === null ? 'settings' : state.view.value;
  const prompt = state.prompts.value[0];
  const firstRun = settings === null;
  // A local Ollama is the setup with no key: look for one while the first-run form is shown.
  useEffect(() => {
    if (firstRun) actions.detectOllama();
  }, [firstRun, actions]);
  useShortcuts({
    escape: () =>
      listening
        ? voice.cancel
        : prompt
          ? () => actions.answer(prompt.id, 'deny')
          : state.busy.value
            ? actions.stop
            : null,
    focusInput: () => document.getElementById('composer-input')?.focus(),
  });

  return (
    <div class="app">
      <Header
        connection={state.connection.value}
        view={view}
        canClear={state.messages.value.length > 0}
        onShow={actions.show}
        onClear={actions.clear}
        onNew={actions.newConversation}
      />
      {listening ? (
        <VoiceIndicator
          voice={state.voice.value}
          maxSeconds={voiceSettings.maxSeconds}
          onFinish={voice.finish}
          onCancel={voice.cancel}
        />
      ) : null}
      <Notice text={state.notice.value} onDismiss={actions.dismissNotice} />
      {state.speechUnavailable.value ? (
        <SpeechUnavailable
          message={SPEECH_UNAVAILABLE}
          onUseWhisper={() => {
            state.speechUnavailable.value = false;
            actions.saveVoice({ ...voiceSettings, mode: 'whisper' });
          }}
          onDismiss={() => (state.speechUnavailable.value = false)}
        />
      ) : null}
      {prompt ? (
        <PermissionPrompt prompt={prompt} waiting={state.prompts.value.length - 1} onAnswer={actions.answer} />
      ) : null}
      {view === 'chat' ? (
        <>
          <StatusBar
            tab={workTab.value}
            policy={state.policy.value}
            messages={state.messages.value}
            busy={state.busy.value}
            scope={state.taskScope.value}
            step={state.taskStep.value}
            price={price.value}
            nameSite={nameSite}
          />
          <MessageList messages={state.messages.value} onSuggest={state.busy.value ? undefined : actions.send} />
          <Composer
            busy={state.busy.value}
            draft={state.draft}
            listening={listening}
            onSend={actions.send}
            onStop={actions.stop}
            onSummarize={actions.summarize}
            onTalk={voice.start}
            footer={
              settings ? (
                <ModelSwitch
                  model={settings.model}
                  models={state.chatModels.value}
                  busy={state.busy.value}
                  onList={actions.listModels}
                  onSwitch={actions.switchModel}
                />
              ) : null
            }
          />
        </>
      ) : null}
      {view === 'settings' ? (
        <main class="settings-page">
          <SettingsForm
            saved={settings ?? null}
            testResult={state.testResult.value}
            firstRun={firstRun}
            ollama={state.ollama.value}
            modelList={state.modelList.value}
            onEdit={actions.forgetTestResult}
            onSave={(next) => {
              actions.saveSettings(next);
              actions.show('chat');
            }}
            onTest={actions.testConnection}
          />
          {firstRun ? <PermissionLevels /> : null}
          {settings ? <VoiceForm voice={voiceSettings} onSave={actions.saveVoice} /> : null}
          {settings && state.limits.value ? (
            <LimitsForm limits={state.limits.value} onSave={actions.saveLimits} />
          ) : null}
        </main>
      ) : null}
      {view === 'history' ? (
        <HistoryView conversations={state.conversations.value} busy={state.busy.value} actions={actions} />
      ) : null}
      {view === 'library' ? (
        <LibraryView
          jobs={state.crawlJobs.value}
          search={state.librarySearch.value}
          preview={state.libraryPage.value}
          crawl={state.libraryCrawl.value}
          actions={actions}
        />
      ) : null}
      {view === 'research' ? <WorkflowView state={state.workflow} actions={actions.workflow} /> : null}
      {view === 'permissions' ? (
        <PermissionsView policy={state.policy.value} onChange={actions.changePermissions} />
      ) : null}
      {view === 'log' ? <ActionLogView entries={state.log.value} onClear={actions.clearLog} /> : null}
    </div>
  );
}
