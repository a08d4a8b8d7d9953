import { Receipt } from 'mppx';
import { mppRealm } from '@/lib/payments/challenge';
import type { Delivery } from '@/lib/payments/deliver';
import { DEV_PAYER_REFUSAL, isDevPayer, mppCredentialPayer } from '@/lib/payments/dev-payers';
import type { PaidOffer } from '@/lib/payments/offer';
import { type PaymentOutcome, refused } from '@/lib/payments/outcome';
import type { PaymentSetup } from '@/lib/payments/setup';
import { chargeWithMpp } from './charge';

/**
 * MPP: mppx verifies the credential and settles it (on chain or by card) inside chargeWithMpp. A refused credential
 * comes back as mppx's own 402, kept whole so its problem type and fresh challenge reach the client.
 */
export async function payWithMpp(
  request: Request,
  offer: PaidOffer,
  payment: PaymentSetup,
  bodySha256: string,
): Promise<PaymentOutcome> {
  const setup = payment.mpp;
  if (setup && payment.refuseDevPayers && isDevPayer(mppCredentialPayer(request))) return DEV_PAYER_REFUSAL;
  const outcome = setup ? await chargeWithMpp(setup, mppRealm(request, setup), request, offer, bodySha256) : null;
  if (!outcome) return refused('MPP is not enabled on this service.');
  if (outcome.status === 402) return { kind: 'refused', challenge: { mppChallenge: outcome.challenge } };
  const receipt = outcome.withReceipt(new Response(null)).headers.get('Payment-Receipt') ?? '';
  return { kind: 'paid', delivery: mppDelivery(offer, receipt) };
}

/**
 * A settled MPP payment as we record it. Its receipt names the payment (transaction hash or charge id), which makes
 * the unique key; the receipt header is sent on with the answer.
 */
export function mppDelivery(offer: PaidOffer, receiptHeader: string): Delivery {
  const receipt = Receipt.deserialize(receiptHeader);
  return {
    protocol: 'mpp',
    uniqueKey: `mpp:${receipt.method}:${receipt.reference}`,
    amountCents: offer.priceCents,
    method: receipt.method,
    reference: receipt.reference,
    headers: { 'Payment-Receipt': receiptHeader },
  };
}
