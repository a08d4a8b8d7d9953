import { STOCK_PICKS_DEFAULT_LIMIT } from '@/lib/api/contracts/paid';
import { handle } from '@/lib/api/route';
import { listStockPicks } from '@/lib/api/routes/list-stock-picks';
import { appContext } from '@/lib/app/process-context';
import { getDb } from '@/lib/db/client';
import { sellOffer } from '@/lib/payments/sell-offer';
import { listPicks } from '@/lib/picks/list-for-day';
import { stockPicksOffer } from '@/lib/picks/stock-picks-offer';
import { recordHeadlines } from '@/lib/track-record/headline';

export const dynamic = 'force-dynamic';

export const GET = handle(listStockPicks, async ({ request, query }) => {
  const limit = query.limit ?? STOCK_PICKS_DEFAULT_LIMIT;
  const selection = { day: query.date ?? null, days: query.days, ticker: query.ticker ?? null };
  const db = await getDb();
  const picks = await listPicks(db, selection, limit);
  // Read before any payment, so a failure here charges nothing; the price does not depend on it.
  const records =
    query.include === 'publicationRecord'
      ? await recordHeadlines(
          db,
          picks.items.flatMap((item) => (item.publicationSlug ? [item.publicationSlug] : [])),
        )
      : null;
  return sellOffer(request, stockPicksOffer(request, picks, limit, (await appContext()).payments, records));
});
