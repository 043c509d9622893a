import type { ModelPrice } from '../../src/protocol/common';
import type { SidebarActions } from '../actions';
import type { ReadonlySignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { WorkTab } from '../work-tab';
import type { SidebarState, View } from '../state';
import { useShortcuts } from '../shortcuts';
import { ChatPage } from './ChatPage';
import { Header } from './Header';
import { LazyView } from './LazyView';
import { Notice } from './Notice';
import { PermissionPrompt } from './PermissionPrompt';
import { HandOverCard } from './HandOverCard';
import { PlanCard } from './PlanCard';
import type { StatusBarProps } from './StatusBar';
import { RecordingBanner, SpeechUnavailableBanner, type VoiceControls } from './VoiceBanners';

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
  const listening = state.voice.value.phase !== 'idle';
  // Until a provider is saved there is nothing to chat with: the settings are the first thing shown.
  const view = settings === null ? 'settings' : state.view.value;
  const prompt = state.prompts.value[0];
  const plan = state.plans.value[0];
  const handOver = state.handOvers.value[0];
  const firstRun = settings === null;
  // A local Ollama is the setup with no key: look for one while the first-run form is shown.
  useEffect(() => {
    if (firstRun) actions.detectOllama();
  }, [firstRun, actions]);
  useAppShortcuts(state, actions, voice);

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
      <RecordingBanner state={state} voice={voice} />
      <Notice text={state.notice.value} onDismiss={actions.dismissNotice} />
      <SpeechUnavailableBanner state={state} actions={actions} />
      {/* In the chat a question or a task's plan is docked above the input box; in another view it heads the view. */}
      {prompt && view !== 'chat' ? (
        <PermissionPrompt prompt={prompt} waiting={state.prompts.value.length - 1} onAnswer={actions.answer} />
      ) : null}
      {plan && view !== 'chat' ? <PlanCard key={plan.id} request={plan} onAnswer={actions.answerPlan} /> : null}
      {handOver && view !== 'chat' ? (
        <HandOverCard key={handOver.id} request={handOver} onAnswer={actions.answerHandOver} />
      ) : null}
      {view === 'chat' ? (
        <ChatPage {...{ state, actions, listening, workTab, price, nameSite }} onTalk={voice.start} />
      ) : null}
      {view === 'chat' ? null : <OtherView view={view} state={state} actions={actions} />}
    </div>
  );
}

/** The views other than the chat, each shown in place of it. */
function OtherView({ view, state, actions }: { view: View; state: SidebarState; actions: SidebarActions }) {
  return (
    <>
      {view === 'settings' ? <LazyView name="settings" props={{ state, actions }} /> : null}
      {view === 'history' ? (
        <LazyView
          name="history"
          props={{ conversations: state.conversations.value, busy: state.busy.value, actions }}
        />
      ) : null}
      {view === 'library' ? (
        <LazyView
          name="library"
          props={{
            jobs: state.crawlJobs.value,
            search: state.librarySearch.value,
            preview: state.libraryPage.value,
            crawl: state.libraryCrawl.value,
            actions,
          }}
        />
      ) : null}
      {view === 'research' ? (
        <LazyView name="research" props={{ state: state.workflow, actions: actions.workflow }} />
      ) : null}
      {view === 'permissions' ? (
        <LazyView name="permissions" props={{ policy: state.policy.value, onChange: actions.changePermissions }} />
      ) : null}
      {view === 'log' ? <LazyView name="log" props={{ entries: state.log.value, onClear: actions.clearLog }} /> : null}
    </>
  );
}

/**
 * Escape stops what is under way, the nearest thing first (the microphone, the question, the plan,
 * the task): on a plan it approves nothing and the task asks at each step, as the plan card's own
 * "Ask me at each step" does; the focus shortcut goes to the input box.
 */
function useAppShortcuts(state: SidebarState, actions: SidebarActions, voice: VoiceControls) {
  const listening = state.voice.value.phase !== 'idle';
  const prompt = state.prompts.value[0];
  const plan = state.plans.value[0];
  useShortcuts({
    escape: () =>
      listening
        ? voice.cancel
        : prompt
          ? () => actions.answer(prompt.id, 'deny')
          : plan
            ? () => actions.answerPlan(plan.id, { kind: 'each-step' })
            : state.busy.value
              ? actions.stop
              : null,
    focusInput: () => document.getElementById('composer-input')?.focus(),
  });
}
