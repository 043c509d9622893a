import type { View } from '../state';
import { cycleTheme, theme } from '../theme';
import { t } from '../../src/i18n';
import { Icon } from './Icon';

const THEME = {
  system: { icon: 'auto', label: t('theme_system') },
  light: { icon: 'sun', label: t('theme_light') },
  dark: { icon: 'moon', label: t('theme_dark') },
} as const;

interface HeaderActionsProps {
  view: View;
  canClear: boolean;
  onShow(view: View): void;
  onClear(): void;
  onNew(): void;
}

/** The header's buttons: in the chat a new conversation and clear; everywhere the theme and Settings. */
export function HeaderActions({ view, canClear, onShow, onClear, onNew }: HeaderActionsProps) {
  const current = THEME[theme.value];
  return (
    <div class="header-actions">
      {view === 'chat' ? (
        <>
          <button
            type="button"
            class="icon-button"
            onClick={onNew}
            disabled={!canClear}
            data-testid="new-conversation"
            title={t('conversation_new_title')}
          >
            <Icon name="plus" />
            <span class="visually-hidden">{t('conversation_new')}</span>
          </button>
          <button
            type="button"
            class="icon-button"
            onClick={onClear}
            disabled={!canClear}
            data-testid="clear"
            title={t('conversation_clear_title')}
          >
            <Icon name="trash" />
            <span class="visually-hidden">{t('conversation_clear')}</span>
          </button>
        </>
      ) : null}
      <button type="button" class="icon-button" onClick={cycleTheme} data-testid="theme" title={t('theme_title')}>
        <Icon name={current.icon} /> <span class="visually-hidden">{t('theme_label')}</span>
        {current.label}
      </button>
      <button
        type="button"
        class="icon-button"
        onClick={() => onShow('settings')}
        aria-current={view === 'settings' ? 'page' : undefined}
        data-testid="view-settings"
        title={t('view_settings')}
      >
        <Icon name="gear" />
        <span class="visually-hidden">{t('view_settings')}</span>
      </button>
    </div>
  );
}
