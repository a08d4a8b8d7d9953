import { ApiError } from '@/lib/api/errors';
import { apiRoute } from '@/lib/api/handler';
import { readLimitedBody } from '@/lib/api/read-limited-body';
import { applyStripeEvent } from '@/lib/billing/stripe-events';
import { verifyStripeWebhook } from '@/lib/billing/stripe-webhook';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';

// Stripe's events are a few kilobytes; nothing legitimate comes near this.
const MAX_BODY_BYTES = 512 * 1024;

/**
 * Stripe's webhook: verify the signature over the exact bytes received, then apply the event once (credit packs
 * granted on payment, reversed on refunds and lost disputes). A 2xx tells Stripe to stop retrying; a failure
 * (5xx) makes it deliver the event again later, which is safe because events apply once.
 */
export const POST = apiRoute(async (request) => {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret)
    throw new ApiError({ code: 'not_found', message: 'Stripe webhooks are not configured on this service.' });
  const body = await readLimitedBody(request, MAX_BODY_BYTES);
  const event = verifyStripeWebhook(body, request.headers.get('stripe-signature'), secret);
  const outcome = await applyStripeEvent(await getDb(), event);
  return Response.json({ received: true, id: event.id, outcome: outcome.action });
});
