import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { publicBaseUrl } from '@/lib/api/base-url';
import { apiRoute } from '@/lib/api/handler';
import { readLimitedBody } from '@/lib/api/read-limited-body';
import { appContext } from '@/lib/app/process-context';
import { clientIp } from '@/lib/rate-limits/client-ip';
import { limitRouteRequest } from '@/lib/rate-limits/route-limit';
import { buildMcpServer } from './server';

export const dynamic = 'force-dynamic';

// A tool call is a few hundred bytes; nothing legitimate comes near this.
const MAX_BODY_BYTES = 64 * 1024;

// These messages call a /api/v1 route, which counts them under its own limit (free, paid or challenge); every other
// message (initialize, tools/list, ping …) counts here under the free limit, per client IP.
const ROUTED_METHODS = new Set(['tools/call', 'resources/read', 'resources/list']);

function callsRestRoutes(body: Buffer): boolean {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as unknown;
    const messages = (Array.isArray(parsed) ? parsed : [parsed]) as Array<{ method?: unknown }>;
    return messages.length > 0 && messages.every((m) => typeof m?.method === 'string' && ROUTED_METHODS.has(m.method));
  } catch {
    return false;
  }
}

/**
 * The remote MCP endpoint (Streamable HTTP, stateless): every POST gets a fresh server and transport, so any instance
 * answers any request and nothing is kept between them. Answers are plain JSON (no SSE stream is held open).
 */
async function serve(incoming: Request): Promise<Response> {
  // The body is read here under the limit (413 payload_too_large in the API's shape), then handed to the transport.
  const body = incoming.method === 'POST' ? await readLimitedBody(incoming, MAX_BODY_BYTES) : null;
  const limitHeaders = body && !callsRestRoutes(body) ? await limitRouteRequest(incoming, 'free') : {};
  const request = new Request(incoming.url, {
    method: incoming.method,
    headers: incoming.headers,
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
  const server = buildMcpServer({
    origin: publicBaseUrl(request),
    clientIp: clientIp(request),
    requestId: request.headers.get('x-request-id'),
    authorization: request.headers.get('authorization'),
    prices: (await appContext()).payments.prices,
  });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(request);
    for (const [name, value] of Object.entries(limitHeaders)) response.headers.set(name, value);
    return response;
  } finally {
    await server.close();
  }
}

export const POST = apiRoute(serve);
// Stateless: there is no server-to-client stream to open and no session to end; the transport answers 405.
export const GET = apiRoute(serve);
export const DELETE = apiRoute(serve);
