/**
 * `npm run mcp [-- --url http://localhost:3000]`: the service's MCP tools over stdio, for hosts that launch local
 * servers. It forwards to the running service's /mcp. Pays with FINPUB_API_KEY (an API key or session token) when set;
 * wallet payments pass through in the calls' `_meta`. The service's address: --url, else the running embedded
 * service (DATA_DIR/operator.json), else http://localhost:3000.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { env } from '@/lib/env';
import { serveStdioBridge } from '@/lib/mcp/stdio-bridge';
import { readServiceFile } from '@/lib/operator/service-file';

function serviceUrl(argv: string[]): string {
  const flag = argv.indexOf('--url');
  if (flag >= 0 && argv[flag + 1]) return argv[flag + 1]!;
  return readServiceFile(env().DATA_DIR)?.url ?? 'http://localhost:3000';
}

async function main() {
  const url = serviceUrl(process.argv.slice(2));
  await serveStdioBridge({
    serviceUrl: url,
    bearer: process.env.FINPUB_API_KEY || undefined,
    transport: new StdioServerTransport(),
  });
  // stdout carries the protocol; anything for people goes to stderr.
  console.error(`finpub MCP over stdio, forwarding to ${url}/mcp`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
