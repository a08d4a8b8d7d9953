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
  input: z.object({ question: z.string().trim().min(3).max(500) }),
  invalid: 'Ask a question of 3 to 500 characters.',
  run: async ({ user, input: { question } }): Promise<BoughtBrief> => {
    const response = await callApi(briefsRoute, '/api/v1/briefs', { json: { question }, bearer: user.sessionToken });
    if (!response.ok) throw await apiRefusal(response);
    return (await response.json()) as BoughtBrief;
  },
});

/**
 * Buys a research brief for the signed-in user: POST /api/v1/briefs with this browser's session token, so it spends
 * this week's allowance first, then purchased credits, and is recorded like any API purchase (one sale per source).
 */
export async function buyBriefAction(question: string): Promise<ActionResult<BoughtBrief>> {
  return actionResult(() => buyBrief({ question }));
}
