import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_PATH, MCP_SERVER_NAME } from './discovery';

/**
 * The service's MCP server for hosts that start local servers over stdio: every request is passed to the running
 * service's /mcp (the one server, with its payments, limits and records), and every answer, `_meta` included, comes
 * back unchanged. An API key or session token, when given, goes as the connection's Authorization header.
 */
export async function serveStdioBridge(options: {
  serviceUrl: string;
  bearer?: string;
  transport: Transport;
}): Promise<{ close(): Promise<void> }> {
  const upstream = new Client({ name: 'finpub-stdio-bridge', version: '1.0.0' });
  await upstream.connect(
    new StreamableHTTPClientTransport(new URL(MCP_PATH, options.serviceUrl), {
      requestInit: options.bearer ? { headers: { authorization: `Bearer ${options.bearer}` } } : {},
    }),
  );
  const info = upstream.getServerVersion() ?? { name: MCP_SERVER_NAME, version: '1.0.0' };
  const server = new Server(info, {
    capabilities: { tools: {}, resources: {} },
    instructions: upstream.getInstructions(),
  });
  server.setRequestHandler(ListToolsRequestSchema, (request) => upstream.listTools(request.params));
  server.setRequestHandler(CallToolRequestSchema, (request) => upstream.callTool(request.params));
  server.setRequestHandler(ListResourcesRequestSchema, (request) => upstream.listResources(request.params));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (request) =>
    upstream.listResourceTemplates(request.params),
  );
  server.setRequestHandler(ReadResourceRequestSchema, (request) => upstream.readResource(request.params));
  await server.connect(options.transport);
  return {
    async close() {
      await server.close();
      await upstream.close();
    },
  };
}
