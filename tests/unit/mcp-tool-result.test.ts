import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { encodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import { Mcp } from 'mppx';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TopicSearchQuery } from '@/lib/api/contracts/search';
import { paymentHeadersFromMeta } from '@/lib/mcp/payment-meta';
import { readPaymentRequired } from '@/lib/mcp/read-payment-required';
import { toolInputFromContract, toQueryString } from '@/lib/mcp/tool-input';
import { toolResultFromResponse } from '@/lib/mcp/tool-result';

const required: PaymentRequired = {
  x402Version: 2,
  error: 'Payment required',
  resource: { url: 'http://localhost/api/v1/publications/a.example/post', description: 'A post', mimeType: '' },
  accepts: [
    {
      scheme: 'exact',
      network: 'eip155:84532',
      amount: '100000',
      asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
      payTo: '0x209693Bc6afc0C5328bA36FaF03C514EF312287C',
      maxTimeoutSeconds: 60,
      extra: { name: 'USDC', version: '2' },
    },
  ],
};

describe('REST answers as MCP tool results', () => {
  it('turns a failed x402 settlement into an error result carrying the settlement, as the MCP transport says', async () => {
    const response = new Response(JSON.stringify({ detail: 'Payment settlement failed: insufficient_funds' }), {
      status: 402,
      headers: {
        'payment-required': encodePaymentRequiredHeader(required),
        'payment-response': encodePaymentResponseHeader({
          success: false,
          errorReason: 'insufficient_funds',
          transaction: '',
          network: 'eip155:84532',
        }),
      },
    });
    const result = await toolResultFromResponse(response, () => '');
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const text = JSON.parse((result.content[0] as { text: string }).text) as { 'x402/error': { code: number } };
    expect(text['x402/error'].code).toBe(402);
    expect(readPaymentRequired(result)).toMatchObject({
      x402Version: 2,
      'x402/payment-response': { success: false, errorReason: 'insufficient_funds' },
    });
    expect(result._meta?.[Mcp.paymentRequiredMetaKey]).toBeUndefined();
  });

  it('keeps the API error code and Retry-After on other failures', async () => {
    const response = Response.json(
      { error: 'Too many requests', code: 'rate_limited' },
      { status: 429, headers: { 'retry-after': '7' } },
    );
    const result = await toolResultFromResponse(response, () => '');
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const [line, json] = (result.content[0] as { text: string }).text.split('\n');
    expect(line).toBe('rate_limited: Too many requests Retry after 7 s.');
    expect(JSON.parse(json!)).toEqual({ error: 'Too many requests', code: 'rate_limited', retryAfterSeconds: 7 });
  });

  it("carries a search answer's count of posts waiting for indexing in _meta, the body left as the REST body", async () => {
    const body = { count: 0, items: [] };
    const waiting = await toolResultFromResponse(
      Response.json(body, { headers: { 'X-Search-Index-Pending': '12' } }),
      () => '',
    );
    expect(waiting.structuredContent).toEqual(body);
    expect(waiting._meta).toEqual({ 'finpub/search-index': { pendingPosts: 12 } });
    const indexed = await toolResultFromResponse(Response.json(body), () => '');
    expect(indexed._meta).toBeUndefined();
  });

  it('maps payment metadata to the headers the paid route reads, and nothing else', () => {
    expect(paymentHeadersFromMeta(undefined)).toBeNull();
    expect(paymentHeadersFromMeta({ unrelated: 1 })).toBeNull();
    const x402 = paymentHeadersFromMeta({ 'x402/payment': { x402Version: 2, payload: {} } });
    expect(Object.keys(x402!.headers)).toEqual(['payment-signature']);
  });
});

describe("tool results through the official client's callTool", () => {
  // A paid tool with an output schema, as app/mcp/server.ts registers them, answering what the paid route answers
  // before payment: the client lists the tools first (as hosts do), so it validates each result against the schema.
  async function callThroughClient(response: () => Response) {
    const server = new McpServer({ name: 'finpub-test', version: '1.0.0' });
    server.registerTool(
      'get_post_summary',
      { inputSchema: {}, outputSchema: { id: z.string(), summary: z.string() } },
      async () => toolResultFromResponse(response(), (body) => String(body.summary)),
    );
    const client = new Client({ name: 'finpub-test-client', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    await client.listTools();
    try {
      return (await client.callTool({ name: 'get_post_summary', arguments: {} })) as {
        isError?: boolean;
        content: Array<{ type: string; text?: string }>;
        _meta?: Record<string, unknown>;
      };
    } finally {
      await client.close();
    }
  }

  it('delivers an unpaid result with the x402 price and the MPP challenge, a not-ready and a paid one', async () => {
    const challenge =
      'Payment id="c1", realm="localhost", method="tempo", intent="charge", request="eyJhbW91bnQiOiIxMDAwMDAifQ"';
    const unpaid = await callThroughClient(
      () =>
        new Response(JSON.stringify({ detail: 'Payment required' }), {
          status: 402,
          headers: { 'payment-required': encodePaymentRequiredHeader(required), 'www-authenticate': challenge },
        }),
    );
    expect(unpaid.isError).toBe(true);
    expect(readPaymentRequired(unpaid)?.accepts[0]?.amount).toBe('100000');
    expect(unpaid._meta?.[Mcp.paymentRequiredMetaKey]).toMatchObject({ challenges: [{ method: 'tempo' }] });

    const notReady = await callThroughClient(() =>
      Response.json(
        { error: 'The summary is being written.', code: 'summary_not_ready' },
        { status: 503, headers: { 'retry-after': '2' } },
      ),
    );
    expect(notReady.content[0]!.text).toMatch(/^summary_not_ready: The summary is being written\. Retry after 2 s\./);

    const paid = await callThroughClient(() => Response.json({ id: 'p1', summary: 'Copper up.' }));
    expect(paid).toMatchObject({
      structuredContent: { id: 'p1', summary: 'Copper up.' },
      content: [{ text: 'Copper up.' }],
    });
  });
});

describe('tool inputs from route contracts', () => {
  it('keeps names, bounds and descriptions, with integers as JSON integers', () => {
    const schema = z.toJSONSchema(z.object(toolInputFromContract(TopicSearchQuery))) as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    expect(schema.properties.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 30 });
    expect(schema.properties.q).toMatchObject({ type: 'string', minLength: 2, maxLength: 500 });
    expect(String(schema.properties.mode!.description)).toMatch(/hybrid/);
    expect(schema.required).toEqual(['q']);
    expect(toQueryString({ q: 'rates this week', limit: 5, mode: undefined })).toBe('?q=rates+this+week&limit=5');
  });
});
