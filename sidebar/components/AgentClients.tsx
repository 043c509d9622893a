import { t } from '../../src/i18n';

/**
 * The MCP clients attached to this browser, each with "Share this tab with the agent" (the tab the
 * person is looking at), the tabs shared with it and "Stop sharing", and Disconnect; nothing when
 * there are none.
 */
export function AgentClients({
  clients,
  onShare,
  onStopSharing,
  onDisconnect,
}: {
  clients: readonly { id: string; name: string; shared: readonly { tabId: number; title: string }[] }[];
  onShare(id: string): void;
  onStopSharing(id: string): void;
  onDisconnect(id: string): void;
}) {
  if (clients.length === 0) return null;
  return (
    <ul class="agent-clients" data-testid="agent-clients" aria-live="polite">
      {clients.map((client) => (
        <li key={client.id} data-testid="agent-client">
          <span>{t('agents_connected', client.name)}</span>
          {client.shared.map((tab) => (
            <span key={tab.tabId} data-testid="agent-shared-tab">
              {t('agents_sharing', tab.title)}
            </span>
          ))}
          <button type="button" class="secondary" data-testid="agent-share" onClick={() => onShare(client.id)}>
            {t('agents_share')}
          </button>
          {client.shared.length > 0 ? (
            <button
              type="button"
              class="secondary"
              data-testid="agent-stop-sharing"
              onClick={() => onStopSharing(client.id)}
            >
              {t('agents_stop_sharing')}
            </button>
          ) : null}
          <button
            type="button"
            class="secondary"
            data-testid="agent-disconnect"
            onClick={() => onDisconnect(client.id)}
          >
            {t('agents_disconnect')}
          </button>
        </li>
      ))}
    </ul>
  );
}
