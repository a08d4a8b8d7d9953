/**
 * The service's MCP tools over stdio, for hosts that launch local servers: `node bin/finpub-mcp.mjs [--url URL]` (or
 * `npm run --silent mcp -- --url URL`). It forwards to the running service's /mcp. Pays with FINPUB_API_KEY (an API
 * key or session token) when set; wallet payments pass through in the calls' `_meta`. The service's address: --url,
 * else FINPUB_URL, else the running embedded service (DATA_DIR/operator.json), else http://localhost:3000.
 * stdout carries JSON-RPC only; everything for people goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { env } from '@/lib/env';
import { serveStdioBridge } from '@/lib/mcp/stdio-bridge';
import { readServiceFile } from '@/lib/operator/service-file';

function serviceUrl(argv: string[]): string {
  const flag = argv.indexOf('--url');
  if (flag >= 0) {
    const value = argv[flag + 1];
    if (!value || !URL.canParse(value))
      throw new Error(`--url needs the service's address, e.g. --url http://localhost:3000`);
    return value;
  }
  return process.env.FINPUB_URL || readServiceFile(env().DATA_DIR)?.url || 'http://localhost:3000';
}

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${message}${cause}`;
}

async function main() {
  const url = serviceUrl(process.argv.slice(2));
  try {
    await serveStdioBridge({
      serviceUrl: url,
      bearer: process.env.FINPUB_API_KEY || undefined,
      transport: new StdioServerTransport(),
    });
  } catch (error) {
    throw new Error(
      `cannot reach the finpub service's MCP endpoint at ${new URL('/mcp', url)}: ${reason(error)}. ` +
        'Start the service (npm start) or pass its address with --url (or FINPUB_URL).',
    );
  }
  console.error(`finpub MCP over stdio, forwarding to ${new URL('/mcp', url)}`);
}

main().catch((error: unknown) => {
  console.error(`finpub-mcp: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
