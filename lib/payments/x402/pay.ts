import { decodePaymentSignatureHeader, encodePaymentResponseHeader } from '@x402/core/http';
import { type PaymentPayload, type PaymentRequirements, SettleError, type SettleResponse } from '@x402/core/types';
import { ApiError } from '@/lib/api/errors';
import { getDb } from '@/lib/db/client';
import { payWithVoucher } from '@/lib/payments/batch-settlement/pay';
import { DEV_PAYER_REFUSAL, isDevPayer } from '@/lib/payments/dev-payers';
import type { PaidOffer } from '@/lib/payments/offer';
import { type PaymentOutcome, refused } from '@/lib/payments/outcome';
import { isClaimed } from '@/lib/payments/replay-store';
import { authorizationExpiry, reconcileSettlement, settleRefused } from '@/lib/payments/settlements/reconcile';
import { transition } from '@/lib/payments/settlements/states';
import { findSettlement, type SettlementStatus, type WalletSettlement } from '@/lib/payments/settlements/store';
import type { PaymentSetup } from '@/lib/payments/setup';
import { x402Requirements } from './challenge';
import { x402ServerFor } from './resource-server';

const ALREADY_USED = refused('This payment has already been used. Sign a new payment for the current challenge.');

/** The settlement's outcome is unknown: the payer must retry this identical request, not pay again. */
const PAYMENT_PENDING: PaymentOutcome = {
  kind: 'rejected',
  error: new ApiError({
    code: 'payment_pending',
    message:
      'The settlement of this payment has not been confirmed yet. Retry this identical request (same PAYMENT-SIGNATURE) after Retry-After seconds: once it is confirmed you get the content without paying again; if it failed you get a fresh 402. Do not sign a new payment.',
    headers: { 'Retry-After': '10' },
  }),
};

/**
 * The facilitator refused to settle and no chain node can say whether the money moved anyway (another path may have
 * settled the same authorization): the payer is not told nothing was charged, and waits until the authorization
 * can no longer move money.
 */
function refusedUnchecked(reason: string, settlement: WalletSettlement): PaymentOutcome {
  const seconds = Math.ceil((authorizationExpiry(settlement).getTime() - Date.now()) / 1000) + 5;
  return {
    kind: 'rejected',
    error: new ApiError({
      code: 'payment_pending',
      message: `The facilitator refused to settle this payment (${reason}), and this service has no chain node to check that no money moved: it stays on record. Retry this identical request (same PAYMENT-SIGNATURE) after Retry-After seconds, once its authorization has expired: you then get the content if it was settled, or a final answer if not. Do not sign a new payment before then.`,
      headers: { 'Retry-After': String(Math.min(Math.max(seconds, 10), 3600)) },
    }),
  };
}

/** Pending, unchecked on chain, and past the authorization's validity: the operator decides it, the payer may buy anew. */
const UNCONFIRMED_EXPIRED = refused(
  "This payment's settlement could not be confirmed, and this service has no chain node to check it. Its authorization has expired, so it can no longer move money. It is listed for the operator, who delivers the content or refunds the payment if the transfer happened. To buy now, sign a new payment for the current challenge.",
);

/**
 * x402 v2. A batch-settlement payment goes to payWithVoucher. Exact scheme: match the payment to this offer's requirements, have the facilitator verify it, claim its
 * authorization nonce so a replay is refused before any work, and settle. A settled payment is paid: sellOffer then
 * records and delivers it. Every other outcome is a refusal, and nothing was charged.
 */
export async function payWithX402(
  request: Request,
  offer: PaidOffer,
  payment: PaymentSetup,
  header: string,
): Promise<PaymentOutcome> {
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
  if (matched.scheme === 'batch-settlement') return payWithVoucher(request, offer, payment, server, payload, matched);
  const authorization = (payload.payload as { authorization?: { nonce?: unknown; from?: unknown } }).authorization;
  // Checked before the facilitator is asked anything; its verification then binds `from` to the signature.
  if (payment.refuseDevPayers && isDevPayer(String(authorization?.from ?? ''))) return DEV_PAYER_REFUSAL;
  const nonce = String(authorization?.nonce ?? '');
  const uniqueKey = `x402:${matched.network}:${nonce.toLowerCase()}`;
  if (!nonce) return ALREADY_USED;
  if (await isClaimed(uniqueKey)) return afterEarlierAttempt(uniqueKey, offer, setup);

  const verified = await server.verifyPayment(payload, matched);
  if (!verified.isValid) {
    // The reason code only: the facilitator's message can carry contract-call internals.
    return refused(`The payment was not accepted: ${verified.invalidReason ?? 'invalid'}.`);
  }
  // Verified, nothing claimed or moved yet: the offer's work (a brief's answer) is done now, and its failure charges
  // nothing.
  await offer.prepare?.();
  const db = await getDb();
  const until = new Date(Date.now() + (matched.maxTimeoutSeconds + 3600) * 1000);
  const claimed = await transition(db, uniqueKey, 'challenged', 'claimed', {
    value: { payer: verified.payer ?? null },
    until,
  });
  if (!claimed) return ALREADY_USED;

  // From here the money may move: the settlement is on record before the facilitator is asked.
  const opened = await transition(db, uniqueKey, 'claimed', 'settling', {
    resource: offer.resource,
    amountCents: offer.priceCents,
    network: matched.network,
    payer: verified.payer ?? null,
    payload,
    requirements: matched,
  });
  // A row of this key already pending or settled (its claim had expired): it is decided from what it holds.
  if (!opened.applied) return afterEarlierAttempt(uniqueKey, offer, setup);
  let settled: SettleResponse;
  try {
    settled = await server.settlePayment(payload, matched);
  } catch (error) {
    // A facilitator that answered with a failure is a failure; a timeout or a broken answer is not: the transfer
    // may be on chain. That settlement stays pending, the nonce stays claimed, and the payer is told to retry.
    if (!(error instanceof SettleError)) {
      const message = error instanceof Error ? error.message : 'unknown';
      const change = await transition(db, uniqueKey, 'settling', 'settling', message);
      return change.status === 'settled' ? deliverSettled(uniqueKey, offer) : PAYMENT_PENDING;
    }
    settled = {
      success: false,
      errorReason: error.errorReason ?? 'settlement_failed',
      transaction: error.transaction ?? '',
      network: matched.network,
    };
  }
  if (!settled.success) {
    const reason = settled.errorReason ?? 'settlement_failed';
    const settlement = (await findSettlement(db, uniqueKey))!;
    const change = await settleRefused(db, settlement, setup, reason);
    if (change.status === 'settled') return deliverSettled(uniqueKey, offer);
    if (change.status !== 'failed') return setup.rpcUrl ? PAYMENT_PENDING : refusedUnchecked(reason, settlement);
    // Released only by the path whose failed write applied: one that found it failed leaves the key to the retry.
    if (change.applied) await transition(db, uniqueKey, 'failed', 'released');
    return settlementFailed(reason, matched.network, settled.payer);
  }
  await transition(db, uniqueKey, 'settling', 'settled', { transaction: settled.transaction, payer: settled.payer });
  return paidWith(uniqueKey, offer, {
    network: matched.network,
    payer: settled.payer ?? verified.payer,
    transaction: settled.transaction,
    response: settled,
  });
}

/**
 * A payment whose nonce is already claimed: a replay, or the payer retrying after an unknown outcome. A settlement
 * still pending is reconciled now; once settled and not yet delivered, this identical request gets the content
 * without paying again; failed, it is released and nothing was charged. Anything else is a replay.
 */
async function afterEarlierAttempt(
  uniqueKey: string,
  offer: PaidOffer,
  setup: NonNullable<PaymentSetup['x402']>,
): Promise<PaymentOutcome> {
  const db = await getDb();
  const earlier = await findSettlement(db, uniqueKey);
  if (!earlier || earlier.delivered || earlier.resource !== offer.resource) return ALREADY_USED;
  const status: SettlementStatus =
    earlier.status === 'pending' ? await reconcileSettlement(db, earlier, setup) : earlier.status;
  if (status === 'pending') {
    // With no chain to ask, the retry cannot learn more than the facilitator says: once the authorization can no
    // longer move money, the payer gets a final answer instead of a retry loop, and the operator the pending row.
    const expired = !setup.rpcUrl && Date.now() > authorizationExpiry(earlier).getTime();
    return expired ? UNCONFIRMED_EXPIRED : PAYMENT_PENDING;
  }
  if (status === 'failed') {
    await transition(db, uniqueKey, 'failed', 'released');
    const failed = (await findSettlement(db, uniqueKey))!;
    return settlementFailed(failed.lastError ?? 'settlement_failed', failed.network, failed.payer ?? undefined);
  }
  return deliverSettled(uniqueKey, offer);
}

/** A settlement on record as settled, answered as paid from what the row holds. */
async function deliverSettled(uniqueKey: string, offer: PaidOffer): Promise<PaymentOutcome> {
  const settled = (await findSettlement(await getDb(), uniqueKey))!;
  return paidWith(uniqueKey, offer, {
    network: settled.network,
    payer: settled.payer ?? undefined,
    transaction: settled.transaction ?? '',
    response: {
      success: true,
      transaction: settled.transaction ?? '',
      network: settled.network as SettleResponse['network'],
      payer: settled.payer ?? undefined,
    },
  });
}

function paidWith(
  uniqueKey: string,
  offer: PaidOffer,
  settled: { network: string; payer?: string; transaction: string; response: SettleResponse },
): PaymentOutcome {
  return {
    kind: 'paid',
    delivery: {
      protocol: 'x402',
      uniqueKey,
      amountCents: offer.priceCents,
      method: 'exact',
      network: settled.network,
      payer: settled.payer,
      reference: settled.transaction,
      headers: { 'PAYMENT-RESPONSE': encodePaymentResponseHeader(settled.response) },
    },
  };
}

function settlementFailed(reason: string, network: string, payer?: string): PaymentOutcome {
  const failure: SettleResponse = {
    success: false,
    errorReason: reason,
    transaction: '',
    network: network as SettleResponse['network'],
    payer,
  };
  return refused(`Settlement failed: ${reason}. Nothing was charged.`, {
    paymentResponse: encodePaymentResponseHeader(failure),
  });
}
