import type { z } from 'zod';
import type { ZodOpenApiResponsesObject } from 'zod-openapi';
import { limitRouteRequest, type RouteRateLimit } from '@/lib/rate-limits/route-limit';
import { apiRoute } from './handler';
import { parseParams, parseQuery } from './params';

/** A zod object over named string inputs: path, query or header parameters. */
type ParamsSchema = z.ZodType<unknown, Record<string, unknown>>;

/** A request body: what OpenAPI shows, and how the handler reads it (refusing it with a 400 if need be). */
export interface BodyDefinition<B = unknown> {
  required: boolean;
  description: string;
  /** The JSON schema OpenAPI shows; `read` is what actually accepts or refuses the body. */
  schema: z.ZodType;
  read(request: Request): Promise<B>;
}

/**
 * One API operation, declared once: `handle` parses its inputs with these schemas and the OpenAPI document
 * (lib/api/openapi/document.ts) is built from the same object, so the two cannot drift. Every definition is listed
 * in lib/api/routes/all.ts and mounted by the app/api route file at `path`.
 */
export interface RouteDefinition {
  method: 'get' | 'post' | 'delete';
  /** The OpenAPI path template, `{name}` for each path parameter (Next's `[name]` folder). */
  path: `/api/${string}`;
  operationId: string;
  summary: string;
  tags: readonly string[];
  description?: string;
  params?: ParamsSchema;
  query?: ParamsSchema;
  /** Documentation only: the headers the route reads itself (payment credentials). */
  headers?: ParamsSchema;
  body?: BodyDefinition;
  responses: ZodOpenApiResponsesObject;
  /** The request limit this route is under (lib/rate-limits); OpenAPI then documents its 429. */
  rateLimit?: RouteRateLimit;
  /** OpenAPI extensions such as `x-payment-info`, copied onto the operation. */
  [extension: `x-${string}`]: unknown;
}

export function defineRoute<const D extends RouteDefinition>(definition: D): D {
  return definition;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: the request and its inputs, already validated (absent ones are undefined). */
export interface RouteInput<D extends RouteDefinition> {
  request: Request;
  params: Parsed<D['params']>;
  query: Parsed<D['query']>;
  body: D['body'] extends BodyDefinition<infer B> ? B : undefined;
}

/** Next's second handler argument; for a route without dynamic segments its params are empty. */
type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

/**
 * The route handler of a definition, built on apiRoute. Inputs are checked in the order clients have always seen:
 * query, then body, then path (each a 400 named for where it failed); all of it happens before the handler runs, so
 * before any content is resolved or payment considered. The route's rate limit is applied before all of them.
 */
export function handle<D extends RouteDefinition>(definition: D, handler: (input: RouteInput<D>) => Promise<Response>) {
  return apiRoute(async (request: Request, context: NextContext) => {
    // Limits come first: a refused client costs no parsing, no content lookup and no payment work.
    const limitHeaders = definition.rateLimit ? await limitRouteRequest(request, definition.rateLimit) : {};
    const query = definition.query && parseQuery(definition.query, new URL(request.url).searchParams);
    const body = definition.body && (await definition.body.read(request));
    const params = definition.params && parseParams(definition.params, await context.params, 'path');
    const response = await handler({ request, params, query, body } as RouteInput<D>);
    for (const [name, value] of Object.entries(limitHeaders)) response.headers.set(name, value);
    return response;
  });
}
