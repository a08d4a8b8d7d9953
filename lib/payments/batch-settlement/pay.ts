import { encodePaymentResponseHeader } from '@x402/core/http';
import type { x402ResourceServer } from '@x402/core/server';
import type { PaymentPayload, PaymentRequirements, SettleResponse } from '@x402/core/types';
import {
  isBatchSettlementDepositPayload,
  isBatchSettlementRefundPayload,
  isBatchSettlementVoucherPayload,
} from '@x402/evm';
import { getDb } from '@/lib/db/client';
import { REQUEST_ID_HEADER } from '@/lib/operations/request-context';
import { DEV_PAYER_REFUSAL, isDevPayer } from '@/lib/payments/dev-payers';
import type { PaidOffer } from '@/lib/payments/offer';
import { CHANNEL_ACTION_HEADER, type PaymentOutcome, refused } from '@/lib/payments/outcome';
import { centsToUsd } from '@/lib/payments/pricing';
import { transition } from '@/lib/payments/settlements/states';
import type { PaymentSetup } from '@/lib/payments/setup';
import { type ChargeRecorder, type VoucherCharge, withChargeRecorder } from './channel-store';

/** The payments row of one counted voucher: the channel and the cumulative amount it brought the channel to. */
export function voucherPaymentKey(network: string, channelId: string, cumulative: string): string {
  return `x402-batch:${network}:${channelId.toLowerCase()}:${cumulative}`;
}

/**
 * x402 batch-settlement: a deposit (the first request of a channel, or a top-up) or a voucher whose cumulative amount
 * is the channel's charged total plus this price, sold through the same rules as every payment. Route handlers
 * decided 404, 503 and 400 before the offer existed, and sellOffer refused HEAD; then, in order:
 * 1. the SDK's server scheme verifies the payment (the facilitator, or the channel's fresh on-chain state) and
 *    reserves the channel, so a second request on it waits its turn (channel busy);
 * 2. the offer's work is done and its answer built: a failure there cancels the reservation and counts nothing;
 * 3. the SDK counts the voucher (raises the channel's charged total, after the deposit's transaction for a deposit)
 *    in x402_channels, and the sale is recorded in that same transaction: counted and recorded together or neither.
 * Counting moves no money; claims on chain, for many vouchers at once, come later. A voucher whose cumulative amount
 * is not exactly the charged total plus the price (a replay, an old one, a skipped step) is refused by the SDK's
 * check in step 1 and again, under the channel's lock, in step 3.
 *
 * A refund request (the payer asking for its unspent deposit back) is answered here too, and sells nothing.
 */
export async function payWithVoucher(
  request: Request,
  offer: PaidOffer,
  setup: PaymentSetup,
  server: x402ResourceServer,
  payload: PaymentPayload,
  matched: PaymentRequirements,
): Promise<PaymentOutcome> {
  const raw = payload.payload;
  const isRefund = isBatchSettlementRefundPayload(raw);
  if (!isRefund && !isBatchSettlementVoucherPayload(raw) && !isBatchSettlementDepositPayload(raw)) {
    return refused('This batch-settlement payload is neither a deposit, a voucher nor a refund request.');
  }
  if (setup.refuseDevPayers && isDevPayer(String(raw.channelConfig?.payer ?? ''))) return DEV_PAYER_REFUSAL;

  const verified = await server.verifyPayment(payload, matched);
  if (!verified.isValid) {
    // The reason code only; with the payload, a voucher out of step gets the channel's state in the fresh challenge.
    return refused(`The payment was not accepted: ${verified.invalidReason ?? 'invalid'}.`, { x402Payload: payload });
  }
  if (isRefund) return refund(server, payload, matched);

  // Failures from here on end the reservation, so the payer's next request is not held up as busy.
  const cancel = () =>
    server
      .createPaymentCancellationDispatcher(payload, matched)
      .cancel({ reason: 'handler_threw' })
      .catch(() => {});
  let response: Response;
  try {
    await offer.prepare?.();
    response = offer.respond({ amountUsd: centsToUsd(offer.priceCents), protocol: 'x402' });
  } catch (error) {
    await cancel();
    throw error;
  }

  const db = await getDb();
  let counted: VoucherCharge | undefined;
  const record: ChargeRecorder = async (tx, charge) => {
    const raised = BigInt(charge.after.chargedCumulativeAmount) - BigInt(charge.before.chargedCumulativeAmount);
    if (raised !== BigInt(matched.amount)) throw new Error(`a charge of ${raised} for a price of ${matched.amount}`);
    const payment = {
      protocol: 'x402' as const,
      amountCents: offer.priceCents,
      method: 'batch-settlement',
      network: matched.network,
      payer: charge.after.channelConfig.payer.toLowerCase(),
      reference: charge.channelId,
      httpMethod: request.method,
      requestId: request.headers.get(REQUEST_ID_HEADER) ?? undefined,
      delivered: true,
    };
    const key = voucherPaymentKey(matched.network, charge.channelId, charge.after.chargedCumulativeAmount);
    await transition(db, key, 'challenged', 'recorded', { tx, offer, payment: { ...payment, uniqueKey: key } });
    counted = charge;
  };
  let settled: SettleResponse;
  try {
    settled = await withChargeRecorder(record, () => server.settlePayment(payload, matched));
  } catch (error) {
    await cancel();
    const reason = error instanceof Error ? error.message : 'unknown';
    // A deposit whose transaction's fate is unknown: the money, if it moved, sits in the escrow under the payer's
    // channel (the client reads it back from the chain), and nothing was charged.
    return refused(
      `The payment could not be completed (${reason.slice(0, 200)}). Nothing was charged; a deposit that reached the chain stays in your channel, refundable.`,
    );
  }
  // The SDK reports success even when its own bookkeeping after a deposit failed (it only logs that); without a
  // counted charge, nothing was sold.
  if (!settled.success || !counted) {
    await cancel();
    const reason = settled.success ? 'the voucher was not counted' : (settled.errorReason ?? 'settlement_failed');
    return refused(`Settlement failed: ${reason}. Nothing was charged.`, {
      paymentResponse: encodePaymentResponseHeader({ ...settled, success: false, errorReason: reason }),
    });
  }
  response.headers.set('PAYMENT-RESPONSE', encodePaymentResponseHeader(settled));
  response.headers.set('X-Payment-Amount-Usd', centsToUsd(offer.priceCents));
  response.headers.set('X-Payment-Protocol', 'x402');
  return { kind: 'answered', response };
}

/** The payer's cooperative refund: the facilitator claims what was charged and pays back the rest of the deposit. */
async function refund(
  server: x402ResourceServer,
  payload: PaymentPayload,
  matched: PaymentRequirements,
): Promise<PaymentOutcome> {
  let settled: SettleResponse;
  try {
    settled = await server.settlePayment(payload, matched);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unknown';
    return refused(`The refund could not be completed (${reason.slice(0, 200)}). Ask again.`);
  }
  if (!settled.success) {
    return refused(`The refund failed: ${settled.errorReason ?? 'refund_failed'}.`, {
      paymentResponse: encodePaymentResponseHeader(settled),
    });
  }
  const channelId = (payload.payload as { voucher: { channelId: string } }).voucher.channelId;
  const response = Response.json(
    { message: 'Refund acknowledged', channelId },
    {
      headers: {
        'Cache-Control': 'no-store',
        'PAYMENT-RESPONSE': encodePaymentResponseHeader(settled),
        [CHANNEL_ACTION_HEADER]: 'refund',
      },
    },
  );
  return { kind: 'answered', response };
}
