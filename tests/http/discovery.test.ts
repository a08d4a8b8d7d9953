import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, inject, it } from 'vitest';
import { ErrorMessage } from '@/lib/api/contracts/common';
import { getJson, getText } from '@/tests/helpers/http';

describe('discovery documents', () => {
  it('serves a valid OpenAPI 3.1 document pointing at this server', async () => {
    const response = await getJson<Record<string, unknown> & { servers: Array<{ url: string }> }>('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const result = await new Validator().validate(response.body);
    expect(result.valid).toBe(true);
    expect(response.body.openapi).toBe('3.1.0');
    expect(response.body.servers[0]!.url).toBe(inject('baseUrl'));
  });

  it('lists the paid resources at /.well-known/x402', async () => {
    const response = await getJson('/.well-known/x402');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      version: 1,
      resources: [
        'GET /api/v1/publications/{publicationSlug}/{postSlug}',
        'POST /api/v1/publications/{publicationSlug}/{postSlug}',
        'GET /api/v1/stock-picks',
        'POST /api/v1/briefs',
      ],
      // The suite's service runs the payment sandbox, whose chain has the batch-settlement escrow.
      schemes: ['exact', 'batch-settlement'],
    });
  });

  it('explains the service to agents at /llms.txt', async () => {
    const response = await getText('/llms.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/markdown/);
    for (const needle of [
      'GET /api/v1/search',
      'GET /api/v1/stock-picks',
      '402',
      'summary_not_ready',
      'batch-settlement',
      inject('baseUrl'),
    ]) {
      expect(response.body).toContain(needle);
    }
  });

  it('renders the API reference at /docs from local assets', async () => {
    const page = await getText('/docs');
    expect(page.status).toBe(200);
    expect(page.body).toContain('"url":"/openapi.json"');
    const script = /src="([^"]+standalone\.js)"/.exec(page.body)![1]!;
    const asset = await getText(script);
    expect(asset.status).toBe(200);
    expect(asset.body).toContain('createApiReference');
  });
});

describe('a client cannot choose the origin', () => {
  it('ignores X-Forwarded-Host and X-Forwarded-Proto without TRUST_PROXY', async () => {
    const headers = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const openapi = await getJson<{ servers: Array<{ url: string }> }>('/openapi.json', { headers });
    expect(openapi.body.servers[0]!.url).toBe(inject('baseUrl'));
    const llms = await fetch(new URL('/llms.txt', inject('baseUrl')), { headers });
    expect(await llms.text()).not.toContain('evil.example');
  });
});

describe('edges', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await getJson('/api/v1/no-such-route');
    expect(response.status).toBe(404);
    expect(ErrorMessage.parse(response.body)).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('refuses the operator endpoint without the operator token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', 'Bearer ']) {
      const response = await getJson('/api/operator/commands', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ command: 'seed', args: { reset: true } }),
      });
      expect(response.status).toBe(401);
      expect(ErrorMessage.parse(response.body).error).toMatch(/operator/i);
    }
  });

  it('serves the landing page with the catalogue from the database', async () => {
    const list = await getJson<{ publications: Array<{ title: string | null }> }>('/api/v1/publications');
    const page = await getText('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const decoded = page.body.replaceAll('&amp;', '&').replaceAll('&#x27;', "'");
    for (const { title } of list.body.publications) if (title) expect(decoded).toContain(title);
    expect(page.body).toContain('/docs');
  });
});
