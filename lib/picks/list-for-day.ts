import type { z } from 'zod';
import type { PublicStockPickItem } from '@/lib/api/contracts/paid';
import { ApiError } from '@/lib/api/errors';
import type { Queryable } from '@/lib/db/types';

export type StockPickItem = z.infer<typeof PublicStockPickItem>;

export interface PicksForDay {
  day: string;
  items: StockPickItem[];
  /** The distinct source articles behind the returned rows, in first-seen order: what the price and sales count. */
  articles: Array<{ postId: string; publicationId: string }>;
}

interface Row {
  [key: string]: unknown;
  id: string;
  call_id: string;
  author: string;
  ticker: string;
  ticker_exchange: string | null;
  instrument_type: StockPickItem['instrumentType'];
  action: StockPickItem['action'];
  direction: StockPickItem['direction'];
  author_conviction: number;
  conviction_label: string;
  active_pick: boolean;
  evidence_quote: string;
  rationale_snippet: string | null;
  post_id: string;
  publication_id: string;
  article_title: string;
  article_url: string;
  published_at: Date | null;
  publication_slug: string;
  post_slug: string;
}

/**
 * The stock picks of one UTC day (the source article's publication day; extraction day only when that is missing,
 * as stored in pick_day), newest articles first. Without a day, the latest day that has picks. 404 when none exist,
 * decided before any payment.
 */
export async function listPicksForDay(db: Queryable, requestedDay: string | null, limit: number): Promise<PicksForDay> {
  const day = requestedDay ?? (await latestPickDay(db));
  if (!day) throw new ApiError({ code: 'not_found', message: 'No stock picks have been extracted yet.' });
  const rows = await db.query<Row>(
    `select sp.id, sp.call_id, sp.author, sp.ticker, sp.ticker_exchange, sp.instrument_type, sp.action, sp.direction,
            sp.author_conviction, sp.conviction_label, sp.active_pick, sp.evidence_quote, sp.rationale_snippet,
            po.id as post_id, po.publication_id, po.title as article_title, po.url as article_url, po.published_at,
            pu.slug as publication_slug, po.slug as post_slug
       from stock_picks sp
       join posts po on po.id = sp.post_id
       join publications pu on pu.id = po.publication_id
      where sp.pick_day = $1::date
      order by po.published_at desc nulls last, po.id, sp.author_conviction desc, sp.id
      limit $2`,
    [day, limit],
  );
  if (rows.length === 0) throw new ApiError({ code: 'not_found', message: `No stock picks for ${day} (UTC).` });

  const articles = new Map<string, { postId: string; publicationId: string }>();
  for (const row of rows) articles.set(row.post_id, { postId: row.post_id, publicationId: row.publication_id });
  return { day, items: rows.map(toItem), articles: [...articles.values()] };
}

async function latestPickDay(db: Queryable): Promise<string | null> {
  const [row] = await db.query<{ day: string | null }>(`select max(pick_day)::text as day from stock_picks`);
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
