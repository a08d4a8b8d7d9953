import type { PaidOffer } from '@/lib/payments/offer';
import { centsToUsd } from '@/lib/payments/pricing';
import type { PaymentSetup } from '@/lib/payments/setup';
import { mppServerFor } from './server';

/** Stripe cannot charge a card less than 50 US cents, so the card method is offered only from there. */
export const CARD_MINIMUM_CENTS = 50;

/** How many requests a session channel's suggested deposit pays for. */
export const SESSION_DEPOSIT_REQUESTS = 100;

export type MppOutcome =
  | { status: 402; challenge: Response }
  | { status: 200; withReceipt: (response: Response) => Response };

/**
 * Runs mppx for an offer. Without a credential it returns the challenge; with one, mppx verifies it and settles the
 * payment (on chain or by card) before returning 200, which is why the caller resolves content and price first.
 * scope binds the payment to the resource and meta.body to the request body, so neither can be swapped.
 */
export async function chargeWithMpp(
  setup: NonNullable<PaymentSetup['mpp']>,
  realm: string,
  request: Request,
  offer: PaidOffer,
  bodySha256: string,
): Promise<MppOutcome | null> {
  const mpp = mppServerFor(setup, realm);
  const common = { description: offer.description, scope: offer.resource, meta: { body: bodySha256 } };
  const entries: Array<readonly [string, Record<string, unknown>]> = [];
  if (setup.tempo) entries.push(['tempo/charge', { ...common, amount: centsToUsd(offer.priceCents) }]);
  // After tempo.charge: a client that knows both picks the one-off charge; a session client opens a channel with
  // a deposit for a hundred such requests (or its own cap) and pays each with a voucher.
  if (setup.tempo?.session) {
    entries.push([
      'tempo/session',
      {
        ...common,
        amount: centsToUsd(offer.priceCents),
        unitType: 'request',
        suggestedDeposit: centsToUsd(offer.priceCents * SESSION_DEPOSIT_REQUESTS),
      },
    ]);
  }
  if (setup.stripe && offer.priceCents >= CARD_MINIMUM_CENTS) {
    entries.push(['stripe/charge', { ...common, amount: centsToUsd(offer.priceCents) }]);
  }
  if (entries.length === 0) return null;
  const handler = (mpp.compose as (...e: unknown[]) => (r: Request) => Promise<MppOutcome>)(...entries);
  return handler(request);
}
