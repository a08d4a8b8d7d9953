import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/api/openapi/document';
import { paidResources } from '@/lib/api/openapi/paid-resources';
import { API_ROUTES } from '@/lib/api/routes/all';

const document = buildOpenApiDocument('http://localhost:3000');

type Operation = Record<string, unknown> & {
  operationId?: string;
  parameters?: Array<{ name: string; in: string; schema: Record<string, unknown> }>;
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
};

function operations(): Array<[string, string, Operation]> {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(
      ([method, op]) => [method, path, op] as [string, string, Operation],
    ),
  );
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('0.1.0');
  });

  it('prints the numbers in its descriptions as people write them, without floating-point residue', () => {
    const descriptions = JSON.stringify(document).match(/"description":"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(descriptions.join('\n')).toContain('reaches 55,');
    expect(descriptions.filter((text) => /\d\.\d{6,}/.test(text))).toEqual([]);
  });

  it("describes the spec's operations and the ones added since (tickers, briefs, the account, track records, watches)", () => {
    expect(
      operations()
        .map(([method, path, op]) => `${method} ${path} ${op.operationId}`)
        .sort(),
    ).toEqual([
      'delete /api/v1/watches/{id} deleteWatch',
      'get /api/v1/account getAccount',
      'get /api/v1/account/ledger listAccountLedger',
      'get /api/v1/publications listPublications',
      'get /api/v1/publications/search searchPublications',
      'get /api/v1/publications/{publicationSlug} getPublication',
      'get /api/v1/publications/{publicationSlug}/track-record getTrackRecord',
      'get /api/v1/publications/{publicationSlug}/{postSlug} getPublicationPostBySlug',
      'get /api/v1/search searchByTopic',
      'get /api/v1/stock-picks listStockPicks',
      'get /api/v1/tickers/{ticker} getTicker',
      'get /api/v1/watches listWatches',
      'get /api/v1/watches/{id} getWatch',
      'get /api/v1/watches/{id}/feed getWatchFeed',
      'post /api/v1/briefs createResearchBrief',
      'post /api/v1/publications/{publicationSlug}/{postSlug} accessPublicationPost',
      'post /api/v1/watches createWatch',
    ]);
  });

  it('takes every operation from its route definition', () => {
    for (const route of API_ROUTES) {
      const op = (document.paths?.[route.path] as Record<string, Operation> | undefined)?.[route.method];
      expect(op?.operationId, `${route.method} ${route.path}`).toBe(route.operationId);
      expect(op?.summary).toBe(route.summary);
      expect(op?.tags).toEqual(route.tags);
    }
  });

  it('documents path parameters as the plain strings clients send, with a description', () => {
    const all = operations().flatMap(([, , op]) => (op.parameters ?? []).filter((p) => p.in === 'path'));
    // A watch id is a UUID, documented as one.
    const ids = all.filter((p) => p.name === 'id');
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(id).toMatchObject({ required: true, schema: { type: 'string', format: 'uuid' } });
    const pathParams = all.filter((p) => p.name !== 'id');
    expect(pathParams.map((p) => p.name).sort()).toEqual([
      'postSlug',
      'postSlug',
      'publicationSlug',
      'publicationSlug',
      'publicationSlug',
      'publicationSlug',
      'ticker',
    ]);
    for (const parameter of pathParams) {
      expect(parameter).toMatchObject({ required: true, description: expect.any(String) });
      const ticker = parameter.name === 'ticker';
      expect(parameter.schema).toEqual({
        type: 'string',
        description: expect.stringMatching(ticker ? /ticker/i : /slug/i),
        ...(ticker ? { example: 'NVDA' } : {}),
      });
    }
  });

  it('points every error response at the spec error bodies', () => {
    const allowed: Record<string, string> = { '400': '#/components/schemas/InvalidQueryResponse' };
    for (const [method, path, op] of operations()) {
      // A summary's 503 is its content not ready yet; any other route's (search's, a brief's) is the plain error body.
      allowed['503'] = path.includes('{postSlug}') ? '#/components/schemas/SummaryNotReadyResponse' : '';
      for (const [status, response] of Object.entries(op.responses)) {
        if (!/^[45]/.test(status) || status === '402') continue;
        const schema = (response.content?.['application/json'] as { schema?: { $ref?: string } })?.schema;
        expect(schema?.$ref, `${method} ${path} ${status}`).toBe(
          allowed[status] || '#/components/schemas/ErrorMessage',
        );
      }
    }
  });

  it('renders integer query parameters as integers with their bounds', () => {
    const detail = operations().find(([, , op]) => op.operationId === 'getPublication')![2];
    expect(detail.parameters!.find((p) => p.name === 'limit')!.schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
    });
    const picks = operations().find(([, , op]) => op.operationId === 'listStockPicks')![2];
    expect(picks.parameters!.find((p) => p.name === 'limit')!.schema).toMatchObject({ type: 'integer', maximum: 500 });
  });

  it('still lists the parameters of a query schema that carries a cross-field rule', () => {
    const picks = operations().find(([, , op]) => op.operationId === 'listStockPicks')![2];
    expect(picks.parameters!.filter((p) => p.in === 'query').map((p) => p.name)).toEqual([
      'date',
      'period',
      'limit',
      'ticker',
      'days',
      'include',
    ]);
  });

  it('documents the header that tells a search answer posts are still waiting for indexing', () => {
    const search = (document.paths!['/api/v1/search'] as Record<string, Operation>).get!;
    expect(search.responses['200']!.headers).toEqual({
      'X-Search-Index-Pending': expect.objectContaining({ schema: { type: 'integer', minimum: 1 } }),
    });
  });

  it('forbids extra fields in response objects, as the spec does', () => {
    const schemas = document.components!.schemas as Record<string, Record<string, unknown>>;
    for (const name of [
      'PublicationListItem',
      'PublicationDetail',
      'PostSummary',
      'PaidPublicationPost',
      'PaymentInfo',
      'PublicStockPickItem',
    ]) {
      expect(schemas[name]!.additionalProperties, name).toBe(false);
    }
  });

  it('gives every paid operation its offers, the 402 challenge headers and every status of the spec', () => {
    const paid = operations().filter(([, , op]) => 'x-payment-info' in op);
    expect(paid.map(([, , op]) => op.operationId).sort()).toEqual([
      'accessPublicationPost',
      'createResearchBrief',
      'getPublicationPostBySlug',
      'listStockPicks',
    ]);
    for (const [, , op] of paid) {
      const info = op['x-payment-info'] as { offers: Array<{ intent: string; method: string; amount: string }> };
      expect(info.offers.map((o) => `${o.intent}:${o.method}:${o.amount}`)).toEqual([
        'charge:x402:100000',
        'session:x402:100000',
        'charge:tempo:100000',
        'session:tempo:100000',
        'charge:stripe:50',
      ]);
      const challenge = op.responses['402']!;
      expect(Object.keys(challenge.headers!)).toEqual(expect.arrayContaining(['WWW-Authenticate', 'PAYMENT-REQUIRED']));
      // The challenge problem, and a capped API key's refusal (spend_cap_reached, no challenge).
      expect(Object.keys(challenge.content!)).toEqual(['application/problem+json', 'application/json']);
      expect(Object.keys(op.responses)).toEqual(
        expect.arrayContaining(['200', '400', '401', '402', '403', '404', '500']),
      );
    }
    const post = paid.find(([, , op]) => op.operationId === 'getPublicationPostBySlug')![2];
    expect(post.responses['503']).toBeDefined();
  });

  it('lists the paid resources for /.well-known/x402 from the same document', () => {
    expect(paidResources(document)).toEqual([
      'GET /api/v1/publications/{publicationSlug}/{postSlug}',
      'POST /api/v1/publications/{publicationSlug}/{postSlug}',
      'GET /api/v1/stock-picks',
      'POST /api/v1/briefs',
    ]);
  });

  it('carries agent guidance', () => {
    const guidance = (document as unknown as Record<string, unknown>)['x-guidance'] as { rules: string[] };
    expect(guidance.rules.join(' ')).toMatch(/candidates/);
    expect(guidance.rules.join(' ')).toMatch(/report the failure/);
  });
});
