import { methodNotAllowed } from '@/lib/api/method-not-allowed';
import { handle } from '@/lib/api/route';
import { createBrief } from '@/lib/api/routes/create-brief';
import { appContext } from '@/lib/app/process-context';
import { briefOffer } from '@/lib/briefs/brief-offer';
import { configuredBriefGenerator } from '@/lib/briefs/configured-generator';
import { env } from '@/lib/env';
import { sellOffer } from '@/lib/payments/sell-offer';
import { enforceRateLimit } from '@/lib/rate-limits/enforce';
import { rateLimitPolicy } from '@/lib/rate-limits/policies';
import { requesterIdentity } from '@/lib/rate-limits/route-limit';

export const dynamic = 'force-dynamic';

export const POST = handle(createBrief, async ({ request, body }) => {
  const { db, embeddings, payments, limits } = await appContext();
  // Reading the candidate posts for claims costs CPU on every quote: briefs share the generation limit, per API key
  // or session token, else per client IP.
  const policy = rateLimitPolicy('generation', env());
  if (policy) await enforceRateLimit(db, limits, policy, requesterIdentity(request));
  const generator = configuredBriefGenerator();
  const offer = await briefOffer(db, request, body.input, { embeddings, setup: payments, generator });
  // The raw body is what MPP binds the payment to: the retry must send the same question.
  return sellOffer(request, offer, body.raw);
});

// POST only. HEAD is answered by Next with this GET handler.
export const GET = methodNotAllowed('POST');
