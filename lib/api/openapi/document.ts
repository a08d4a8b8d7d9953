import type { oas31, ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';
import { createDocument } from 'zod-openapi';
import type { RouteDefinition } from '@/lib/api/route';
import { API_ROUTES } from '@/lib/api/routes/all';
import { mcpNote } from '@/lib/mcp/discovery';
import { AGENT_GUIDANCE, DISCOVERY_ORDER } from './guidance';
import { PRICE_RANGE_USD } from './payment-offers';
import { rateLimited } from './responses';

/** A route definition as an OpenAPI operation: its schemas become parameters and the request body. */
function operation(route: RouteDefinition): ZodOpenApiOperationObject {
  const {
    method,
    path,
    operationId,
    summary,
    tags,
    description,
    params,
    query,
    headers,
    body,
    responses,
    rateLimit,
    ...rest
  } = route;
  const requestParams = {
    ...(params && { path: params }),
    ...(query && { query }),
    ...(headers && { header: headers }),
  };
  return {
    operationId,
    summary,
    tags: [...tags],
    ...(description !== undefined && { description }),
    ...(Object.keys(requestParams).length > 0 && { requestParams }),
    ...(body && {
      requestBody: {
        required: body.required,
        description: body.description,
        content: { 'application/json': { schema: body.schema } },
      },
    }),
    responses: rateLimit ? { ...responses, '429': rateLimited } : responses,
    // What is left are the `x-` extensions, such as x-payment-info.
    ...rest,
  };
}

/** The paths object: one entry per route definition, grouped by path in the order of API_ROUTES. */
function paths(): ZodOpenApiPathsObject {
  const result: ZodOpenApiPathsObject = {};
  for (const route of API_ROUTES) {
    const item = result[route.path] ?? {};
    if (item[route.method]) throw new Error(`Two definitions of ${route.method.toUpperCase()} ${route.path}`);
    result[route.path] = { ...item, [route.method]: operation(route) };
  }
  return result;
}

/** The OpenAPI 3.1 document, built from the same zod contracts the routes validate and serialize with. */
export function buildOpenApiDocument(serverUrl?: string) {
  return createDocument({
    openapi: '3.1.0',
    // OpenAPI 3.1 allows info.summary; zod-openapi's InfoObject type predates it.
    info: {
      title: 'Financial Publications Research API',
      version: '0.1.0',
      summary:
        'Search premium financial newsletters and podcasts for free; buy AI-synthesized post summaries and daily stock picks per request.',
      description: [
        'Free: topic search, publication list, publication search, publication detail and ticker detail.',
        "Paid per request: a post's synthesized summary, the daily stock-picks list and research briefs (a cited answer from the posts search finds), via x402 v2, MPP, or Bearer credentials.",
        '',
        'Guidance for agents:',
        ...AGENT_GUIDANCE.map((line) => `- ${line}`),
      ].join('\n'),
    } as oas31.InfoObject,
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: [
      { name: 'Search', description: 'Free topic search over posts.' },
      { name: 'Publications', description: 'Free catalogue of indexed publications.' },
      { name: 'Tickers', description: 'Free: what newsletters say about a ticker.' },
      { name: 'Paid', description: 'Charged on every request.' },
      {
        name: 'Watches',
        description: 'Free: signed webhooks and feeds when a ticker, topic or publication has a new post.',
      },
    ],
    'x-guidance': { rules: AGENT_GUIDANCE, discoveryOrder: DISCOVERY_ORDER },
    // The same operations as MCP tools, for agent hosts that speak the Model Context Protocol.
    'x-mcp': mcpNote(serverUrl),
    'x-service-info': {
      name: 'Financial Publications Research API',
      protocols: ['x402', 'mpp', 'credits'],
      priceRangeUsd: PRICE_RANGE_USD,
      discovery: DISCOVERY_ORDER,
    },
    paths: paths(),
  });
}
