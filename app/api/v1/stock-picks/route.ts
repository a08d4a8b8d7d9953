import { STOCK_PICKS_DEFAULT_LIMIT } from '@/lib/api/contracts/paid';
import { handle } from '@/lib/api/route';
import { listStockPicks } from '@/lib/api/routes/list-stock-picks';
import { appContext } from '@/lib/app/process-context';
import { getDb } from '@/lib/db/client';
import { sellOffer } from '@/lib/payments/sell-offer';
import { listPicks } from '@/lib/picks/list-for-day';
import { stockPicksOffer } from '@/lib/picks/stock-picks-offer';

export const dynamic = 'force-dynamic';

export const GET = handle(listStockPicks, async ({ request, query }) => {
  const limit = query.limit ?? STOCK_PICKS_DEFAULT_LIMIT;
  const selection = { day: query.date ?? null, days: query.days, ticker: query.ticker ?? null };
  const picks = await listPicks(await getDb(), selection, limit);
  return sellOffer(request, stockPicksOffer(request, picks, limit, (await appContext()).payments));
});
