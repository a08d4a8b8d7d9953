'use server';

import { z } from 'zod';
import { POST as briefsRoute } from '@/app/api/v1/briefs/route';
import type { ResearchBriefBody } from '@/lib/api/contracts/briefs';
import { accountAction } from '@/lib/dashboard/account-action';
import { type ActionResult, actionResult } from '@/lib/dashboard/action-result';
import { apiRefusal, callApi } from './call-api';

export type BoughtBrief = ResearchBriefBody;

const buyBrief = accountAction({
  returnTo: '/search',
  // The route's own contract refuses a question out of bounds; this keeps an absurd input from reaching it.
  input: z.object({ question: z.string().trim().min(3).max(500), quote: z.string().regex(/^[0-9a-f]{16}$/u) }),
  invalid: 'Ask a question of 3 to 500 characters.',
  run: async ({ user, input: { question, quote } }): Promise<BoughtBrief> => {
    // The quote shown: the route charges exactly that price, or refuses with quote_changed and charges nothing.
    const response = await callApi(briefsRoute, '/api/v1/briefs', {
      json: { question, quote },
      bearer: user.sessionToken,
    });
    if (!response.ok) throw await apiRefusal(response);
    return (await response.json()) as BoughtBrief;
  },
});

/**
 * Buys a research brief for the signed-in user at the price shown: POST /api/v1/briefs with the quote and this
 * browser's session token, so it spends this week's allowance first, then purchased credits, and is recorded like any
 * API purchase (one sale per source).
 */
export async function buyBriefAction(question: string, quote: string): Promise<ActionResult<BoughtBrief>> {
  return actionResult(() => buyBrief({ question, quote }));
}
