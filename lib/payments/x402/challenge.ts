import { encodePaymentRequiredHeader } from '@x402/core/http';
import type { x402ResourceServer } from '@x402/core/server';
import type { PaymentRequirements } from '@x402/core/types';
import type { PaidOffer } from '@/lib/payments/offer';
import { centsToUsd } from '@/lib/payments/pricing';
import type { PaymentSetup } from '@/lib/payments/setup';

/** How long a signed x402 authorization may wait before settlement. */
const MAX_TIMEOUT_SECONDS = 300;

/**
 * The x402 "exact" requirements for an offer. extra.resource binds a payment to what it buys: the SDK matches a
 * payment's accepted requirements against these, extra included, so a payment for one post cannot buy another.
 */
export function x402Requirements(
  server: x402ResourceServer,
  setup: NonNullable<PaymentSetup['x402']>,
  offer: PaidOffer,
): Promise<PaymentRequirements[]> {
  return server.buildPaymentRequirements({
    scheme: 'exact',
    network: setup.network,
    payTo: setup.payTo,
    price: `$${centsToUsd(offer.priceCents)}`,
    maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
    extra: { resource: offer.resource },
  });
}

/** The PAYMENT-REQUIRED header value (base64 JSON) for an offer, with an optional reason for a refused payment. */
export async function x402ChallengeHeader(
  server: x402ResourceServer,
  requirements: PaymentRequirements[],
  offer: PaidOffer,
  error?: string,
): Promise<string> {
  const paymentRequired = await server.createPaymentRequiredResponse(
    requirements,
    { url: offer.url, description: offer.description, mimeType: 'application/json' },
    error,
  );
  return encodePaymentRequiredHeader(paymentRequired);
}
