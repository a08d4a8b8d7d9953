/**
 * A query past the SQL fallback's budget (lib/search/lexical/brute-force-budget.ts) in the two cases that answer it
 * 503 (issue 46). While the postings load, the answer says when to retry: they will be there. Where the deployment
 * searches through SQL alone (SEARCH_POSTINGS=sql), no retry ever finds them: the answer says the query is too broad
 * for this deployment's search, with no Retry-After, so that a client narrows the query instead of retrying forever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as searchRoute } from '@/app/api/v1/search/route';
import { ApiError } from '@/lib/api/errors';
import { errorResponse } from '@/lib/api/handler';
import { callRoute } from '@/lib/api/in-process';
import type { Db } from '@/lib/db/types';
import { seedDemoCorpus } from '@/lib/demo/load';
import { indexOnOpen } from '@/lib/search/index/index-on-open';
import { BRUTE_FORCE_BUDGET } from '@/lib/search/lexical/brute-force-budget';
import { rankLexical } from '@/lib/search/lexical/rank';
import { resolveTerms } from '@/lib/search/lexical/resolve-terms';
import { prepareQuery } from '@/lib/search/query/prepare';
import { closeTestAppContext, openTestAppContext } from '@/tests/helpers/app-context';
import { recordingDb } from '@/tests/helpers/recording-db';
import { suiteDatabase } from '@/tests/helpers/suite-database';

const NOW = new Date('2026-11-20T15:00:00Z');
const raw = suiteDatabase();
const BROAD = 'market earnings';
/** The database as a SEARCH_POSTINGS=sql service holds it (lib/app/context.ts hands indexOnOpen `postings: false`). */
let sqlOnly: Db;

beforeAll(async () => {
  await seedDemoCorpus(raw, { seed: 3, posts: 120, now: NOW });
  sqlOnly = await indexOnOpen(raw, { embeddings: null, postings: false, log: () => {} });
  // The demo corpus is far below the budget: a corpus where these words are that common is stood in by their counts.
  const { terms } = await resolveTerms(raw, prepareQuery(BROAD, NOW).terms);
  const lexemes = terms.flatMap((term) => term.lexemes);
  await raw.query('update search_corpus_stats set doc_count = $1', [4 * BRUTE_FORCE_BUDGET]);
  await raw.query('update search_term_stats set doc_count = $1 where lexeme = any($2::text[])', [
    BRUTE_FORCE_BUDGET,
    lexemes,
  ]);
  await openTestAppContext(sqlOnly);
}, 120_000);

afterAll(async () => {
  await closeTestAppContext();
});

const refusal = (error: unknown) => {
  expect(error).toBeInstanceOf(ApiError);
  return errorResponse(error as ApiError);
};

describe('a query past the fallback budget', () => {
  it('where search runs through SQL alone: 503 query_too_broad, no Retry-After, over the route', async () => {
    const response = await callRoute(searchRoute, `http://localhost/api/v1/search?q=${encodeURIComponent(BROAD)}`, {
      clientIp: '127.0.0.1',
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBeNull();
    const body = (await response.json()) as { error: string; code: string };
    expect(body.code).toBe('query_too_broad');
    expect(body.error).toMatch(/too (many posts|broad)/);
    expect(body.error).not.toMatch(/retry after|loading/i);
    // A rare word is still answered.
    const rare = await callRoute(searchRoute, 'http://localhost/api/v1/search?q=nvidia', { clientIp: '127.0.0.1' });
    expect(rare.status).toBe(200);
  });

  it('while the postings load: 503 service_busy with Retry-After, as before', async () => {
    // Another process, postings on, not loaded yet (`postings: null`: what livePostings answers meanwhile).
    const loading = recordingDb(raw).db;
    const { terms } = await resolveTerms(raw, prepareQuery(BROAD, NOW).terms);
    const response = refusal(await rankLexical(loading, terms, { limit: 10, postings: null }).catch((e: unknown) => e));
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await response.json()) as { code: string }).code).toBe('service_busy');

    // The same query where search runs through SQL alone, below the route.
    const sql = refusal(await rankLexical(sqlOnly, terms, { limit: 10, postings: null }).catch((e: unknown) => e));
    expect(sql.status).toBe(503);
    expect(sql.headers.get('retry-after')).toBeNull();
  });
});
