import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { ConnectionStatus, View } from '../state';
import { t } from '../../src/i18n';
import { HeaderActions } from './HeaderActions';
import { Icon } from './Icon';

const CONNECTION_LABEL: Record<ConnectionStatus, string> = {
  connecting: t('connection_connecting'),
  connected: t('connection_connected'),
  reconnecting: t('connection_reconnecting'),
  lost: t('connection_lost'),
};
/** The views used while working, always in the bar; the rest wait in the More menu; Settings behind the gear. */
const PRIMARY: { view: View; label: string }[] = [
  { view: 'chat', label: t('view_chat') },
  { view: 'research', label: t('view_research') },
  { view: 'library', label: t('view_library') },
];
const MORE: { view: View; label: string }[] = [
  { view: 'history', label: t('view_history') },
  { view: 'permissions', label: t('view_permissions') },
  { view: 'log', label: t('view_log') },
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
      <div class="header-row">
        <h1 class="title">{t('extension_name')}</h1>
        <span
          class={`connection connection--${connection}`}
          data-testid="connection"
          title={CONNECTION_LABEL[connection]}
        >
          <span class="visually-hidden">{CONNECTION_LABEL[connection]}</span>
        </span>
        <HeaderActions view={view} canClear={canClear} onShow={onShow} onClear={onClear} onNew={onNew} />
      </div>
      <nav class="views" aria-label={t('views_label')}>
        {PRIMARY.map((item) => (
          <ViewTab key={item.view} item={item} current={view} onShow={onShow} />
        ))}
        <MoreViews current={view} onShow={onShow} />
      </nav>
      {connection === 'lost' || connection === 'reconnecting' ? (
        <p class="connection-banner" role="status">
          {CONNECTION_LABEL[connection]}
        </p>
      ) : null}
    </header>
  );
}

function ViewTab({
  item,
  current,
  onShow,
}: {
  item: { view: View; label: string };
  current: View;
  onShow(view: View): void;
}) {
  return (
    <button
      type="button"
      class="view-tab"
      aria-current={current === item.view ? 'page' : undefined}
      data-testid={`view-${item.view}`}
      onClick={() => onShow(item.view)}
    >
      {item.label}
    </button>
  );
}

/** A disclosure, not an ARIA menu: its entries are plain buttons in the tab order, closed by Escape or a click elsewhere. */
function MoreViews({ current, onShow }: { current: View; onShow(view: View): void }) {
  const open = useSignal(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open.value) return;
    const away = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) open.value = false;
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open.value]);
  // Underlined like a tab while one of its views is shown; the view's own heading names it.
  const inside = MORE.some((item) => item.view === current);
  return (
    <div
      class="views-more"
      ref={root}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open.value) return;
        event.preventDefault();
        open.value = false;
      }}
    >
      <button
        type="button"
        class={`view-tab${inside ? ' view-tab--current' : ''}`}
        aria-expanded={open.value}
        aria-controls="views-more-list"
        data-testid="views-more"
        onClick={() => (open.value = !open.value)}
      >
        {t('view_more')} <Icon name="more" />
      </button>
      <div id="views-more-list" class="views-more-list" hidden={!open.value} data-testid="views-more-list">
        {MORE.map((item) => (
          <ViewTab
            key={item.view}
            item={item}
            current={current}
            onShow={(view) => {
              open.value = false;
              onShow(view);
            }}
          />
        ))}
      </div>
    </div>
  );
}
