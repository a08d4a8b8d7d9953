import { type InferResult, sql } from 'kysely';
import type { z } from 'zod';
import type { PublicStockPickItem } from '@/lib/api/contracts/paid';
import { ApiError } from '@/lib/api/errors';
import { typed } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';
import { utcDay, windowStartDay } from '@/lib/tickers/windows';

export type StockPickItem = z.infer<typeof PublicStockPickItem>;

export interface PicksForDay {
  /** The day returned; for a range, its last day. */
  day: string;
  /** The range's first day; equal to `day` for one day. */
  startDay: string;
  /** The range in days (`days=`), or null for one day. */
  days: number | null;
  ticker: string | null;
  items: StockPickItem[];
  /** The distinct source articles behind the returned rows, in first-seen order: what the price and sales count. */
  articles: Array<{ postId: string; publicationId: string }>;
}

/** What to list: one UTC day (null: the latest that has picks), or the last `days` UTC days; on one ticker or all. */
export interface PicksSelection {
  day: string | null;
  days?: number;
  ticker?: string | null;
}

/**
 * The stock picks of one UTC day (the source article's publication day; extraction day only when that is missing,
 * as stored in pick_day), newest articles first. Without a day, the latest day that has picks. 404 when none exist,
 * decided before any payment.
 */
export async function listPicksForDay(db: Queryable, requestedDay: string | null, limit: number): Promise<PicksForDay> {
  return listPicks(db, { day: requestedDay }, limit);
}

/**
 * The picks of a selection, as listPicksForDay lists a day: with `days`, the last N UTC days ending today (the same
 * windows the ticker detail counts); with a ticker, only its picks, and without a day the latest day it has picks.
 */
export async function listPicks(
  db: Queryable,
  selection: PicksSelection,
  limit: number,
  now = new Date(),
): Promise<PicksForDay> {
  const ticker = selection.ticker ?? null;
  const days = selection.days ?? null;
  const end = days !== null ? utcDay(now) : (selection.day ?? (await latestPickDay(db, ticker)));
  const on = ticker ? ` on ${ticker}` : '';
  if (!end) throw new ApiError({ code: 'not_found', message: `No stock picks${on} have been extracted yet.` });
  const start = days !== null ? windowStartDay(days, now) : end;
  const rows = await selectPicks(db, { start, end, ticker }, limit).execute();
  if (rows.length === 0) {
    const when = days !== null ? `from ${start} to ${end}` : `for ${end}`;
    throw new ApiError({ code: 'not_found', message: `No stock picks${on} ${when} (UTC).` });
  }

  const articles = new Map<string, { postId: string; publicationId: string }>();
  for (const row of rows) articles.set(row.post_id, { postId: row.post_id, publicationId: row.publication_id });
  return { day: end, startDay: start, days, ticker, items: rows.map(toItem), articles: [...articles.values()] };
}

function selectPicks(db: Queryable, range: { start: string; end: string; ticker: string | null }, limit: number) {
  return (
    typed(db)
      .selectFrom('stock_picks as sp')
      .innerJoin('posts as po', 'po.id', 'sp.post_id')
      .innerJoin('publications as pu', 'pu.id', 'po.publication_id')
      .select([
        'sp.id',
        'sp.call_id',
        'sp.author',
        'sp.ticker',
        'sp.ticker_exchange',
        'sp.instrument_type',
        'sp.action',
        'sp.direction',
        'sp.author_conviction',
        'sp.conviction_label',
        'sp.active_pick',
        'sp.evidence_quote',
        'sp.rationale_snippet',
        'po.id as post_id',
        'po.publication_id',
        'po.title as article_title',
        'po.url as article_url',
        'po.published_at',
        'pu.slug as publication_slug',
        'po.slug as post_slug',
      ])
      // The table's checks hold these to the contract's values.
      .$narrowType<{
        instrument_type: StockPickItem['instrumentType'];
        action: StockPickItem['action'];
        direction: StockPickItem['direction'];
      }>()
      .where('sp.pick_day', '>=', sql<Date>`${range.start}::date`)
      .where('sp.pick_day', '<=', sql<Date>`${range.end}::date`)
      .$if(range.ticker !== null, (query) => query.where('sp.ticker', '=', range.ticker!))
      .orderBy('po.published_at', (order) => order.desc().nullsLast())
      .orderBy('po.id')
      .orderBy('sp.author_conviction', 'desc')
      .orderBy('sp.id')
      .limit(limit)
  );
}

type Row = InferResult<ReturnType<typeof selectPicks>>[number];

async function latestPickDay(db: Queryable, ticker: string | null): Promise<string | null> {
  // Two statements, so the common one stays a read of the day index's first entry.
  const [row] = ticker
    ? await db.query<{ day: string | null }>('select max(pick_day)::text as day from stock_picks where ticker = $1', [
        ticker,
      ])
    : await db.query<{ day: string | null }>('select max(pick_day)::text as day from stock_picks');
  return row?.day ?? null;
}

function toItem(row: Row): StockPickItem {
  return {
    id: row.id,
    callId: row.call_id,
    author: row.author,
    articleTitle: row.article_title,
    articleUrl: row.article_url,
    publishedAt: row.published_at?.toISOString() ?? null,
    ticker: row.ticker,
    tickerExchange: row.ticker_exchange,
    instrumentType: row.instrument_type,
    action: row.action,
    direction: row.direction,
    authorConviction: Number(row.author_conviction),
    convictionLabel: row.conviction_label,
    activePick: row.active_pick,
    evidenceQuote: row.evidence_quote,
    rationaleSnippet: row.rationale_snippet,
    publicationSlug: row.publication_slug,
    postSlug: row.post_slug,
  };
}
