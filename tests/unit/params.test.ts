import { describe, expect, it } from 'vitest';
import { StockPicksQuery } from '@/lib/api/contracts/paid';
import { PublicationDetailQuery, PublicationSearchQuery } from '@/lib/api/contracts/publications';
import { parseQuery } from '@/lib/api/params';
import { issuesOf } from '@/tests/helpers/api-error';

const queryIssuesOf = (fn: () => unknown) => issuesOf('invalid_query', fn);

const query = (text: string) => new URLSearchParams(text);

describe('parseQuery', () => {
  it('accepts integers in range and leaves an absent limit undefined', () => {
    expect(parseQuery(PublicationDetailQuery, query('limit=1'))).toEqual({ limit: 1 });
    expect(parseQuery(PublicationDetailQuery, query('limit=100'))).toEqual({ limit: 100 });
    expect(parseQuery(PublicationDetailQuery, query(''))).toEqual({});
  });

  it.each(['0', '101', '-1', '1.5', 'abc', '', ' 5', '1e1', '0x10', '99999999999'])('refuses limit=%j', (value) => {
    const issues = queryIssuesOf(() => parseQuery(PublicationDetailQuery, query(`limit=${encodeURIComponent(value)}`)));
    expect(issues).toEqual({ limit: ['must be an integer from 1 to 100'] });
  });

  it('refuses a repeated parameter instead of picking one', () => {
    expect(queryIssuesOf(() => parseQuery(PublicationDetailQuery, query('limit=1&limit=2')))).toEqual({
      limit: ['must be given only once'],
    });
  });

  it('reports a missing required parameter by name', () => {
    expect(queryIssuesOf(() => parseQuery(PublicationSearchQuery, query('')))).toEqual({ q: ['is required'] });
  });

  it('trims q and enforces its length bounds', () => {
    expect(parseQuery(PublicationSearchQuery, query('q=%20%20ab%20'))).toEqual({ q: 'ab' });
    expect(queryIssuesOf(() => parseQuery(PublicationSearchQuery, query('q=%20a%20')))).toEqual({
      q: ['must be at least 2 characters'],
    });
    expect(queryIssuesOf(() => parseQuery(PublicationSearchQuery, query(`q=${'x'.repeat(301)}`)))).toEqual({
      q: ['must be at most 300 characters'],
    });
  });

  it('ignores parameters it does not know', () => {
    expect(parseQuery(PublicationDetailQuery, query('limit=3&utm_source=x'))).toEqual({ limit: 3 });
  });
});

describe('StockPicksQuery: date and period are mutually exclusive', () => {
  it('reports the pair under both names, each message naming the other', () => {
    expect(queryIssuesOf(() => parseQuery(StockPicksQuery, query('date=2026-11-20&period=latest')))).toEqual({
      date: ['must not be sent together with period'],
      period: ['must not be sent together with date'],
    });
  });

  it('accepts either one alone, or neither', () => {
    expect(parseQuery(StockPicksQuery, query('date=2026-11-20'))).toEqual({ date: '2026-11-20' });
    expect(parseQuery(StockPicksQuery, query('period=latest&limit=5'))).toEqual({ period: 'latest', limit: 5 });
    expect(parseQuery(StockPicksQuery, query(''))).toEqual({});
  });

  it('is judged only once each parameter is valid on its own', () => {
    expect(queryIssuesOf(() => parseQuery(StockPicksQuery, query('date=2026-02-30&period=latest')))).toEqual({
      date: ['must be a real calendar day as YYYY-MM-DD'],
    });
    expect(queryIssuesOf(() => parseQuery(StockPicksQuery, query('date=2026-11-20&period=latest&limit=0')))).toEqual({
      limit: ['must be an integer from 1 to 500'],
    });
  });
});
