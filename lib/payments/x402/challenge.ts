import { encodePaymentRequiredHeader } from '@x402/core/http';
import type { x402ResourceServer } from '@x402/core/server';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { BATCH_MAX_TIMEOUT_SECONDS } from '@/lib/payments/batch-settlement/server-scheme';
import type { PaidOffer } from '@/lib/payments/offer';
import { centsToUsd } from '@/lib/payments/pricing';
import type { PaymentSetup } from '@/lib/payments/setup';

/** How long a signed x402 authorization may wait before settlement. */
const MAX_TIMEOUT_SECONDS = 300;

/**
 * The x402 requirements for an offer: `exact`, then `batch-settlement` when the setup offers it (a client that knows
 * both picks the first, so payers who never opened a channel keep paying as before). extra.resource binds a payment to
 * what it buys: the SDK matches a payment's accepted requirements against these, extra included, so a payment for one
 * post cannot buy another.
 */
export async function x402Requirements(
  server: x402ResourceServer,
  setup: NonNullable<PaymentSetup['x402']>,
  offer: PaidOffer,
): Promise<PaymentRequirements[]> {
  const common = {
    network: setup.network,
    payTo: setup.payTo,
    price: `$${centsToUsd(offer.priceCents)}`,
    extra: { resource: offer.resource },
  };
  const exact = await server.buildPaymentRequirements({
    ...common,
    scheme: 'exact',
    maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
  });
  if (!setup.batchSettlement) return exact;
  const batch = await server.buildPaymentRequirements({
    ...common,
    scheme: 'batch-settlement',
    maxTimeoutSeconds: BATCH_MAX_TIMEOUT_SECONDS,
  });
  return [...exact, ...batch];
}

/** The PAYMENT-REQUIRED header value (base64 JSON) for an offer, with an optional reason for a refused payment. */
export async function x402ChallengeHeader(
  server: x402ResourceServer,
  requirements: PaymentRequirements[],
  offer: PaidOffer,
  error?: string,
  refusedPayload?: PaymentPayload,
): Promise<string> {
  // With the refused payload, the batch-settlement scheme adds the channel's state to its offer when the voucher's
  // cumulative amount was off, so the payer's client resyncs and signs the right one.
  const paymentRequired = await server.createPaymentRequiredResponse(
    requirements,
    { url: offer.url, description: offer.description, mimeType: 'application/json' },
    error,
    undefined,
    undefined,
    refusedPayload,
  );
  return encodePaymentRequiredHeader(paymentRequired);
}
