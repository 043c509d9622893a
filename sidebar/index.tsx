/** Sidebar entry: wiring only. The same page is Firefox's sidebar and Chrome's side panel. */
import { render } from 'preact';
import { browser } from '../src/platform/browser';
import { createActions } from './actions';
import { watchWorkTab } from './work-tab';
import { App } from './components/App';
import { createConnector } from './connector';
import { createSidebarState } from './state';
import { applyTheme, theme } from './theme';

applyTheme(theme.value);
const workTab = watchWorkTab();
const state = createSidebarState();
const connector = createConnector({
  connect: () => browser.runtime.connect({ name: 'sidebar' }),
  onMessage: state.apply,
  onStatus: (status) => {
    state.connection.value = status;
  },
});
const root = document.getElementById('app');
const currentTab = async () => (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id;
if (root) render(<App state={state} actions={createActions(connector, state, currentTab)} workTab={workTab} />, root);
