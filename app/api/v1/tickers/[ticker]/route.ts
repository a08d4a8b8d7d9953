import { TICKER_POSTS_DEFAULT_LIMIT, TickerDetail } from '@/lib/api/contracts/tickers';
import { TICKER_PAST_CALLS_DEFAULT_LIMIT } from '@/lib/api/contracts/track-record';
import { jsonResponse } from '@/lib/api/handler';
import { handle } from '@/lib/api/route';
import { getTicker } from '@/lib/api/routes/get-ticker';
import { getDb } from '@/lib/db/client';
import { getTickerDetail } from '@/lib/tickers/get-detail';

export const dynamic = 'force-dynamic';

export const GET = handle(getTicker, async ({ params, query }) => {
  const detail = await getTickerDetail(await getDb(), params.ticker, {
    postLimit: query.limit ?? TICKER_POSTS_DEFAULT_LIMIT,
    callLimit: query.callLimit ?? TICKER_PAST_CALLS_DEFAULT_LIMIT,
  });
  return jsonResponse(TickerDetail, detail);
});
