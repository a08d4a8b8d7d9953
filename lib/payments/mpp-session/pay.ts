import type { Credential } from 'mppx';
import type { Db } from '@/lib/db/types';
import { REQUEST_ID_HEADER } from '@/lib/operations/request-context';
import { mppRealm } from '@/lib/payments/challenge';
import { chargeWithMpp } from '@/lib/payments/mpp/charge';
import type { PaidOffer } from '@/lib/payments/offer';
import { CHANNEL_ACTION_HEADER, type PaymentOutcome, refused } from '@/lib/payments/outcome';
import { centsToUsd } from '@/lib/payments/pricing';
import { transition } from '@/lib/payments/settlements/states';
import type { PaymentSetup } from '@/lib/payments/setup';
import { type SessionChargeRecorder, withSessionChargeRecorder } from './channel-store';

type MppSetup = NonNullable<PaymentSetup['mpp']>;

/** The payments row of one charge on a session channel: the channel and what it had spent after this request. */
export function sessionPaymentKey(chainId: number, channelId: string, spent: bigint): string {
  return `mpp-session:tempo:${chainId}:${channelId.toLowerCase()}:${spent}`;
}

/**
 * MPP `tempo.session`: an open (the first request of a channel) or a voucher, sold through the same rules as every
 * payment. Route handlers decided 404, 503 and 400 before the offer existed, and sellOffer refused HEAD; then the
 * offer's work is done and its answer built (a failure there charges nothing), and only then does mppx verify the
 * credential, accept its voucher and charge the price from the channel (raise its `spent`), with the sale recorded
 * in the transaction that commits that charge (withSessionChargeRecorder): charged and recorded together or neither.
 * A voucher that is not above the last one, or does not leave the price, is refused by mppx and charges nothing.
 * Charging moves no money; the reconcile job settles spent vouchers on chain (lib/payments/mpp-session/settle).
 *
 * A close or a top-up sells nothing: mppx closes the channel on chain (the payee keeps what was spent, the rest goes
 * back to the payer) or takes the payer's top-up, and the answer says so.
 */
export async function payWithMppSession(
  db: Db,
  request: Request,
  offer: PaidOffer,
  setup: MppSetup,
  bodySha256: string,
  credential: Credential.Credential,
): Promise<PaymentOutcome> {
  const tempo = setup.tempo;
  if (!tempo?.session) return refused('MPP sessions are not offered on this service.');
  const action = (credential.payload as { action?: unknown } | null)?.action;
  const charge = () => chargeWithMpp(setup, mppRealm(request, setup), request, offer, bodySha256);
  if (action === 'close' || action === 'topUp') return channelAction(await charge(), action);
  if (action !== 'open' && action !== 'voucher') return refused('This session credential has no known action.');

  await offer.prepare?.();
  const response = offer.respond({ amountUsd: centsToUsd(offer.priceCents), protocol: 'mpp' });
  const price = BigInt(offer.priceCents) * 10_000n; // pathUSD has 6 decimals
  let counted: string | undefined;
  const record: SessionChargeRecorder = async (tx, sale) => {
    const raised = sale.after.spent - sale.before.spent;
    if (raised !== price) throw new Error(`a charge of ${raised} for a price of ${price}`);
    const key = sessionPaymentKey(tempo.chainId, sale.channelId, sale.after.spent);
    const payer = String(sale.after.payer ?? sale.after.descriptor?.payer ?? '').toLowerCase();
    const payment = {
      protocol: 'mpp' as const,
      amountCents: offer.priceCents,
      method: 'tempo.session',
      network: `tempo:${tempo.chainId}`,
      payer,
      reference: sale.channelId,
      httpMethod: request.method,
      requestId: request.headers.get(REQUEST_ID_HEADER) ?? undefined,
      delivered: true,
    };
    await transition(db, key, 'challenged', 'recorded', { tx, offer, payment: { ...payment, uniqueKey: key } });
    counted = key;
  };
  const outcome = await withSessionChargeRecorder(record, charge);
  if (!outcome) return refused('MPP is not enabled on this service.');
  // mppx answers a charge its store could not commit (our record failed) as 410 "channel not found": nothing was
  // charged, and the payer's channel is as it was.
  if (outcome.status !== 200) return { kind: 'refused', challenge: { mppChallenge: outcome.challenge } };
  if (!counted) return refused('The voucher was accepted but not charged. Nothing was charged; repeat the request.');
  const paid = outcome.withReceipt(response);
  paid.headers.set('X-Payment-Amount-Usd', centsToUsd(offer.priceCents));
  paid.headers.set('X-Payment-Protocol', 'mpp');
  return { kind: 'answered', response: paid };
}

function channelAction(outcome: Awaited<ReturnType<typeof chargeWithMpp>>, action: 'close' | 'topUp'): PaymentOutcome {
  if (!outcome) return refused('MPP is not enabled on this service.');
  if (outcome.status !== 200) return { kind: 'refused', challenge: { mppChallenge: outcome.challenge } };
  const message = action === 'close' ? 'Channel closed' : 'Top-up accepted';
  // mppx answers a close with its own management response (our body is then unused); either way the answer is marked
  // as a channel action, not a sale.
  const answered = outcome.withReceipt(Response.json({ message }, { headers: { 'Cache-Control': 'no-store' } }));
  const response = new Response(answered.body, answered);
  response.headers.set(CHANNEL_ACTION_HEADER, action);
  return { kind: 'answered', response };
}
