import { decodePaymentSignatureHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequirements, SettleResponse } from '@x402/core/types';
import { DEV_PAYER_REFUSAL, isDevPayer } from '@/lib/payments/dev-payers';
import type { PaidOffer } from '@/lib/payments/offer';
import { type PaymentOutcome, refused } from '@/lib/payments/outcome';
import { claimKey, isClaimed, releaseKey } from '@/lib/payments/replay-store';
import type { PaymentSetup } from '@/lib/payments/setup';
import { x402Requirements } from './challenge';
import { x402ServerFor } from './resource-server';

const ALREADY_USED = refused('This payment has already been used. Sign a new payment for the current challenge.');

/**
 * x402 v2, exact scheme: match the payment to this offer's requirements, have the facilitator verify it, claim its
 * authorization nonce so a replay is refused before any work, and settle. A settled payment is paid: sellOffer then
 * records and delivers it. Every other outcome is a refusal, and nothing was charged.
 */
export async function payWithX402(offer: PaidOffer, payment: PaymentSetup, header: string): Promise<PaymentOutcome> {
  const setup = payment.x402;
  if (!setup) return refused('x402 is not enabled on this service.');
  let payload: PaymentPayload;
  try {
    payload = decodePaymentSignatureHeader(header);
  } catch {
    return refused('PAYMENT-SIGNATURE is not a base64-encoded x402 payment payload.');
  }
  const server = await x402ServerFor(setup);
  const requirements = await x402Requirements(server, setup, offer);
  let matched: PaymentRequirements | undefined;
  try {
    matched = server.findMatchingRequirements(requirements, payload);
  } catch {
    return refused('Unsupported x402 version: this service speaks x402 v2.');
  }
  if (!matched) {
    return refused(
      'The payment does not match this request: its price, asset, network, payee or resource differ. Pay the current challenge.',
    );
  }
  const authorization = (payload.payload as { authorization?: { nonce?: unknown; from?: unknown } }).authorization;
  // Checked before the facilitator is asked anything; its verification then binds `from` to the signature.
  if (payment.refuseDevPayers && isDevPayer(String(authorization?.from ?? ''))) return DEV_PAYER_REFUSAL;
  const nonce = String(authorization?.nonce ?? '');
  const uniqueKey = `x402:${matched.network}:${nonce.toLowerCase()}`;
  if (!nonce || (await isClaimed(uniqueKey))) return ALREADY_USED;

  const verified = await server.verifyPayment(payload, matched);
  if (!verified.isValid) {
    // The reason code only: the facilitator's message can carry contract-call internals.
    return refused(`The payment was not accepted: ${verified.invalidReason ?? 'invalid'}.`);
  }
  const claimUntil = new Date(Date.now() + (matched.maxTimeoutSeconds + 3600) * 1000);
  if (!(await claimKey(uniqueKey, { payer: verified.payer ?? null }, claimUntil))) return ALREADY_USED;

  let settled: SettleResponse;
  try {
    settled = await server.settlePayment(payload, matched);
  } catch (error) {
    settled = {
      success: false,
      errorReason: 'settlement_failed',
      transaction: '',
      network: matched.network,
      errorMessage: error instanceof Error ? error.message : undefined,
    };
  }
  if (!settled.success) {
    await releaseKey(uniqueKey);
    const failure: SettleResponse = {
      success: false,
      errorReason: settled.errorReason ?? 'settlement_failed',
      transaction: settled.transaction ?? '',
      network: matched.network,
      payer: settled.payer,
    };
    return refused(`Settlement failed: ${failure.errorReason}. Nothing was charged.`, {
      paymentResponse: encodePaymentResponseHeader(failure),
    });
  }
  return {
    kind: 'paid',
    delivery: {
      protocol: 'x402',
      uniqueKey,
      amountCents: offer.priceCents,
      method: 'exact',
      network: matched.network,
      payer: settled.payer ?? verified.payer,
      reference: settled.transaction,
      headers: { 'PAYMENT-RESPONSE': encodePaymentResponseHeader(settled) },
    },
  };
}
