import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { readOptionalJsonBody } from '@/lib/api/body';
import { PostPathParams } from '@/lib/api/contracts/paid';
import { PublicationDetailQuery } from '@/lib/api/contracts/publications';
import { defineRoute, handle } from '@/lib/api/route';

const definition = defineRoute({
  method: 'post',
  path: '/api/v1/publications/{publicationSlug}/{postSlug}',
  operationId: 'testOperation',
  summary: 'test',
  tags: ['Test'],
  params: PostPathParams,
  query: PublicationDetailQuery,
  body: { required: false, description: 'test', schema: z.object({}).loose(), read: readOptionalJsonBody },
  responses: {},
});

function call(query: string, path: { publicationSlug: string; postSlug: string }, body = '') {
  const handler = vi.fn(async (input: unknown) => Response.json(input));
  const route = handle(definition, async ({ params, query, body }) => handler({ params, query, body }));
  const request = new Request(`http://localhost/api/v1/publications/x/y${query}`, { method: 'POST', body });
  return { handler, response: route(request, { params: Promise.resolve(path) }) };
}

const good = { publicationSlug: 'WWW.Example.com', postSlug: 'Some-Post' };
const bad = { publicationSlug: 'bad_host!', postSlug: 'Bad_Slug!' };

describe('handle', () => {
  it('gives the handler the parsed path, query and body', async () => {
    const { response } = call('?limit=5', good, '{"a":1}');
    expect(await (await response).json()).toEqual({
      params: { publicationSlug: 'example.com', postSlug: 'some-post' },
      query: { limit: 5 },
      body: '{"a":1}',
    });
  });

  it('answers 400 before the handler runs, checking query, then body, then path', async () => {
    const cases: Array<[string, string, typeof good, string]> = [
      ['?limit=0', '{not json', bad, 'invalid_query'],
      ['', '{not json', bad, 'invalid_body'],
      ['', '', bad, 'invalid_path'],
    ];
    for (const [query, body, path, code] of cases) {
      const { handler, response } = call(query, path, body);
      const answer = await response;
      expect(answer.status, code).toBe(400);
      expect((await answer.json()).code).toBe(code);
      expect(handler).not.toHaveBeenCalled();
    }
  });

  it('reports path problems keyed by parameter name', async () => {
    const answer = await call('', bad).response;
    expect(await answer.json()).toEqual({
      error: 'Invalid path parameters',
      code: 'invalid_path',
      issues: {
        publicationSlug: ['must be a publication slug or site URL'],
        postSlug: ['must be a post slug: lower-case letters, digits and hyphens'],
      },
    });
  });
});
