/** Sidebar entry: wiring only. The same page is Firefox's sidebar and Chrome's side panel. */
import { render } from 'preact';
import { effect } from '@preact/signals';
import { localizePage } from '../src/i18n';
import { browser } from '../src/platform/browser';
import { createActions } from './actions';
import { watchWorkTab } from './work-tab';
import { watchPrice } from './price';
import { App } from './components/App';
import { createConnector } from './connector';
import { download, fileHandlers } from './download';
import { createInbox, deliver } from './inbox';
import { loadMarkdownRenderer } from './markdown-loader';
import { createSidebarState } from './state';
import { createSiteNames } from './site-names';
import { statePart } from './state-inbox';
import { applyTheme, theme } from './theme';
import { createVoice } from './voice/controller';
import { inTab, micPermission, openGrantPage } from './voice/mic-access';
import { startRecording } from './voice/recorder';
import { speechRecognitionAvailable, startSpeech } from './voice/speech';

applyTheme(theme.value);
localizePage(document);
const workTab = watchWorkTab();
const state = createSidebarState();
// The same app is the options page (options.html, "Preferences" in the add-ons manager): it opens on the settings.
if (document.documentElement.dataset.startView === 'settings') state.view.value = 'settings';
const connector = createConnector({
  connect: () => browser.runtime.connect({ name: 'sidebar' }),
  onMessage: (message) => deliver(inbox, message),
  onStatus: (status) => {
    state.connection.value = status;
    // A plan asked for over a port that dropped never gets its answer: the form is usable again.
    if (status !== 'connected') state.workflow.planning.value = null;
  },
});
const root = document.getElementById('app');
const currentTab = async () => (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id;
const actions = createActions(connector, state, currentTab);
const sites = createSiteNames(connector.send);
const voice = createVoice(state, actions, {
  send: connector.send,
  micPermission,
  inTab,
  openGrantPage: () => void openGrantPage(),
  startRecording,
  speechAvailable: speechRecognitionAvailable,
  startSpeech,
  focusInput: () => document.getElementById('composer-input')?.focus(),
});
const inbox = createInbox({
  notice: state.notice,
  state: statePart(state),
  voice: voice.inbox,
  files: fileHandlers(download),
  sites: sites.handlers,
});
// Closing the panel closes the microphone with it (the background drops the session when the port goes).
addEventListener('pagehide', voice.dispose);
const show = () =>
  root &&
  render(
    <App
      state={state}
      actions={actions}
      voice={voice}
      workTab={workTab}
      price={watchPrice(state.settings)}
      nameSite={sites.identityOf}
    />,
    root,
  );
if (document.documentElement.dataset.startView !== 'settings') {
  show();
  // The markdown renderer is not needed to open the panel, but is by the first answer: it loads
  // once the panel is idle, so that answer is drawn as markdown from its first word.
  requestIdleCallback(() => void loadMarkdownRenderer(), { timeout: 2000 });
} else {
  // The options page shows the settings form filled with what is saved: it renders once the
  // background's greeting (SETTINGS comes first, in the message that connects) has been taken.
  const stop = effect(() => {
    if (state.connection.value !== 'connected') return;
    setTimeout(() => {
      stop();
      show();
    });
  });
}
