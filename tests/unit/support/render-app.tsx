import { signal } from '@preact/signals';
import { render } from '@testing-library/preact';
import type { SidebarActions } from '../../../sidebar/actions';
import { App } from '../../../sidebar/components/App';
import type { createSidebarState } from '../../../sidebar/state';
import { actions, voice } from './sidebar-props';

/** The whole panel as the sidebar mounts it, with no work tab and no price known. */
export function renderApp(
  state: ReturnType<typeof createSidebarState>,
  a: SidebarActions = actions(),
  v: ReturnType<typeof voice> = voice(),
) {
  return render(
    <App workTab={signal(null)} price={signal(null)} nameSite={() => null} state={state} actions={a} voice={v} />,
  );
}
