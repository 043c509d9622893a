// Listing the bridge's tools starts no browser and waits for no driver: the session is asked to
// prepare (load its driver) only once the list has gone to the client. The real MCP server and
// client, over the SDK's in-memory transport.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { createBridgeServer } from '../../bridge/server/server';
import { allTools } from '../../bridge/tools/tool-set';

describe('the bridge lists its tools before it prepares a browser', () => {
  it('asks the session to prepare after the list is answered, and starts no browser', async () => {
    const events: string[] = [];
    const session = {
      use: async () => {
        events.push('browser');
        throw new Error('no browser here');
      },
      prepare: () => void events.push('prepare'),
    };
    const tools = allTools({ pageActions: [], capabilities: [], allowHttpOnly: [] });
    const server = createBridgeServer({ session, tools, version: '0.0.0', log: () => undefined, questionTimeoutMs: 0 });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(clientSide);

    const listed = await client.listTools();
    events.push('listed');
    expect(listed.tools.length).toBe(tools.length);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['listed', 'prepare']);
    await client.close();
  });
});
