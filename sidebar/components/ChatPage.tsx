import type { ReadonlySignal } from '@preact/signals';
import type { ModelPrice } from '../../src/protocol/common';
import type { SidebarActions } from '../actions';
import type { SidebarState } from '../state';
import type { WorkTab } from '../work-tab';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { ModelSwitch } from './ModelSwitch';
import { AgentClients } from './AgentClients';
import { PermissionPrompt } from './PermissionPrompt';
import { HandOverCard } from './HandOverCard';
import { PlanCard } from './PlanCard';
import { RunningTasks } from './RunningTasks';
import { StatusBar, type StatusBarProps } from './StatusBar';

export interface ChatPageProps {
  state: SidebarState;
  actions: SidebarActions;
  /** Starts voice input. */
  onTalk(): void;
  listening: boolean;
  workTab: ReadonlySignal<WorkTab | null>;
  price: ReadonlySignal<ModelPrice | null>;
  nameSite: StatusBarProps['nameSite'];
}

/**
 * The chat: what Bosun works on and spends, the conversation, a task's plan or an open permission
 * question docked above the input box (with the request it belongs to), and the input box with its model
 * switch.
 */
export function ChatPage({ state, actions, onTalk, listening, workTab, price, nameSite }: ChatPageProps) {
  const busy = state.busy.value;
  const prompt = state.prompts.value[0];
  const plan = state.plans.value[0];
  const handOver = state.handOvers.value[0];
  const lastRequest = state.messages.value.findLast((m) => m.role === 'user');
  return (
    <>
      <StatusBar
        tab={workTab.value}
        policy={state.policy.value}
        messages={state.messages.value}
        busy={busy}
        scope={state.taskScope.value}
        step={state.taskStep.value}
        price={price.value}
        nameSite={nameSite}
      />
      <RunningTasks state={state} actions={actions} />
      <MessageList
        messages={state.messages.value}
        onSuggest={busy ? undefined : actions.send}
        onRetry={busy || !lastRequest ? undefined : () => actions.send(lastRequest.content)}
        onRunAgain={busy ? undefined : actions.runAgain}
        scheduling={{ conversationId: state.conversations.value.currentId, onSave: actions.workflow.saveSchedule }}
        onSettings={() => actions.show('settings')}
        onOpenStored={actions.openStoredPage}
      />
      <AgentClients
        clients={state.agentClients.value}
        onShare={actions.shareTabWithAgent}
        onStopSharing={actions.stopSharingWithAgent}
        onDisconnect={actions.disconnectAgent}
      />
      {handOver ? <HandOverCard key={handOver.id} request={handOver} onAnswer={actions.answerHandOver} /> : null}
      {plan ? <PlanCard key={plan.id} request={plan} onAnswer={actions.answerPlan} /> : null}
      {prompt ? (
        <PermissionPrompt prompt={prompt} waiting={state.prompts.value.length - 1} onAnswer={actions.answer} />
      ) : null}
      <Composer
        busy={busy}
        draft={state.draft}
        context={state}
        listening={listening}
        onSend={actions.send}
        onStop={() => actions.stop()}
        onSummarize={actions.summarize}
        onTalk={onTalk}
        footer={state.settings.value ? <ChatModelSwitch state={state} actions={actions} busy={busy} /> : null}
      />
    </>
  );
}

/** The input box's model switch, once Settings name a model. */
function ChatModelSwitch({ state, actions, busy }: Pick<ChatPageProps, 'state' | 'actions'> & { busy: boolean }) {
  const settings = state.settings.value;
  if (!settings) return null;
  return (
    <ModelSwitch
      model={settings.model}
      models={state.chatModels.value}
      busy={busy}
      onList={actions.listModels}
      onSwitch={actions.switchModel}
    />
  );
}
