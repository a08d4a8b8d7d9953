import { publicBaseUrl } from '@/lib/api/base-url';
import { PublicStockPicksResponse, PublicStockPicksResponseWithRecord } from '@/lib/api/contracts/paid';
import type { PublicationRecordHeadline } from '@/lib/api/contracts/track-record';
import { jsonResponse } from '@/lib/api/handler';
import type { PaidOffer } from '@/lib/payments/offer';
import { splitShares, stockPicksPriceCents } from '@/lib/payments/pricing';
import type { PaymentSetup } from '@/lib/payments/setup';
import type { PicksForDay } from './list-for-day';

/**
 * A day of stock picks for sale. The price counts the distinct source articles among the rows actually returned,
 * and each article gets one sale with its share. The resource names the resolved day and limit, so the paid retry
 * recomputes the same rows and price (or, if the day's picks changed meanwhile, a fresh challenge).
 */
export function stockPicksOffer(
  request: Request,
  picks: PicksForDay,
  limit: number,
  setup: PaymentSetup,
  /** With include=publicationRecord: each pick's publication's track record headline, by slug (same price). */
  records: Map<string, PublicationRecordHeadline> | null = null,
): PaidOffer {
  const priceCents = stockPicksPriceCents(picks.articles.length, setup.prices.stockPicksArticleCents);
  const shares = splitShares(priceCents, picks.articles.length);
  const resource = picksResource(picks, limit, records !== null);
  const on = picks.ticker ? ` on ${picks.ticker}` : '';
  const when = picks.days === null ? `of ${picks.day}` : `from ${picks.startDay} to ${picks.day}`;
  return {
    product: 'stock_picks',
    resource,
    url: `${publicBaseUrl(request)}${resource}`,
    description: `Stock picks${on} ${when} (UTC) from ${picks.articles.length} article${picks.articles.length === 1 ? '' : 's'}`,
    priceCents,
    sales: picks.articles.map((article, i) => ({ ...article, shareCents: shares[i]! })),
    respond: () => {
      const body = {
        dateUsed: picks.day,
        startDate: picks.startDay,
        endDate: picks.day,
        asOf: new Date().toISOString(),
        count: picks.items.length,
        items: picks.items,
      };
      // deliver() adds X-Payment-Amount-Usd and X-Payment-Protocol, the only record of the charge here.
      const init = { headers: { 'Cache-Control': 'no-store' } };
      if (records === null) return jsonResponse(PublicStockPicksResponse, body, init);
      const items = picks.items.map((item) => ({
        ...item,
        publicationRecord: records.get(item.publicationSlug ?? ''),
      }));
      return jsonResponse(PublicStockPicksResponseWithRecord, { ...body, items }, init);
    },
  };
}

/**
 * The canonical query of what is sold, in the parameters a client sends. One day (asked for, or resolved from
 * "latest") is named by its date, so the paid retry gets exactly that day; a range by its length, as asked: it is
 * the last N days at the time of the retry, priced again then (a changed price answers with a new challenge).
 */
function picksResource(picks: PicksForDay, limit: number, withRecords: boolean): string {
  const query = new URLSearchParams();
  if (picks.days === null) query.set('date', picks.day);
  else query.set('days', String(picks.days));
  if (picks.ticker) query.set('ticker', picks.ticker);
  query.set('limit', String(limit));
  // What is sold names its shape too (the price does not change with it).
  if (withRecords) query.set('include', 'publicationRecord');
  return `/api/v1/stock-picks?${query.toString()}`;
}
