import { PICK_ACTIONS } from '@/lib/api/contracts/common';
import type { TickerCallCounts, TickerDetail } from '@/lib/api/contracts/tickers';
import { TICKER_PAST_CALLS_DEFAULT_LIMIT } from '@/lib/api/contracts/track-record';
import { ApiError } from '@/lib/api/errors';
import type { Queryable } from '@/lib/db/types';
import { instrumentFor } from '@/lib/reference/universe';
import { tickerPastCalls } from '@/lib/track-record/ticker-calls';
import { latestTickerPosts } from './latest-posts';
import { mentionedPostsSql } from './mentioned-posts';
import { TICKER_WINDOWS, windowStartDay } from './windows';

type Direction = keyof TickerCallCounts['byDirection'];
type Action = keyof TickerCallCounts['byAction'];

/**
 * What newsletters say about a ticker: its company, how many posts named it and how many calls they made on it in
 * the last 7, 30 and 90 days, the publications that called it, and its newest posts. Free. 404 when the reference
 * data does not know the ticker and no post mentions or calls it.
 */
export async function getTickerDetail(
  db: Queryable,
  ticker: string,
  options: { postLimit: number; callLimit?: number; now?: Date },
): Promise<TickerDetail> {
  const now = options.now ?? new Date();
  const starts = TICKER_WINDOWS.map((days) => windowStartDay(days, now));
  const [postCounts, callRows, publications, latestPosts, pastCalls] = await Promise.all([
    countPosts(db, ticker, starts),
    countCalls(db, ticker, starts),
    callingPublications(db, ticker),
    latestTickerPosts(db, ticker, options.postLimit),
    tickerPastCalls(db, ticker, options.callLimit ?? TICKER_PAST_CALLS_DEFAULT_LIMIT),
  ]);
  const company = instrumentFor(ticker);
  if (!company && latestPosts.length === 0) {
    throw new ApiError({ code: 'not_found', message: `No company or post is known for the ticker ${ticker}.` });
  }
  return {
    ticker,
    company: company ? { name: company.name, exchange: company.exchange, type: company.type } : null,
    asOf: now.toISOString(),
    windows: TICKER_WINDOWS.map((days, i) => ({
      days,
      startDate: starts[i]!,
      posts: postCounts[i] ?? 0,
      calls: tally(callRows.filter((row) => row.day >= starts[i]!)),
    })),
    publications,
    pastCalls,
    latestPosts,
  };
}

async function countPosts(db: Queryable, ticker: string, starts: string[]): Promise<number[]> {
  const [row] = await db.query<{ counts: number[] }>(
    `select array[${starts.map((_, i) => `count(*) filter (where p.published_at >= $${i + 2}::date)::int`).join(', ')}] as counts
       from (${mentionedPostsSql('$1')}) m join posts p on p.id = m.post_id`,
    [ticker, ...starts],
  );
  return row?.counts ?? starts.map(() => 0);
}

type CallRow = { day: string; direction: Direction; action: Action; n: number };

// Grouped by day in SQL (at most 90 days × 12 kinds of call), windowed here.
async function countCalls(db: Queryable, ticker: string, starts: string[]): Promise<CallRow[]> {
  return db.query<CallRow>(
    `select pick_day::text as day, direction, action, count(*)::int as n
       from stock_picks where ticker = $1 and pick_day >= $2::date
      group by pick_day, direction, action`,
    [ticker, starts.reduce((a, b) => (a < b ? a : b))],
  );
}

function tally(rows: CallRow[]): TickerCallCounts {
  const counts: TickerCallCounts = {
    total: 0,
    byDirection: { LONG: 0, SHORT: 0 },
    byAction: Object.fromEntries(PICK_ACTIONS.map((action) => [action, 0])) as TickerCallCounts['byAction'],
  };
  for (const row of rows) {
    counts.total += row.n;
    counts.byDirection[row.direction] += row.n;
    counts.byAction[row.action] += row.n;
  }
  return counts;
}

async function callingPublications(db: Queryable, ticker: string): Promise<TickerDetail['publications']> {
  const rows = await db.query<{ slug: string; title: string | null; calls: number; last_day: string }>(
    `select pu.slug, pu.title, count(*)::int as calls, max(sp.pick_day)::text as last_day
       from stock_picks sp join posts po on po.id = sp.post_id join publications pu on pu.id = po.publication_id
      where sp.ticker = $1
      group by pu.id, pu.slug, pu.title
      order by last_day desc, calls desc, pu.slug`,
    [ticker],
  );
  return rows.map((row) => ({
    publicationSlug: row.slug,
    title: row.title,
    calls: row.calls,
    lastCallDate: row.last_day,
  }));
}
