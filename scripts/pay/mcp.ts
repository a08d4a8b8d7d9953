import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpClient } from 'mppx/mcp/client';
import { MCP_PATH } from '@/lib/mcp/discovery';
import { readPaymentRequired } from '@/lib/mcp/read-payment-required';
import { type PayMethod, UsageError } from './args';
import { tempoChargeFor, x402ClientFor } from './clients';
import type { Payer } from './payer';

type ToolResult = {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content?: Array<{ type: string; text?: string }>;
  _meta?: Record<string, unknown>;
  receipt?: unknown;
};

/** The MCP tool call that buys what a paid REST URL sells. */
export function toolCallFor(url: URL): { name: string; arguments: Record<string, unknown> } {
  const post = /^\/api\/v1\/publications\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  if (post) {
    return {
      name: 'get_post_summary',
      arguments: { publicationSlug: decodeURIComponent(post[1]!), postSlug: decodeURIComponent(post[2]!) },
    };
  }
  if (url.pathname === '/api/v1/stock-picks') {
    const args: Record<string, unknown> = {};
    const date = url.searchParams.get('date');
    const limit = url.searchParams.get('limit');
    if (date) args.date = date;
    if (limit) args.limit = Number(limit);
    return { name: 'get_stock_picks', arguments: args };
  }
  throw new UsageError(`--mcp pays a post (/api/v1/publications/{pub}/{post}) or stock picks, not ${url.pathname}`);
}

/**
 * `npm run pay -- --mcp <url>`: the same purchase over the service's MCP server. The first call is unpaid and shows
 * the price the error result carries; then x402 answers with `_meta["x402/payment"]`, or mppx's MCP client pays the
 * MPP challenge by itself. Prints the settlement or receipt and the tool's text.
 */
export async function payOverMcp(
  url: URL,
  method: PayMethod,
  payer: Payer,
  maxAmountUsd: string | null = null,
): Promise<number> {
  const call = toolCallFor(url);
  const client = new Client({ name: 'finpub-pay', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(MCP_PATH, url.origin)));
  try {
    console.log(
      payer.testMoney
        ? `TEST MONEY: paying with ${method} over MCP from the local payment sandbox (${payer.source}); nothing here has real value.`
        : `Paying with ${method} over MCP from ${payer.source}: this key may hold REAL money.`,
    );
    console.log(`MCP ${url.origin}${MCP_PATH}: tools/call ${call.name} ${JSON.stringify(call.arguments)}`);
    const unpaid = (await client.callTool(call)) as ToolResult;
    if (!unpaid.isError) {
      console.log('Answered without payment (free?):');
      console.log(unpaid.content?.[0]?.text ?? '');
      return 0;
    }
    const required = readPaymentRequired(unpaid);
    const offer = required?.accepts?.[0];
    console.log(
      offer
        ? `Unpaid call: error result with the price (x402 ${offer.amount} base units on ${offer.network}) and MPP challenges`
        : `Unpaid call: ${unpaid.content?.[0]?.text ?? 'error result'}`,
    );

    let paid: ToolResult;
    if (method === 'x402') {
      if (!required?.accepts) throw new Error('the service offers no x402 payment over MCP');
      const payload = await x402ClientFor(payer, maxAmountUsd).createPaymentPayload(required);
      paid = (await client.callTool({ ...call, _meta: { 'x402/payment': payload } })) as ToolResult;
      console.log(`x402/payment-response: ${JSON.stringify(paid._meta?.['x402/payment-response'] ?? null, null, 2)}`);
    } else {
      const paying = McpClient.wrap(client, { methods: [await tempoChargeFor(payer)] });
      paid = (await paying.callTool(call)) as ToolResult;
      console.log(`org.paymentauth/receipt: ${JSON.stringify(paid.receipt ?? null, null, 2)}`);
    }
    if (paid.isError) {
      console.error(`The tool answered an error: ${paid.content?.[0]?.text ?? 'no text'}`);
      return 1;
    }
    console.log(paid.content?.[0]?.text ?? '');
    return 0;
  } finally {
    await client.close();
  }
}
