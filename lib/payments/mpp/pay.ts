import { Challenge, Credential, Receipt } from 'mppx';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db/types';
import { mppRealm } from '@/lib/payments/challenge';
import type { Delivery } from '@/lib/payments/deliver';
import { DEV_PAYER_REFUSAL, isDevPayer, mppCredentialPayer } from '@/lib/payments/dev-payers';
import { payWithMppSession } from '@/lib/payments/mpp-session/pay';
import type { PaidOffer } from '@/lib/payments/offer';
import { type PaymentOutcome, refused } from '@/lib/payments/outcome';
import {
  mppSettlementKey,
  mppxHoldsClaim,
  newMppSettlement,
  reconcileMppSettlement,
} from '@/lib/payments/settlements/mpp';
import { SETTLE_GRACE_MS } from '@/lib/payments/settlements/reconcile';
import { transition } from '@/lib/payments/settlements/states';
import { findSettlement, type WalletSettlement } from '@/lib/payments/settlements/store';
import type { PaymentSetup } from '@/lib/payments/setup';
import { type ChargeVerdict, cardVerdict, stripeAnswerOf } from './card-answers';
import { chargeWithMpp, type MppOutcome } from './charge';

type MppSetup = NonNullable<PaymentSetup['mpp']>;

const ALREADY_USED = refused('This payment credential has already been used. Pay the current challenge.');

/** The charge's outcome is unknown: the payer must retry this identical request, not pay again. */
const PAYMENT_PENDING: PaymentOutcome = {
  kind: 'rejected',
  error: new ApiError({
    code: 'payment_pending',
    message:
      'The charge for this payment has not been confirmed yet. Retry this identical request (same Authorization credential) after Retry-After seconds: once it is confirmed you get the content without paying again. Do not pay again.',
    headers: { 'Retry-After': '10' },
  }),
};

/**
 * MPP: mppx verifies the credential and settles it (on chain or by card) inside chargeWithMpp. A credential bound
 * to one of our challenges gets a settlement row first, keyed by its digest, so a charge whose process stops before
 * it is recorded is found by the reconcile job. A refused credential comes back as mppx's own 402, kept whole so its
 * problem type and fresh challenge reach the client, but only when no money can have moved: a card refusal is read
 * from Stripe's own answer (mppx refuses a replayed, i.e. earlier, success as "already processed").
 */
export async function payWithMpp(
  db: Db,
  request: Request,
  offer: PaidOffer,
  payment: PaymentSetup,
  bodySha256: string,
): Promise<PaymentOutcome> {
  const setup = payment.mpp;
  if (setup && payment.refuseDevPayers && isDevPayer(mppCredentialPayer(request))) return DEV_PAYER_REFUSAL;
  if (!setup) return refused('MPP is not enabled on this service.');
  const charge = () => chargeWithMpp(setup, mppRealm(request, setup), request, offer, bodySha256);
  const credential = ourCredential(request, setup);
  // Not one of our challenges, or unreadable: mppx refuses it before anything can move, so it needs no row.
  if (!credential) return answered(await charge(), offer);
  // A session credential (open, voucher, top-up, close): its own adapter, which records the sale with the charge.
  if (credential.challenge.intent === 'session') {
    return payWithMppSession(db, request, offer, setup, bodySha256, credential);
  }

  const key = mppSettlementKey(request.headers.get('authorization')!);
  const earlier = await findSettlement(db, key);
  const heldBefore = await mppxHoldsClaim(credential);
  // A pending row whose transaction mppx holds no claim on was never broadcast by us: it is charged now, once.
  if (earlier?.status === 'settled' || (earlier?.status === 'pending' && heldBefore)) {
    return afterEarlierAttempt(db, earlier, offer, setup);
  }
  // The credential answers a challenge of ours (its HMAC verified) for this resource, and nothing moved yet: the
  // offer's work (a brief's answer) is done now, before the row that lets mppx charge, so its failure charges nothing.
  await offer.prepare?.();
  if (earlier?.status !== 'pending') {
    const opened = await transition(db, key, 'challenged', 'settling', newMppSettlement(credential, offer, setup));
    if (!opened.applied) return afterEarlierAttempt(db, (await findSettlement(db, key))!, offer, setup);
  }

  // mppx keeps its replay claim on a transaction once it tried to broadcast it: then a refusal or an error leaves
  // the transfer possibly on chain, and the row stays pending for the retry or the job to resolve from the chain.
  // A card: Stripe's answer says whether it was charged (an earlier attempt's charge comes back as a replay).
  const stripe = stripeAnswerOf();
  const moneyMayHaveMoved = async (reason: string): Promise<ChargeVerdict> => {
    if (credential.challenge.method === 'stripe') return cardVerdict(stripe.answer, earlier?.status === 'pending');
    return !heldBefore && (await mppxHoldsClaim(credential)) ? { kind: 'unknown', reason } : { kind: 'not charged' };
  };
  let outcome: MppOutcome | null;
  try {
    outcome = await stripe.run(charge);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const verdict = await moneyMayHaveMoved(reason);
    if (verdict.kind !== 'not charged') return notRefused(db, key, verdict, offer, setup);
    await transition(db, key, 'settling', 'failed', reason);
    throw error;
  }
  if (outcome?.status === 200) {
    const delivery = mppDelivery(offer, outcome.withReceipt(new Response(null)).headers.get('Payment-Receipt') ?? '');
    // Settled wins whatever the row holds by now: the receipt says the money moved.
    await transition(db, key, 'settling', 'settled', {
      transaction: delivery.reference,
      paymentKey: delivery.uniqueKey,
    });
    return { kind: 'paid', delivery };
  }
  const verdict = await moneyMayHaveMoved('refused after the broadcast');
  if (verdict.kind !== 'not charged') return notRefused(db, key, verdict, offer, setup);
  const change = await transition(db, key, 'settling', 'failed', 'refused by mppx before any transfer');
  if (change.status === 'settled') return afterEarlierAttempt(db, (await findSettlement(db, key))!, offer, setup);
  return answered(outcome, offer);
}

/** The credential if it answers a challenge of ours (its id is our HMAC over the challenge), else null. */
function ourCredential(request: Request, setup: MppSetup): Credential.Credential | null {
  try {
    const credential = Credential.fromRequest(request);
    return Challenge.verify(credential.challenge, { secretKey: setup.secretKey }) ? credential : null;
  } catch {
    return null;
  }
}

function answered(outcome: MppOutcome | null, offer: PaidOffer): PaymentOutcome {
  if (!outcome) return refused('MPP is not enabled on this service.');
  if (outcome.status === 402) return { kind: 'refused', challenge: { mppChallenge: outcome.challenge } };
  const receipt = outcome.withReceipt(new Response(null)).headers.get('Payment-Receipt') ?? '';
  return { kind: 'paid', delivery: mppDelivery(offer, receipt) };
}

/**
 * mppx refused or failed, but the money moved or may have. Charged (Stripe's PaymentIntent succeeded): settled and
 * delivered now, under the PaymentIntent mppx's receipt would have named. Unknown: left pending; a transfer that
 * shows on chain meanwhile is delivered at once, and a card row past its grace period is looked up at Stripe.
 */
async function notRefused(
  db: Db,
  key: string,
  verdict: Exclude<ChargeVerdict, { kind: 'not charged' }>,
  offer: PaidOffer,
  setup: MppSetup,
) {
  if (verdict.kind === 'charged') {
    const reference = verdict.paymentIntent;
    await transition(db, key, 'settling', 'settled', { transaction: reference, paymentKey: `mpp:stripe:${reference}` });
    return afterEarlierAttempt(db, (await findSettlement(db, key))!, offer, setup);
  }
  const change = await transition(db, key, 'settling', 'settling', verdict.reason);
  const row = (await findSettlement(db, key))!;
  if (change.status !== 'settled' && row.network.startsWith('tempo:')) return PAYMENT_PENDING;
  return afterEarlierAttempt(db, row, offer, setup);
}

/**
 * The same credential presented again while its row is open: a settled charge not yet delivered is delivered now
 * without charging again (its receipt is rebuilt from the row); a pending one past its grace period is resolved
 * from the chain first, a younger one may still be answered in its own request.
 */
async function afterEarlierAttempt(
  db: Db,
  earlier: WalletSettlement,
  offer: PaidOffer,
  setup: MppSetup,
): Promise<PaymentOutcome> {
  if (earlier.delivered || earlier.resource !== offer.resource) return ALREADY_USED;
  let status = earlier.status;
  if (status === 'pending' && Date.now() - Date.parse(earlier.createdAt) >= SETTLE_GRACE_MS) {
    status = await reconcileMppSettlement(db, earlier, setup);
  }
  if (status === 'pending') return PAYMENT_PENDING;
  if (status === 'failed') return ALREADY_USED;
  const settled = (await findSettlement(db, earlier.uniqueKey))!;
  const method = settled.paymentKey?.split(':')[1] ?? 'tempo';
  const receipt = Receipt.serialize(
    Receipt.from({
      method,
      reference: settled.transaction ?? '',
      status: 'success',
      timestamp: new Date().toISOString(),
    }),
  );
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
