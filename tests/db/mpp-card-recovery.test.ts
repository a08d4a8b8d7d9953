import { createHash, randomBytes } from 'node:crypto';
import { Credential, Receipt } from 'mppx';
import { Mppx, stripe } from 'mppx/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCommand } from '@/lib/operator/registry';
import { chargeWithMpp } from '@/lib/payments/mpp/charge';
import { sellOffer } from '@/lib/payments/sell-offer';
import { mppSettlementKey, newMppSettlement } from '@/lib/payments/settlements/mpp';
import { reconcilePendingSettlements, SETTLE_GRACE_MS } from '@/lib/payments/settlements/reconcile';
import { transition } from '@/lib/payments/settlements/states';
import { findSettlement } from '@/lib/payments/settlements/store';
import type { PaymentSetup } from '@/lib/payments/setup';
import { type FakeStripe, grantSharedPaymentToken, startFakeStripe } from '@/tests/helpers/fake-stripe';
import { NO_WALLETS, openPaymentFixture, type PaymentFixture, request } from '@/tests/helpers/payment-fixture';

/**
 * MPP's card method (mppx stripe.charge) when its outcome is lost: Stripe made the PaymentIntent but this service
 * never wrote it down (the answer was lost on the way, or the process stopped before its `settled` write). mppx's
 * idempotency key (`mpp_<challenge id>_<token>`) makes every later attempt a replay at Stripe, which mppx refuses as
 * "already processed"; the payer paid, so the identical retry must get the content (or be told to wait), the row must
 * end settled (or stay pending, listed for an operator), never failed, and the card is charged once.
 * Paid with the official mppx client and the Stripe SDK against a loopback Stripe (tests/helpers/fake-stripe.ts).
 */
const EMPTY_BODY = createHash('sha256').update('').digest('hex');
const PRICE = 50; // Stripe's minimum: the card is offered from here

let fake: FakeStripe;
let f: PaymentFixture;
let mpp: NonNullable<PaymentSetup['mpp']>;
let setup: PaymentSetup;

beforeAll(async () => {
  fake = await startFakeStripe();
  f = await openPaymentFixture();
  mpp = {
    secretKey: randomBytes(32).toString('hex'),
    realm: 'research.example',
    tempo: null,
    stripe: { secretKey: fake.secretKey, networkId: 'profile_test', apiBaseUrl: fake.url },
  };
  setup = { ...NO_WALLETS, testMoney: true, refuseDevPayers: false, mpp };
});

afterAll(async () => {
  await f?.close();
  await fake?.close();
});

afterEach(() => {
  fake.loseIntentResponses = 0;
  vi.useRealTimers();
});

const offer = () => f.offer({ priceCents: PRICE, sales: [{ ...f.post, shareCents: PRICE }] });
const sell = (req: Request, with_ = setup) => sellOffer(req, offer(), '', { db: f.db, setup: with_ });
/** Stripe unreachable: a port nothing listens on. */
const stripeDown = (): PaymentSetup => ({
  ...setup,
  mpp: { ...mpp, stripe: { ...mpp.stripe!, apiBaseUrl: 'http://127.0.0.1:9' } },
});
const runJob = (with_ = mpp) =>
  reconcilePendingSettlements(f.db, { x402: null, mpp: with_ }, Date.now() + SETTLE_GRACE_MS);

/** The agent's side: a shared payment token granted to this seller for the challenge's amount, as its backend does. */
async function paidRequest(): Promise<Request> {
  const client = Mppx.create({
    polyfill: false,
    methods: [
      stripe.charge({
        paymentMethod: 'pm_card_visa',
        createToken: grantSharedPaymentToken(fake),
      }),
    ],
  });
  const challenge = await sell(request());
  expect(challenge.status).toBe(402);
  const credential = await client.createCredential(challenge);
  return request({ authorization: credential.startsWith('Payment ') ? credential : `Payment ${credential}` });
}

const keyOf = (paid: Request) => mppSettlementKey(paid.headers.get('authorization')!);

/** As payWithMpp stores it, then mppx charges the card; the process stops before it writes anything more. */
async function chargedThenStopped(paid: Request) {
  const settlement = newMppSettlement(Credential.fromRequest(paid), offer(), mpp);
  expect(await transition(f.db, keyOf(paid), 'challenged', 'settling', settlement)).toEqual({
    applied: true,
    status: 'pending',
  });
  const intents = fake.paymentIntents.size;
  const charged = await chargeWithMpp(mpp, 'research.example', paid.clone(), offer(), EMPTY_BODY);
  expect(charged?.status).toBe(200);
  expect(fake.paymentIntents.size).toBe(intents + 1);
  return [...fake.paymentIntents.values()].at(-1)!;
}

/** The PaymentIntents this credential's token paid, and the payments recorded (delivered) for them. */
async function money(paid: Request) {
  const spt = (Credential.fromRequest(paid).payload as { spt: string }).spt;
  const intents = [...fake.paymentIntents.values()].filter((intent) => intent.shared_payment_granted_token === spt);
  const recorded = await f.count(`from payments where unique_key = any($1::text[]) and delivered`, [
    intents.map((intent) => `mpp:stripe:${intent.id}`),
  ]);
  return { charged: intents.length, recorded, intent: intents[0]?.id };
}

const pendingForOperator = async (paid: Request) =>
  ((await runCommand(f.db, 'payments', { pending: true })) as { settlements: Array<{ uniqueKey: string }> }).settlements
    .map((s) => s.uniqueKey)
    .includes(keyOf(paid));

async function expectDelivered(response: Response, paid: Request) {
  expect(response.status).toBe(200);
  const { intent } = await money(paid);
  expect(Receipt.fromResponse(response)).toMatchObject({ method: 'stripe', reference: intent, status: 'success' });
  expect(await findSettlement(f.db, keyOf(paid))).toMatchObject({
    status: 'settled',
    transaction: intent,
    paymentKey: `mpp:stripe:${intent}`,
    delivered: true,
  });
  expect(await money(paid)).toMatchObject({ charged: 1, recorded: 1 });
  expect(await pendingForOperator(paid)).toBe(false);
}

describe('a card payment whose PaymentIntent succeeded at Stripe but was never recorded', () => {
  it("Stripe's answer is lost and the SDK's own retry is answered as a replay: delivered, charged once", async () => {
    const paid = await paidRequest();
    fake.loseIntentResponses = 1;
    await expectDelivered(await sell(paid.clone()), paid);
    // The credential again: already used, and Stripe is not charged again.
    expect((await sell(paid.clone())).status).toBe(402);
    expect(await money(paid)).toMatchObject({ charged: 1, recorded: 1 });
  });

  it('no answer from Stripe at all: the payer is told to wait (not to pay again); the identical retry delivers', async () => {
    const paid = await paidRequest();
    fake.loseIntentResponses = 2; // the request and the SDK's retry
    const waiting = await sell(paid.clone());
    expect(waiting.status).toBe(503);
    expect(await waiting.json()).toMatchObject({ code: 'payment_pending' });
    expect(await findSettlement(f.db, keyOf(paid))).toMatchObject({ status: 'pending' });
    expect(await pendingForOperator(paid)).toBe(true);
    expect(await money(paid)).toMatchObject({ charged: 1, recorded: 0 });

    await expectDelivered(await sell(paid.clone()), paid);
  });

  it('the process stopped between the PaymentIntent and the settled write: the identical retry delivers it', async () => {
    const paid = await paidRequest();
    await chargedThenStopped(paid);
    await expectDelivered(await sell(paid.clone()), paid);
    expect((await sell(paid.clone())).status).toBe(402);
    expect(await money(paid)).toMatchObject({ charged: 1, recorded: 1 });
  });

  it('the retry comes after the challenge expired (mppx refuses before asking Stripe): Stripe is asked, and it delivers', async () => {
    const paid = await paidRequest();
    await chargedThenStopped(paid);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 });
    await expectDelivered(await sell(paid.clone()), paid);
  });

  it('the expired retry while Stripe cannot be asked: pending and listed for an operator, then the job settles it', async () => {
    const paid = await paidRequest();
    await chargedThenStopped(paid);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 });
    const waiting = await sell(paid.clone(), stripeDown());
    expect(waiting.status).toBe(503);
    const body = await waiting.json();
    expect(body).toMatchObject({ code: 'payment_pending' });
    expect(JSON.stringify(body)).not.toMatch(/nothing was charged/i);
    expect(await findSettlement(f.db, keyOf(paid))).toMatchObject({ status: 'pending' });
    expect(await pendingForOperator(paid)).toBe(true);

    await runJob(stripeDown().mpp!);
    expect(await findSettlement(f.db, keyOf(paid))).toMatchObject({ status: 'pending' });
    await runJob();
    expect(await findSettlement(f.db, keyOf(paid))).toMatchObject({ status: 'settled', delivered: false });
    await expectDelivered(await sell(paid.clone()), paid);
  });

  it('the reconcile job finds the PaymentIntent at Stripe and settles the row; the retry delivers once', async () => {
    const paid = await paidRequest();
    const intent = await chargedThenStopped(paid);
    await runJob();
    expect(await findSettlement(f.db, keyOf(paid))).toMatchObject({
      status: 'settled',
      transaction: intent.id,
      delivered: false,
    });
    expect(await pendingForOperator(paid)).toBe(true); // settled, not delivered: still the operator's
    await expectDelivered(await sell(paid.clone()), paid);
  });
});

describe('a card payment that never reached Stripe, or that Stripe refused', () => {
  it('the process stopped before mppx was asked: the job leaves it pending (listed), the retry charges once', async () => {
    const paid = await paidRequest();
    const settlement = newMppSettlement(Credential.fromRequest(paid), offer(), mpp);
    await transition(f.db, keyOf(paid), 'challenged', 'settling', settlement);
    await runJob();
    expect(await findSettlement(f.db, keyOf(paid))).toMatchObject({
      status: 'pending',
      lastError: 'card charge: no succeeded PaymentIntent found at Stripe (yet)',
    });
    expect(await pendingForOperator(paid)).toBe(true);
    expect(await money(paid)).toMatchObject({ charged: 0 });
    await expectDelivered(await sell(paid.clone()), paid);
  });

  it('Stripe declines the token: failed, a 402 with a fresh challenge, nothing charged', async () => {
    const paid = await paidRequest();
    const used = (Credential.fromRequest(paid).payload as { spt: string }).spt;
    // The token is spent elsewhere first, so Stripe refuses this PaymentIntent.
    const other = await fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ amount: '50', currency: 'usd', confirm: 'true', shared_payment_granted_token: used }),
    });
    expect(other.status).toBe(200);
    const refused = await sell(paid.clone());
    expect(refused.status).toBe(402);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Payment /);
    expect(await findSettlement(f.db, keyOf(paid))).toMatchObject({ status: 'failed' });
    expect(await pendingForOperator(paid)).toBe(false);
  });
});
