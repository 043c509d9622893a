import { t } from '../../src/i18n';

/** The MCP clients attached to this browser, each with Disconnect; nothing when there are none. */
export function AgentClients({
  clients,
  onDisconnect,
}: {
  clients: readonly { id: string; name: string }[];
  onDisconnect(id: string): void;
}) {
  if (clients.length === 0) return null;
  return (
    <ul class="agent-clients" data-testid="agent-clients" aria-live="polite">
      {clients.map((client) => (
        <li key={client.id} data-testid="agent-client">
          <span>{t('agents_connected', client.name)}</span>
          <button type="button" class="secondary" onClick={() => onDisconnect(client.id)}>
            {t('agents_disconnect')}
          </button>
        </li>
      ))}
    </ul>
  );
}
