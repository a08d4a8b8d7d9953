'use server';

import { z } from 'zod';
import { GET as getStockPicks } from '@/app/api/v1/stock-picks/route';
import type { BoughtPicks } from '@/app/search/actions';
import { apiRefusal, callApi } from '@/app/search/call-api';
import { type PublicStockPicksResponseWithRecord, STOCK_PICKS_MAX_DAYS } from '@/lib/api/contracts/paid';
import { Ticker } from '@/lib/api/contracts/tickers';
import { accountAction } from '@/lib/dashboard/account-action';
import { type ActionResult, actionResult } from '@/lib/dashboard/action-result';

const buyTickerPicks = accountAction({
  returnTo: '/search',
  input: z.object({ ticker: Ticker, days: z.number().int().min(1).max(STOCK_PICKS_MAX_DAYS) }),
  invalid: 'That ticker or range is not one the stock-picks route sells.',
  run: async ({ user, input: { ticker, days } }): Promise<BoughtPicks> => {
    // With each pick's publication's track record headline (same price), so the bought picks can be sorted by it.
    const query = new URLSearchParams({ ticker, days: String(days), include: 'publicationRecord' });
    const response = await callApi(getStockPicks, `/api/v1/stock-picks?${query}`, { bearer: user.sessionToken });
    if (!response.ok) throw await apiRefusal(response);
    const picks = (await response.json()) as typeof PublicStockPicksResponseWithRecord._zod.output;
    return { ...picks, amountUsd: response.headers.get('x-payment-amount-usd') ?? '0.00' };
  },
});

/**
 * Buys a ticker's calls of the last `days` days for the signed-in user, through the paid route with the browser's
 * session token (allowance first, then credits), as the search page buys a day's picks.
 */
export async function buyTickerPicksAction(ticker: string, days: number): Promise<ActionResult<BoughtPicks>> {
  return actionResult(() => buyTickerPicks({ ticker, days }));
}
