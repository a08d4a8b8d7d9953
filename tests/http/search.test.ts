import { describe, expect, it } from 'vitest';
import { InvalidQueryResponse } from '@/lib/api/contracts/common';
import { TopicSearchResponse } from '@/lib/api/contracts/search';
import { getJson } from '@/tests/helpers/http';

async function search(query: string) {
  const response = await getJson(`/api/v1/search?${query}`);
  expect(response.status, `${query}: ${JSON.stringify(response.body).slice(0, 300)}`).toBe(200);
  return TopicSearchResponse.parse(response.body);
}

const q = (text: string, extra = '') => `q=${encodeURIComponent(text)}${extra}`;

describe('GET /api/v1/search', () => {
  it('answers a ticker query with ranked, explained items and every field of the contract', async () => {
    const body = await search(q('Nvidia earnings'));
    expect(body.query).toBe('Nvidia earnings');
    expect(body.normalizedQuery).toBe('nvidia earnings');
    expect(body.timeWindow).toBeNull();
    expect(body.freshnessCoverage).toBeNull();
    expect(body.count).toBe(body.items.length);
    expect(body.count).toBeGreaterThan(0);
    expect(body.count).toBeLessThanOrEqual(10);
    expect(body.totalCount).toBeGreaterThanOrEqual(body.count);
    expect(body.matchConfidence).toBe('strong');
    const scores = body.items.map((i) => i.relevanceScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const item of body.items) {
      expect(item.relevanceScore).toBeGreaterThanOrEqual(0);
      expect(item.relevanceScore).toBeLessThanOrEqual(100);
      expect(item.whyMatched.length).toBeGreaterThan(0);
      expect(item.totalTokenCount === 0 || item.matchedTokenCount <= item.totalTokenCount).toBe(true);
      expect(item.isInTimeWindow).toBeUndefined();
    }
    const top = body.items[0]!;
    expect(`${top.title} ${top.snippet}`.toLowerCase()).toContain('nvidia');
  });

  it('honours limit and both modes; hybrid reports the mode it used', async () => {
    expect((await search(q('semiconductor stocks', '&limit=3'))).items.length).toBeLessThanOrEqual(3);
    const fts = await search(q('private credit', '&mode=fts'));
    expect(fts.mode).toBe('fts');
    const hybrid = await search(q('private credit', '&mode=hybrid'));
    expect(['fts', 'hybrid']).toContain(hybrid.mode);
  });

  it('keeps finance symbols through normalization', async () => {
    const body = await search(q('What did they say about the S&P 500 and AT&T?'));
    expect(body.normalizedQuery).toContain('sp500');
    expect(body.normalizedQuery).toContain('att');
    const cashtag = await search(q('$NVDA'));
    expect(cashtag.normalizedQuery).toBe('nvda');
    expect(cashtag.count).toBeGreaterThan(0);
  });

  it('resolves a time window, ranks in-window posts first and reports freshness', async () => {
    const body = await search(q('latest treasury yields this week'));
    expect(body.timeWindow?.label).toBe('this_week');
    expect(body.normalizedQuery).toBe('treasury yields');
    const coverage = body.freshnessCoverage!;
    expect(coverage.requestedWindow).toEqual(body.timeWindow);
    expect(coverage.researchCandidatesInWindow).toBeGreaterThanOrEqual(coverage.rankedInWindow);
    const flags = body.items.map((i) => i.isInTimeWindow);
    expect(flags.every((f) => typeof f === 'boolean')).toBe(true);
    // Every in-window item comes before every older one.
    expect(flags.indexOf(false) === -1 || flags.lastIndexOf(true) < flags.indexOf(false)).toBe(true);
    expect(coverage.staleFallbackMode).toBe(flags.includes(false));
  });

  it('answers an off-topic query with confidence none and no noise', async () => {
    const body = await search(q('how to train a puppy to sit'));
    expect(body.matchConfidence).toBe('none');
    expect(body.count).toBeLessThanOrEqual(2);
  });

  it.each([
    'a:* & !b | (c',
    "'; drop table posts; --",
    '"unterminated \\ back\\slash',
    '📈📉 earnings',
    'أرباح الشركة',
    '<>!@#$%^&*()_+{}|:"<>?',
    'the of and',
  ])('treats hostile input %j as text', async (text) => {
    const body = await search(q(text));
    expect(body.count).toBeLessThanOrEqual(10);
  });

  it.each([
    ['', { q: ['is required'] }],
    [q('a'), { q: ['must be at least 2 characters'] }],
    [q('x'.repeat(501)), { q: ['must be at most 500 characters'] }],
    // Far over the limit, yet inside the 8 KiB URL bound (longer URLs answer 414: tests/http/request-bounds.test.ts).
    [q('x'.repeat(8_000)), { q: ['must be at most 500 characters'] }],
    [q('ab\u0000cd'), { q: ['must not contain NUL characters'] }],
    [q('nvidia', '&limit=0'), { limit: ['must be an integer from 1 to 30'] }],
    [q('nvidia', '&limit=31'), { limit: ['must be an integer from 1 to 30'] }],
    [q('nvidia', '&mode=semantic'), { mode: expect.any(Array) }],
    [q('nvidia', '&q=amd'), { q: ['must be given only once'] }],
  ])('answers 400 keyed by parameter for %s', async (query, issues) => {
    const response = await getJson(`/api/v1/search?${query}`);
    expect(response.status).toBe(400);
    expect(InvalidQueryResponse.parse(response.body).issues).toEqual(issues);
  });
});
