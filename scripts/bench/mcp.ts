import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RunningService } from '@/tests/helpers/service';
import { readyPostPath } from '@/tests/helpers/service-posts';
import { percentile } from './load';
import { operator } from './payments';

export interface McpBenchRow {
  name: string;
  clients: number;
  calls: number;
  restP50: number;
  restP95: number;
  mcpP50: number;
  mcpP95: number;
}

const CALLS_PER_CLIENT = 60;

async function timed(calls: number, once: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  return times;
}

const sortedP = (times: number[], p: number) =>
  percentile(
    [...times].sort((a, b) => a - b),
    p,
  );

/**
 * MCP against REST for the same work: `search_posts` against GET /api/v1/search, and a credit-paid `get_post_summary`
 * against the paid GET, from 1 and 10 concurrent clients (each MCP client connected once, then one POST per call).
 * The difference is what the MCP envelope costs: JSON-RPC, the per-request stateless server, the in-process call.
 */
export async function benchMcp(service: RunningService, concurrencies: number[]): Promise<McpBenchRow[]> {
  const post = await readyPostPath(service.url);
  const [publicationSlug, postSlug] = post.split('/').slice(4);
  await operator(service, 'users create', { email: 'mcp-bench@example.com' });
  const { key } = (await operator(service, 'keys create', { email: 'mcp-bench@example.com' })) as { key: string };
  await operator(service, 'credits grant', { email: 'mcp-bench@example.com', cents: 10_000_000 });
  const headers = { authorization: `Bearer ${key}` };
  const query = { q: 'semiconductors this week', limit: 10, mode: 'fts' };
  const cases = [
    {
      name: 'search_posts (free)',
      rest: () => fetch(`${service.url}/api/v1/search?${new URLSearchParams({ ...query, limit: '10' })}`),
      tool: { name: 'search_posts', arguments: query },
    },
    {
      name: 'get_post_summary (credits)',
      rest: () => fetch(`${service.url}${post}`, { headers }),
      tool: { name: 'get_post_summary', arguments: { publicationSlug, postSlug } },
    },
  ];

  const rows: McpBenchRow[] = [];
  for (const c of cases) {
    for (const clients of concurrencies) {
      const mcpClients = await Promise.all(
        Array.from({ length: clients }, async () => {
          const client = new Client({ name: 'bench', version: '1.0.0' });
          await client.connect(
            new StreamableHTTPClientTransport(new URL('/mcp', service.url), { requestInit: { headers } }),
          );
          return client;
        }),
      );
      const rest = async () => {
        const response = await c.rest();
        if (!response.ok) throw new Error(`${c.name}: REST answered ${response.status}`);
        await response.arrayBuffer();
      };
      const mcp = (client: Client) => async () => {
        const result = (await client.callTool(c.tool)) as { isError?: boolean };
        if (result.isError) throw new Error(`${c.name}: the tool answered an error`);
      };
      // Warm-up, then REST and MCP measured in turn at the same concurrency.
      await Promise.all(mcpClients.map((client) => timed(5, mcp(client))));
      const restTimes = (await Promise.all(mcpClients.map(() => timed(CALLS_PER_CLIENT, rest)))).flat();
      const mcpTimes = (await Promise.all(mcpClients.map((client) => timed(CALLS_PER_CLIENT, mcp(client))))).flat();
      await Promise.all(mcpClients.map((client) => client.close()));
      const row = {
        name: c.name,
        clients,
        calls: mcpTimes.length,
        restP50: sortedP(restTimes, 50),
        restP95: sortedP(restTimes, 95),
        mcpP50: sortedP(mcpTimes, 50),
        mcpP95: sortedP(mcpTimes, 95),
      };
      rows.push(row);
      console.log(
        `  mcp: ${c.name.padEnd(28)} clients=${String(clients).padEnd(3)} REST p50 ${row.restP50.toFixed(1)} / p95 ${row.restP95.toFixed(1)} ms; ` +
          `MCP p50 ${row.mcpP50.toFixed(1)} / p95 ${row.mcpP95.toFixed(1)} ms; MCP adds ${(row.mcpP50 - row.restP50).toFixed(1)} ms at p50`,
      );
    }
  }
  return rows;
}
