import type { ConnectionStatus } from '../state';
import { cycleTheme, theme } from '../theme';

const CONNECTION_LABEL: Record<ConnectionStatus, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  lost: 'Bosun was updated or removed. Close and reopen this panel.',
};

interface HeaderProps {
  connection: ConnectionStatus;
  settingsOpen: boolean;
  canClear: boolean;
  onToggleSettings(): void;
  onClear(): void;
}

export function Header({ connection, settingsOpen, canClear, onToggleSettings, onClear }: HeaderProps) {
  return (
    <header class="header">
      <h1 class="title">Bosun</h1>
      <span class={`connection connection--${connection}`} data-testid="connection" title={CONNECTION_LABEL[connection]}>
        <span class="visually-hidden">{CONNECTION_LABEL[connection]}</span>
      </span>
      <div class="header-actions">
        <button type="button" class="icon-button" onClick={onClear} disabled={!canClear} data-testid="clear" title="Clear the conversation">
          Clear
        </button>
        <button type="button" class="icon-button" onClick={cycleTheme} data-testid="theme" title="Theme: system, light or dark">
          {theme.value === 'system' ? 'Auto' : theme.value === 'light' ? 'Light' : 'Dark'}
        </button>
        <button
          type="button"
          class="icon-button"
          onClick={onToggleSettings}
          aria-pressed={settingsOpen}
          data-testid="settings-toggle"
        >
          {settingsOpen ? 'Chat' : 'Settings'}
        </button>
      </div>
      {connection === 'lost' || connection === 'reconnecting' ? (
        <p class="connection-banner" role="status">
          {CONNECTION_LABEL[connection]}
        </p>
      ) : null}
    </header>
  );
}
