import { STOCK_PICKS_DEFAULT_LIMIT } from '@/lib/api/contracts/paid';
import type { Queryable } from '@/lib/db/types';
import { stockPicksPriceCents } from '@/lib/payments/pricing';
import type { PaymentSetup } from '@/lib/payments/setup';
import { listPicks, type PicksSelection } from './list-for-day';

export interface PicksQuote {
  day: string;
  startDay: string;
  priceCents: number;
  articles: number;
  picks: number;
}

/**
 * What a day of stock picks would cost before buying it (the dashboard shows the price on the button): the same
 * rows and pricing as GET /api/v1/stock-picks with its default limit. Null when that day has no picks.
 */
export async function quoteStockPicks(
  db: Queryable,
  day: string | null,
  setup: PaymentSetup,
): Promise<{ day: string; priceCents: number; articles: number } | null> {
  const quote = await quotePicks(db, { day }, setup);
  return quote && { day: quote.day, priceCents: quote.priceCents, articles: quote.articles };
}

/** The same for any selection the route sells (a ticker, the last N days). Null when nothing matches. */
export async function quotePicks(
  db: Queryable,
  selection: PicksSelection,
  setup: PaymentSetup,
): Promise<PicksQuote | null> {
  try {
    const picks = await listPicks(db, selection, STOCK_PICKS_DEFAULT_LIMIT);
    return {
      day: picks.day,
      startDay: picks.startDay,
      articles: picks.articles.length,
      picks: picks.items.length,
      priceCents: stockPicksPriceCents(picks.articles.length, setup.prices.stockPicksArticleCents),
    };
  } catch (error) {
    if ((error as { code?: unknown })?.code === 'not_found') return null;
    throw error;
  }
}
