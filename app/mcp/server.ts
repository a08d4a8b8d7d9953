import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { GET as getPublicationRoute } from '@/app/api/v1/publications/[publicationSlug]/route';
import { GET as listPublicationsRoute } from '@/app/api/v1/publications/route';
import { SERVICE_NAME } from '@/components/SiteHeader';
import { callRoute } from '@/lib/api/in-process';
import { PRICE_RANGE_USD } from '@/lib/api/openapi/payment-offers';
import { MCP_SERVER_NAME } from '@/lib/mcp/discovery';
import { paymentHeadersFromMeta } from '@/lib/mcp/payment-meta';
import { toolResultFromResponse } from '@/lib/mcp/tool-result';
import type { PaymentSetup } from '@/lib/payments/setup';
import { MCP_TOOLS, type McpTool, type ToolPrice, toolInput } from './tools';

/** Who is calling, from the HTTP request that carries the MCP message. */
export interface McpCaller {
  origin: string;
  clientIp: string;
  requestId: string | null;
  /** The connection's Authorization header (an API key or session token pays for paid tools). */
  authorization: string | null;
  /** The prices the tools' descriptions quote (AppContext.payments). */
  prices: PaymentSetup['prices'];
}

export const PUBLICATION_RESOURCE = 'finpub://publications/{slug}';

function priceLine(price: ToolPrice): string {
  return (
    `PAID: every call costs ${price.text} ($${PRICE_RANGE_USD.min}-$${PRICE_RANGE_USD.max}), charged again on every call. ` +
    "Pay with the MCP connection's Authorization header (Bearer pk_svc_… API key: purchased credits; Bearer st_… " +
    'session token: weekly allowance first), or call without payment to get the price: the error result carries an ' +
    'x402 PaymentRequired in its text as {"x402/error": {"data": …}} (retry with _meta["x402/payment"]) and MPP challenges in ' +
    '_meta["org.paymentauth/payment-required"] (retry with _meta["org.paymentauth/credential"]). A missing post or day, ' +
    'or a summary still being written, is never charged.'
  );
}

// A tool's schemas are a pure function of its contract: derived once per process, not once per request.
const schemas = new Map<string, { input: ReturnType<typeof toolInput>; output: z.ZodObject }>();
function toolSchemas(tool: McpTool) {
  let entry = schemas.get(tool.name);
  if (!entry) {
    // A fresh object over the contract's fields: the contract carries an OpenAPI component id, which would turn the
    // tool's output schema into a bare $ref, and MCP wants an object schema at the top.
    entry = { input: toolInput(tool), output: z.object(tool.output.shape) };
    schemas.set(tool.name, entry);
  }
  return entry;
}

/**
 * The MCP server for one HTTP request (stateless: any instance answers any request). Each tool calls its /api/v1
 * route in this process, as the caller, so validation, limits, payment and records are the REST API's own.
 */
export function buildMcpServer(caller: McpCaller): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, title: SERVICE_NAME, version: '1.0.0' },
    {
      instructions:
        'Search premium financial newsletters and podcasts for free (search_posts, search_publications, ' +
        'list_publications, get_publication), see what newsletters say about a ticker (get_ticker) and what a ' +
        "publication's past calls returned against the market (get_track_record); buy a " +
        'post summary (get_post_summary) or stock picks of a day or the last N days, optionally on one ticker ' +
        '(get_stock_picks) per call, or a research brief: a cited answer to a question from the posts search finds ' +
        '(get_research_brief). Search first, then buy only what you need. With an API key or session token on the ' +
        'connection, get_balance and get_ledger show what it has left and what it spent, and create_watch, ' +
        'list_watches, get_watch (with its deliveries) and delete_watch follow a ticker, topic or publication by signed webhook and feed (free).',
    },
  );
  const call = (tool: McpTool, args: Record<string, unknown>, meta?: Record<string, unknown>) => {
    const { path, params, body, method } = tool.target(args);
    const paid = tool.price !== null;
    const payment = paid ? paymentHeadersFromMeta(meta) : null;
    const headers = new Headers(payment?.headers);
    const credentialed = (paid && !payment) || tool.readsAccount === true;
    if (credentialed && caller.authorization) headers.set('authorization', caller.authorization);
    if (body !== undefined) headers.set('content-type', 'application/json');
    return callRoute(tool.handler, `${caller.origin}${path}`, {
      params,
      body,
      clientIp: caller.clientIp,
      requestId: caller.requestId,
      headers,
      method,
    }).then((response) => toolResultFromResponse(response, tool.render, payment?.mppChallengeId));
  };

  const { prices } = caller;
  for (const tool of MCP_TOOLS) {
    const paid = tool.price !== null;
    const description = [tool.route.summary, tool.route.description, paid ? priceLine(tool.price!(prices)) : 'Free.']
      .filter(Boolean)
      .join('\n\n');
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description,
        inputSchema: toolSchemas(tool).input,
        outputSchema: toolSchemas(tool).output,
        annotations: {
          title: tool.title,
          readOnlyHint: !paid && tool.writes === undefined,
          destructiveHint: tool.writes === 'delete',
          idempotentHint: !paid && tool.writes !== 'create',
          openWorldHint: paid,
        },
      },
      (args: Record<string, unknown>, extra) => call(tool, args, extra._meta as Record<string, unknown> | undefined),
    );
  }

  server.registerResource(
    'publication',
    new ResourceTemplate(PUBLICATION_RESOURCE, {
      list: async () => {
        const response = await callRoute(listPublicationsRoute, `${caller.origin}/api/v1/publications`, caller);
        const body = (await response.json()) as { publications?: Array<{ slug: string; title: string | null }> };
        return {
          resources: (body.publications ?? []).map((p) => ({
            uri: `finpub://publications/${p.slug}`,
            name: p.title ?? p.slug,
            mimeType: 'application/json',
          })),
        };
      },
    }),
    {
      title: 'Publication',
      description: 'A publication and its recent posts (free fields only), as get_publication returns them.',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const slug = String(variables.slug ?? '');
      const response = await callRoute(
        getPublicationRoute,
        `${caller.origin}/api/v1/publications/${encodeURIComponent(slug)}`,
        { ...caller, params: { publicationSlug: slug } },
      );
      const text = await response.text();
      if (!response.ok) throw new Error(`${uri.href}: ${text}`);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text }] };
    },
  );
  return server;
}
