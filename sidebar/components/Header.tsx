import type { ConnectionStatus, View } from '../state';
import { cycleTheme, theme } from '../theme';
import { t } from '../../src/i18n';

const CONNECTION_LABEL: Record<ConnectionStatus, string> = {
  connecting: t('connection_connecting'),
  connected: t('connection_connected'),
  reconnecting: t('connection_reconnecting'),
  lost: t('connection_lost'),
};
const VIEWS: { view: View; label: string }[] = [
  { view: 'chat', label: t('view_chat') },
  { view: 'history', label: t('view_history') },
  { view: 'library', label: t('view_library') },
  { view: 'research', label: t('view_research') },
  { view: 'permissions', label: t('view_permissions') },
  { view: 'log', label: t('view_log') },
  { view: 'settings', label: t('view_settings') },
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
      <h1 class="title">{t('extension_name')}</h1>
      <span class={`connection connection--${connection}`} data-testid="connection" title={CONNECTION_LABEL[connection]}>
        <span class="visually-hidden">{CONNECTION_LABEL[connection]}</span>
      </span>
      <div class="header-actions">
        {view === 'chat' ? (
          <>
            <button type="button" class="icon-button" onClick={onNew} disabled={!canClear} data-testid="new-conversation" title={t('conversation_new_title')}>
              {t('conversation_new')}
            </button>
            <button type="button" class="icon-button" onClick={onClear} disabled={!canClear} data-testid="clear" title={t('conversation_clear_title')}>
              {t('conversation_clear')}
            </button>
          </>
        ) : null}
        <button type="button" class="icon-button" onClick={cycleTheme} data-testid="theme" title={t('theme_title')}>
          {theme.value === 'system' ? t('theme_system') : theme.value === 'light' ? t('theme_light') : t('theme_dark')}
        </button>
      </div>
      <nav class="views" aria-label={t('views_label')}>
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
