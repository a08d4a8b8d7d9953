'use server';

import { z } from 'zod';
import { GET as getPaidPost } from '@/app/api/v1/publications/[publicationSlug]/[postSlug]/route';
import { GET as getStockPicks } from '@/app/api/v1/stock-picks/route';
import type { PublicStockPicksResponseWithRecord } from '@/lib/api/contracts/paid';
import { PostSlug, PublicationSlug } from '@/lib/api/contracts/path';
import { accountAction } from '@/lib/dashboard/account-action';
import { type ActionResult, actionResult } from '@/lib/dashboard/action-result';
import { apiRefusal, callApi } from './call-api';

export interface BoughtSummary {
  title: string;
  summary: string;
  url: string;
  amountUsd: string;
  spendSource: string | null;
}

const buySummary = accountAction({
  returnTo: '/search',
  // The API's own path contracts: a slug it would refuse is, to the person on the page, a post that does not exist.
  input: z.object({ publicationSlug: PublicationSlug, postSlug: PostSlug }),
  invalid: 'That post does not exist.',
  run: async ({ user, input: { publicationSlug, postSlug } }): Promise<BoughtSummary> => {
    const response = await callApi(
      getPaidPost,
      `/api/v1/publications/${encodeURIComponent(publicationSlug)}/${encodeURIComponent(postSlug)}`,
      { params: { publicationSlug, postSlug }, bearer: user.sessionToken },
    );
    if (!response.ok) throw await apiRefusal(response);
    const post = (await response.json()) as {
      title: string;
      synthesizedSummary: string;
      url: string;
      paymentInfo?: { amountUsd: string; spendSource?: string };
    };
    return {
      title: post.title,
      summary: post.synthesizedSummary,
      url: post.url,
      amountUsd: post.paymentInfo?.amountUsd ?? '0.00',
      spendSource: post.paymentInfo?.spendSource ?? null,
    };
  },
});

/**
 * Buys a post's summary for the signed-in user: the paid API route is called with this browser's session token, so
 * it spends this week's allowance first, then purchased credits, and is recorded like any API purchase.
 */
export async function buySummaryAction(
  publicationSlug: string,
  postSlug: string,
): Promise<ActionResult<BoughtSummary>> {
  return actionResult(() => buySummary({ publicationSlug, postSlug }));
}

export type BoughtPicks = typeof PublicStockPicksResponseWithRecord._zod.output & { amountUsd: string };

const buyStockPicks = accountAction({
  returnTo: '/search',
  input: z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  invalid: 'Choose a day as YYYY-MM-DD.',
  run: async ({ user, input: { day } }): Promise<BoughtPicks> => {
    // With each pick's publication's track record headline (same price), so the bought picks can be sorted by it.
    const response = await callApi(getStockPicks, `/api/v1/stock-picks?date=${day}&include=publicationRecord`, {
      bearer: user.sessionToken,
    });
    if (!response.ok) throw await apiRefusal(response);
    const picks = (await response.json()) as typeof PublicStockPicksResponseWithRecord._zod.output;
    return { ...picks, amountUsd: response.headers.get('x-payment-amount-usd') ?? '0.00' };
  },
});

/** Buys a day's stock picks for the signed-in user, the same way. */
export async function buyStockPicksAction(day: string): Promise<ActionResult<BoughtPicks>> {
  return actionResult(() => buyStockPicks({ day }));
}
