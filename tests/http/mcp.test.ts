import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { PaymentRequired } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { x402Client } from '@x402/fetch';
import { Challenge, Credential, Mcp } from 'mppx';
import { Mppx, tempo } from 'mppx/client';
import { McpClient } from 'mppx/mcp/client';
import { createClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PaidPublicationPost, PublicStockPicksResponse } from '@/lib/api/contracts/paid';
import {
  PublicationDetail,
  PublicationListResponse,
  PublicationSearchResponse,
} from '@/lib/api/contracts/publications';
import { TopicSearchResponse } from '@/lib/api/contracts/search';
import { TickerDetail } from '@/lib/api/contracts/tickers';
import { readPaymentRequired } from '@/lib/mcp/read-payment-required';
import { tempoBalance } from '@/lib/payments/sandbox/balances';
import { tempoChain } from '@/lib/payments/sandbox/chains';
import { createAccount, findPosts, operator, type PostRef, purchasedCents, sandbox, url } from '@/tests/helpers/paid';

// The MCP endpoint with the SDK's own client over Streamable HTTP: every free tool against its REST route, paid tools
// with an API key, with mppx's MCP client on the sandbox's Tempo chain, and with x402 following its MCP transport.
// Payers: MPP 5-7, x402 6 (shared with two-instances, which checks no balance); the pay CLI uses x402 6 and MPP 6.
let posts: Awaited<ReturnType<typeof findPosts>>;
let ready: PostRef;
const clients: Client[] = [];

// As an agent host does: connect, list the tools (the SDK client then validates every structuredContent against the
// tool's output schema, error results included), then call them with the client's own callTool.
async function connect(headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'finpub-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url('/mcp')), { requestInit: { headers } }));
  await client.listTools();
  clients.push(client);
  return client;
}

/** An error result's API error, from the JSON line after its readable first line. */
function apiError(result: ToolResult): { code: string; error: string } {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const text = result.content[0]!.text!;
  return JSON.parse(text.slice(text.indexOf('\n') + 1)) as { code: string; error: string };
}

/** The x402 PaymentRequired of an unpaid result, read as an x402 MCP client reads it. */
function required(result: ToolResult): PaymentRequired {
  const found = readPaymentRequired(result);
  expect(found).not.toBeNull();
  return found!;
}

type ToolResult = {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: Array<{ type: string; text?: string }>;
  _meta?: Record<string, unknown>;
};

const callTool = async (client: Client, name: string, args: Record<string, unknown>, meta?: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args, ...(meta ? { _meta: meta } : {}) })) as ToolResult;

beforeAll(async () => {
  posts = await findPosts();
  ready = posts.ready[0]!;
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

describe('MCP server', () => {
  it('initializes and lists its tools with input and output schemas, prices and annotations', async () => {
    const client = await connect();
    expect(client.getServerVersion()?.name).toBe('financial-publications-research');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'create_watch',
      'delete_watch',
      'get_balance',
      'get_ledger',
      'get_post_summary',
      'get_publication',
      'get_research_brief',
      'get_stock_picks',
      'get_ticker',
      'get_track_record',
      'get_watch',
      'list_publications',
      'list_watches',
      'search_posts',
      'search_publications',
    ]);
    const search = tools.find((t) => t.name === 'search_posts')!;
    expect(search.inputSchema.properties).toMatchObject({
      q: { type: 'string', minLength: 2, maxLength: 500 },
      limit: { type: 'integer', minimum: 1, maximum: 30 },
    });
    expect(search.outputSchema?.properties).toHaveProperty('items');
    expect(search.annotations).toMatchObject({ readOnlyHint: true });
    const summary = tools.find((t) => t.name === 'get_post_summary')!;
    expect(summary.description).toMatch(/PAID: every call costs .*\$0\.10/);
    expect(summary.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
  });

  it('answers every free tool with the REST body as structuredContent', async () => {
    const client = await connect();
    const search = await callTool(client, 'search_posts', { q: 'semiconductors this week', limit: 5, mode: 'fts' });
    expect(search.isError).toBeFalsy();
    const searched = TopicSearchResponse.parse(search.structuredContent);
    const rest = TopicSearchResponse.parse(
      await (await fetch(url('/api/v1/search?q=semiconductors%20this%20week&limit=5&mode=fts'))).json(),
    );
    expect(searched.items.map((i) => i.slug)).toEqual(rest.items.map((i) => i.slug));
    expect(searched.timeWindow?.label).toBe('this_week');
    expect(search.content[0]!.text).toMatch(/^\d+ of \d+ posts/);

    const list = PublicationListResponse.parse((await callTool(client, 'list_publications', {})).structuredContent);
    expect(list).toEqual(await (await fetch(url('/api/v1/publications'))).json());
    const slug = list.publications[0]!.slug;
    const found = await callTool(client, 'search_publications', { q: slug });
    expect(PublicationSearchResponse.parse(found.structuredContent).items[0]!.publicationSlug).toBe(slug);
    const detail = await callTool(client, 'get_publication', { publicationSlug: slug, limit: 3 });
    expect(PublicationDetail.parse(detail.structuredContent)).toEqual(
      await (await fetch(url(`/api/v1/publications/${slug}?limit=3`))).json(),
    );
  });

  it('answers get_ticker with the REST body, and its errors with their codes', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'get_ticker')!;
    expect(tool.inputSchema.properties).toMatchObject({
      ticker: { type: 'string' },
      limit: { type: 'integer', minimum: 1, maximum: 50 },
    });
    expect(tool.annotations).toMatchObject({ readOnlyHint: true });
    const result = await callTool(client, 'get_ticker', { ticker: 'nvda', limit: 3 });
    expect(result.isError).toBeFalsy();
    const detail = TickerDetail.parse(result.structuredContent);
    const rest = TickerDetail.parse(await (await fetch(url('/api/v1/tickers/NVDA?limit=3'))).json());
    expect({ ...detail, asOf: '' }).toEqual({ ...rest, asOf: '' });
    expect(result.content[0]!.text).toMatch(/^NVDA \(.+\)\n- last 7 days: \d+ posts, \d+ calls/);
    expect(apiError(await callTool(client, 'get_ticker', { ticker: 'QQQQZ' })).code).toBe('not_found');
    expect(apiError(await callTool(client, 'get_ticker', { ticker: 'not a ticker' })).code).toBe('invalid_path');
  });

  it('answers bad input and missing things with the API error code, as error results', async () => {
    const client = await connect();
    const missing = await callTool(client, 'get_publication', { publicationSlug: 'no-such-publication.example' });
    expect(apiError(missing).code).toBe('not_found');
    const tooShort = await callTool(client, 'search_posts', { q: 'a' });
    expect(tooShort.isError).toBe(true);
  });

  it('refuses an oversized request body in the API shape', async () => {
    const response = await fetch(url('/mcp'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { padding: 'x'.repeat(100_000) } }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('reads publications as resources', async () => {
    const client = await connect();
    const { resources } = await client.listResources();
    expect(resources.length).toBeGreaterThan(0);
    expect(resources[0]!.uri).toMatch(/^finpub:\/\/publications\//);
    const read = await client.readResource({ uri: resources[0]!.uri });
    const body = PublicationDetail.parse(JSON.parse(String((read.contents[0] as { text: string }).text)));
    expect(`finpub://publications/${body.slug}`).toBe(resources[0]!.uri);
  });
});

describe('MCP over stdio (bin/finpub-mcp.mjs)', () => {
  it('speaks only JSON-RPC on stdout from any directory, shows the price unpaid and pays with FINPUB_API_KEY', async () => {
    const { key } = await createAccount('mcp-stdio@example.com', 10);
    const client = new Client({ name: 'finpub-tests-stdio', version: '1.0.0' });
    // A line on stdout that is not JSON-RPC (npm's banner, a log) reaches the client as a transport error.
    const transportErrors: Error[] = [];
    client.onerror = (error) => transportErrors.push(error);
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [path.resolve('bin/finpub-mcp.mjs'), '--url', url('/')],
        // As a host launches it: another working directory, the key in its environment.
        cwd: tmpdir(),
        env: { ...(process.env as Record<string, string>), FINPUB_API_KEY: key },
        stderr: 'pipe',
      }),
    );
    clients.push(client);
    expect((await client.listTools()).tools).toHaveLength(15);
    const args = { publicationSlug: ready.publicationSlug, postSlug: ready.slug };
    const paid = await callTool(client, 'get_post_summary', args);
    expect(PaidPublicationPost.parse(paid.structuredContent).paymentInfo?.protocol).toBe('credits');
    expect(await purchasedCents('mcp-stdio@example.com')).toBe(0);
    // Out of credits: the error result passes the bridge's own client and this one, and still names the price.
    const unpaid = await callTool(client, 'get_post_summary', args);
    expect(apiError(unpaid).code).toBe('insufficient_credits');
    expect(transportErrors).toEqual([]);
  });

  it('carries the x402 price and the MPP challenges of an unpaid call through the bridge', async () => {
    const client = new Client({ name: 'finpub-tests-stdio-unpaid', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [path.resolve('bin/finpub-mcp.mjs')],
        cwd: tmpdir(),
        env: { ...(process.env as Record<string, string>), FINPUB_URL: url('/') },
        stderr: 'pipe',
      }),
    );
    clients.push(client);
    await client.listTools();
    const unpaid = await callTool(client, 'get_post_summary', {
      publicationSlug: ready.publicationSlug,
      postSlug: ready.slug,
    });
    expect(required(unpaid).accepts[0]).toMatchObject({ amount: '100000' });
    const mpp = unpaid._meta?.[Mcp.paymentRequiredMetaKey] as { challenges: Array<{ method: string }> };
    expect(mpp.challenges.map((c) => c.method)).toContain('tempo');
  });

  it('says which address it could not reach, and how to give another', async () => {
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [path.resolve('bin/finpub-mcp.mjs'), '--url', 'http://127.0.0.1:1'],
        { cwd: tmpdir() },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/cannot reach the finpub service's MCP endpoint at http:\/\/127\.0\.0\.1:1\/mcp/);
    expect(result.stderr).toMatch(/--url/);
  });
});

describe('npm run pay -- --mcp', () => {
  const pay = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/pay.ts', ...args],
        { env: { ...process.env, DATA_DIR: inject('dataDir') } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });

  it('buys a summary over MCP with x402 and with MPP, showing the price first and the receipt after', async () => {
    const x402 = await pay([url(ready.path), '--mcp', '--payer', '6']);
    expect(x402.code, x402.stderr).toBe(0);
    expect(x402.stdout).toContain('TEST MONEY');
    expect(x402.stdout).toMatch(/Unpaid call: error result with the price \(x402 100000 base units/);
    expect(x402.stdout).toContain('"success": true');
    const mpp = await pay([url(ready.path), '--mcp', '--method', 'mpp', '--payer', '6']);
    expect(mpp.code, mpp.stderr).toBe(0);
    expect(mpp.stdout).toContain('"method": "tempo"');
  });
});

describe('MCP discovery', () => {
  it('is named by the server card, llms.txt, OpenAPI and the home page', async () => {
    const card = (await (await fetch(url('/.well-known/mcp.json'))).json()) as {
      remotes: Array<{ type: string; url: string }>;
      tools: Array<{ name: string; paid: boolean; price?: Record<string, unknown> }>;
    };
    expect(card.remotes).toEqual([{ type: 'streamable-http', url: url('/mcp') }]);
    expect(card.tools.filter((t) => t.paid).map((t) => t.name)).toEqual([
      'get_post_summary',
      'get_stock_picks',
      'get_research_brief',
    ]);
    expect(card.tools.find((t) => t.name === 'get_post_summary')!.price).toMatchObject({ defaultUsd: '0.10' });
    expect(await (await fetch(url('/llms.txt'))).text()).toContain(`${url('/mcp')} (Streamable HTTP`);
    const openapi = (await (await fetch(url('/openapi.json'))).json()) as { 'x-mcp': { url: string } };
    expect(openapi['x-mcp'].url).toBe(url('/mcp'));
    expect(await (await fetch(url('/'))).text()).toContain('MCP: add the server to your agent host');
  });
});

describe('paid tools', () => {
  it('offer both wallet protocols in one error result when unpaid, and charge nothing', async () => {
    const client = await connect();
    const result = await callTool(client, 'get_post_summary', {
      publicationSlug: ready.publicationSlug,
      postSlug: ready.slug,
    });
    expect(result.isError).toBe(true);
    // No structuredContent: it would have to match the tool's output schema (the client above checks it).
    expect(result.structuredContent).toBeUndefined();
    const wrapped = JSON.parse(result.content[0]!.text!) as { 'x402/error': { code: number; data: PaymentRequired } };
    expect(wrapped['x402/error']).toMatchObject({ code: 402, data: { x402Version: 2 } });
    expect(required(result).accepts[0]).toMatchObject({ scheme: 'exact', amount: '100000' });
    const mpp = result._meta?.[Mcp.paymentRequiredMetaKey] as { challenges: Array<{ method: string }> };
    expect(mpp.challenges.map((c) => c.method)).toContain('tempo');
  });

  it('never challenge or charge for a missing post or a summary still being written', async () => {
    const client = await connect();
    const notReady = posts.notReady[0]!;
    const pending = await callTool(client, 'get_post_summary', {
      publicationSlug: notReady.publicationSlug,
      postSlug: notReady.slug,
    });
    expect(apiError(pending).code).toBe('summary_not_ready');
    expect(pending.content[0]!.text).toMatch(/^summary_not_ready: .*Retry after \d+ s\./);
    expect(pending._meta?.[Mcp.paymentRequiredMetaKey]).toBeUndefined();
    const missing = await callTool(client, 'get_post_summary', {
      publicationSlug: ready.publicationSlug,
      postSlug: 'no-such-post',
    });
    expect(apiError(missing).code).toBe('not_found');
  });

  it('are paid with the API key of the connection, every call, and refused when credits run out', async () => {
    const email = 'mcp-key@example.com';
    const { key } = await createAccount(email, 25);
    const client = await connect({ authorization: `Bearer ${key}` });
    const args = { publicationSlug: ready.publicationSlug, postSlug: ready.slug };
    for (const expected of [15, 5]) {
      const paid = await callTool(client, 'get_post_summary', args);
      expect(paid.isError).toBeFalsy();
      const post = PaidPublicationPost.parse(paid.structuredContent);
      expect(post.paymentInfo).toEqual({ amountUsd: '0.10', protocol: 'credits', spendSource: 'purchased' });
      expect(await purchasedCents(email)).toBe(expected);
    }
    const empty = await callTool(client, 'get_post_summary', args);
    expect(apiError(empty).code).toBe('insufficient_credits');
    expect(await purchasedCents(email)).toBe(5);
    expect(JSON.stringify(empty)).not.toContain(key);
  });

  it('are paid by a session token from the weekly allowance first', async () => {
    const email = 'mcp-session@example.com';
    await operator('users create', { email });
    const { token } = await operator<{ token: string }>('session-token', { email });
    const client = await connect({ authorization: `Bearer ${token}` });
    const paid = await callTool(client, 'get_stock_picks', { limit: 1 });
    expect(paid.isError).toBeFalsy();
    expect(PublicStockPicksResponse.parse(paid.structuredContent).count).toBe(1);
    expect(paid._meta?.['finpub/payment']).toEqual({ amountUsd: '0.10', protocol: 'credits' });
    const summary = await callTool(client, 'get_post_summary', {
      publicationSlug: ready.publicationSlug,
      postSlug: ready.slug,
    });
    expect(PaidPublicationPost.parse(summary.structuredContent).paymentInfo).toEqual({
      amountUsd: '0.10',
      protocol: 'credits',
      spendSource: 'sponsored',
    });
    const balance = await operator<{ allowance: { remainingCents: number; limitCents: number } }>('balance', { email });
    expect(balance.allowance.limitCents - balance.allowance.remainingCents).toBe(20);
  });

  it("sell a ticker's stock picks of the last N days with an API key, at the REST route's price", async () => {
    const { key } = await createAccount('mcp-ticker-picks@example.com', 1000);
    const client = await connect({ authorization: `Bearer ${key}` });
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'get_stock_picks')!.inputSchema.properties).toMatchObject({
      ticker: { type: 'string' },
      days: { type: 'integer', minimum: 1, maximum: 90 },
    });
    const paid = await callTool(client, 'get_stock_picks', { ticker: 'NVDA', days: 90, limit: 5 });
    expect(paid.isError).toBeFalsy();
    const picks = PublicStockPicksResponse.parse(paid.structuredContent);
    expect(picks.items.length).toBeGreaterThan(0);
    expect(picks.items.every((pick) => pick.ticker === 'NVDA')).toBe(true);
    expect(picks.startDate < picks.endDate).toBe(true);
    const articles = new Set(picks.items.map((pick) => `${pick.publicationSlug}/${pick.postSlug}`)).size;
    expect(paid._meta?.['finpub/payment']).toEqual({ amountUsd: (articles * 0.1).toFixed(2), protocol: 'credits' });
    expect(await purchasedCents('mcp-ticker-picks@example.com')).toBe(1000 - articles * 10);
    const both = await callTool(client, 'get_stock_picks', { date: picks.endDate, days: 7 });
    expect(apiError(both).code).toBe('invalid_query');
    expect(await purchasedCents('mcp-ticker-picks@example.com')).toBe(1000 - articles * 10);
  });

  it("sell a day's stock picks with an API key, MPP and x402 too", async () => {
    const { key } = await createAccount('mcp-picks@example.com', 10);
    const withKey = await callTool(await connect({ authorization: `Bearer ${key}` }), 'get_stock_picks', { limit: 1 });
    expect(withKey._meta?.['finpub/payment']).toEqual({ amountUsd: '0.10', protocol: 'credits' });
    expect(await purchasedCents('mcp-picks@example.com')).toBe(0);

    const config = sandbox().mpp;
    const account = privateKeyToAccount(config.payerPrivateKeys[7]!);
    const chainClient = createClient({ chain: tempoChain(config.rpcUrl), transport: http(config.rpcUrl) });
    const paying = McpClient.wrap(await connect(), {
      methods: [tempo.charge({ account, getClient: () => chainClient })],
    });
    const withMpp = (await paying.callTool({ name: 'get_stock_picks', arguments: { limit: 1 } })) as ToolResult & {
      receipt?: { method: string };
    };
    expect(withMpp._meta?.['finpub/payment']).toEqual({ amountUsd: '0.10', protocol: 'mpp' });
    expect(withMpp.receipt).toMatchObject({ method: 'tempo' });

    const payer = new x402Client().register(
      'eip155:*',
      new ExactEvmScheme(privateKeyToAccount(sandbox().x402.payerPrivateKeys[6]!)),
    );
    const client = await connect();
    const unpaid = await callTool(client, 'get_stock_picks', { limit: 1 });
    const payload = await payer.createPaymentPayload(required(unpaid));
    const withX402 = await callTool(client, 'get_stock_picks', { limit: 1 }, { 'x402/payment': payload });
    expect(PublicStockPicksResponse.parse(withX402.structuredContent).count).toBe(1);
    expect(withX402._meta?.['x402/payment-response']).toMatchObject({ success: true });
  });

  it("are paid by mppx's MCP client on the Tempo chain, with a receipt, and a replayed credential is refused", async () => {
    const config = sandbox().mpp;
    const account = privateKeyToAccount(config.payerPrivateKeys[5]!);
    const chainClient = createClient({ chain: tempoChain(config.rpcUrl), transport: http(config.rpcUrl) });
    const before = await tempoBalance(sandbox(), config.recipient);
    const client = await connect();
    const paying = McpClient.wrap(client, { methods: [tempo.charge({ account, getClient: () => chainClient })] });
    const args = { publicationSlug: ready.publicationSlug, postSlug: ready.slug };
    const result = (await paying.callTool({ name: 'get_post_summary', arguments: args })) as ToolResult & {
      receipt?: { method: string; status: string; reference: string };
    };
    expect(result.isError).toBeFalsy();
    expect(PaidPublicationPost.parse(result.structuredContent).paymentInfo).toEqual({
      amountUsd: '0.10',
      protocol: 'mpp',
    });
    expect(result.receipt).toMatchObject({ method: 'tempo', status: 'success' });
    expect(await tempoBalance(sandbox(), config.recipient)).toBe(before + 100_000n);

    // The same credential again (a replay of the paid call) is refused with a fresh challenge. (A plain client: the
    // wrapped one would pay the challenge by itself.)
    const plain = await connect();
    const challenge = await callTool(plain, 'get_post_summary', args);
    const offered = challenge._meta?.[Mcp.paymentRequiredMetaKey] as { challenges: Challenge.Challenge[] };
    const mppx = Mppx.create({ polyfill: false, methods: [tempo.charge({ account, getClient: () => chainClient })] });
    const header = Challenge.serialize(offered.challenges.find((c) => c.method === 'tempo')!);
    const credential = Credential.deserialize(
      await mppx.createCredential(new Response(null, { status: 402, headers: { 'www-authenticate': header } })),
    );
    const first = await callTool(plain, 'get_post_summary', args, { [Mcp.credentialMetaKey]: credential });
    expect(first.isError).toBeFalsy();
    expect(first._meta?.[Mcp.receiptMetaKey]).toMatchObject({ method: 'tempo', status: 'success' });
    const replay = await callTool(plain, 'get_post_summary', args, { [Mcp.credentialMetaKey]: credential });
    expect(replay.isError).toBe(true);
    expect(replay._meta?.[Mcp.paymentRequiredMetaKey]).toBeDefined();
  });

  it('are paid with x402 over its MCP transport: settled after the content, with the settlement in _meta', async () => {
    const account = privateKeyToAccount(sandbox().x402.payerPrivateKeys[6]!);
    const payer = new x402Client().register('eip155:*', new ExactEvmScheme(account));
    const client = await connect();
    const args = { publicationSlug: ready.publicationSlug, postSlug: ready.slug };
    const unpaid = await callTool(client, 'get_post_summary', args);
    const payload = await payer.createPaymentPayload(required(unpaid));
    const paid = await callTool(client, 'get_post_summary', args, { 'x402/payment': payload });
    expect(paid.isError).toBeFalsy();
    expect(PaidPublicationPost.parse(paid.structuredContent).paymentInfo).toEqual({
      amountUsd: '0.10',
      protocol: 'x402',
    });
    expect(paid._meta?.['x402/payment-response']).toMatchObject({ success: true, payer: account.address });
    const replay = await callTool(client, 'get_post_summary', args, { 'x402/payment': payload });
    expect(replay.isError).toBe(true);
    expect(required(replay).error).toMatch(/already been used/);
  });
});
