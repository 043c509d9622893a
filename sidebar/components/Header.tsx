import type { ConnectionStatus, View } from '../state';
import { cycleTheme, theme } from '../theme';

const CONNECTION_LABEL: Record<ConnectionStatus, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  lost: 'Bosun was updated or removed. Close and reopen this panel.',
};
const VIEWS: { view: View; label: string }[] = [
  { view: 'chat', label: 'Chat' },
  { view: 'history', label: 'History' },
  { view: 'library', label: 'Library' },
  { view: 'research', label: 'Research' },
  { view: 'permissions', label: 'Permissions' },
  { view: 'log', label: 'Log' },
  { view: 'settings', label: 'Settings' },
];

interface HeaderProps {
  connection: ConnectionStatus;
  view: View;
  canClear: boolean;
  onShow(view: View): void;
  onClear(): void;
  onNew(): void;
}

export function Header({ connection, view, canClear, onShow, onClear, onNew }: HeaderProps) {
  return (
    <header class="header">
      <h1 class="title">Bosun</h1>
      <span class={`connection connection--${connection}`} data-testid="connection" title={CONNECTION_LABEL[connection]}>
        <span class="visually-hidden">{CONNECTION_LABEL[connection]}</span>
      </span>
      <div class="header-actions">
        {view === 'chat' ? (
          <>
            <button type="button" class="icon-button" onClick={onNew} disabled={!canClear} data-testid="new-conversation" title="Start a new conversation; this one stays in History">
              New
            </button>
            <button type="button" class="icon-button" onClick={onClear} disabled={!canClear} data-testid="clear" title="Clear the conversation">
              Clear
            </button>
          </>
        ) : null}
        <button type="button" class="icon-button" onClick={cycleTheme} data-testid="theme" title="Theme: system, light or dark">
          {theme.value === 'system' ? 'Auto' : theme.value === 'light' ? 'Light' : 'Dark'}
        </button>
      </div>
      <nav class="views" aria-label="Views">
        {VIEWS.map((item) => (
          <button
            type="button"
            key={item.view}
            class="view-tab"
            aria-current={view === item.view ? 'page' : undefined}
            data-testid={`view-${item.view}`}
            onClick={() => onShow(item.view)}
          >
            {item.label}
          </button>
        ))}
      </nav>
      {connection === 'lost' || connection === 'reconnecting' ? (
        <p class="connection-banner" role="status">
          {CONNECTION_LABEL[connection]}
        </p>
      ) : null}
    </header>
  );
}
