import { STOCK_PICKS_DEFAULT_LIMIT } from '@/lib/api/contracts/paid';
import type { Queryable } from '@/lib/db/types';
import { stockPicksPriceCents } from '@/lib/payments/pricing';
import type { PaymentSetup } from '@/lib/payments/setup';
import { listPicksForDay } from './list-for-day';

/**
 * What a day of stock picks would cost before buying it (the dashboard shows the price on the button): the same
 * rows and pricing as GET /api/v1/stock-picks with its default limit. Null when that day has no picks.
 */
export async function quoteStockPicks(
  db: Queryable,
  day: string | null,
  setup: PaymentSetup,
): Promise<{ day: string; priceCents: number; articles: number } | null> {
  try {
    const picks = await listPicksForDay(db, day, STOCK_PICKS_DEFAULT_LIMIT);
    return {
      day: picks.day,
      articles: picks.articles.length,
      priceCents: stockPicksPriceCents(picks.articles.length, setup.prices.stockPicksArticleCents),
    };
  } catch (error) {
    if ((error as { code?: unknown })?.code === 'not_found') return null;
    throw error;
  }
}
