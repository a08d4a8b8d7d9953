import { STOCK_PICKS_DEFAULT_LIMIT, StockPicksQuery } from '@/lib/api/contracts/paid';
import { invalidInput } from '@/lib/api/errors';
import { apiRoute } from '@/lib/api/handler';
import { parseQuery } from '@/lib/api/params';
import { getDb } from '@/lib/db/client';
import { sellOffer } from '@/lib/payments/sell-offer';
import { paymentSetup } from '@/lib/payments/setup';
import { listPicksForDay } from '@/lib/picks/list-for-day';
import { stockPicksOffer } from '@/lib/picks/stock-picks-offer';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async (request) => {
  const query = parseQuery(StockPicksQuery, new URL(request.url).searchParams);
  if (query.date !== undefined && query.period !== undefined) {
    throw invalidInput('query', {
      date: ['must not be sent together with period'],
      period: ['must not be sent together with date'],
    });
  }
  const limit = query.limit ?? STOCK_PICKS_DEFAULT_LIMIT;
  const picks = await listPicksForDay(await getDb(), query.date ?? null, limit);
  return sellOffer(request, stockPicksOffer(request, picks, limit, paymentSetup()));
});
