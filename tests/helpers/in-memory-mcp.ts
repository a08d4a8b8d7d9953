import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { buildMcpServer } from '@/app/mcp/server';
import type { PaymentSetup } from '@/lib/payments/setup';

/**
 * The official MCP client connected in memory to this process's MCP server, as a host on a connection with this
 * Authorization header (null: none) would be; tools call the routes in process, on the test's app context.
 */
export async function connectInMemoryMcp(
  authorization: string | null,
  prices: PaymentSetup['prices'],
  name = 'in-memory-test',
): Promise<Client> {
  const server = buildMcpServer({
    origin: 'http://localhost',
    clientIp: '127.0.0.1',
    requestId: null,
    authorization,
    prices,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(clientSide);
  await client.listTools();
  return client;
}
