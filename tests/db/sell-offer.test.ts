import { randomBytes } from 'node:crypto';
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import { Challenge, Credential } from 'mppx';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { revokeApiKey } from '@/lib/accounts/api-keys/revoke';
import { issueSessionToken } from '@/lib/accounts/sessions/issue';
import { appContext } from '@/lib/app/process-context';
import { readCreditBalance } from '@/lib/credits/balance';
import { MPP_SERVER_CACHE_SIZE, mppServerCount } from '@/lib/payments/mpp/server';
import type { PaidOffer } from '@/lib/payments/offer';
import { isClaimed } from '@/lib/payments/replay-store';
import { devAccountAddresses } from '@/lib/payments/sandbox/accounts';
import { sellOffer } from '@/lib/payments/sell-offer';
import { drainOutbox, keepInOutbox, listOutbox } from '@/lib/payments/settlements/outbox';
import { findSettlement, listOpenSettlements } from '@/lib/payments/settlements/store';
import type { PaymentSetup } from '@/lib/payments/setup';
import { type FakeFacilitator, startFakeFacilitator } from '@/tests/helpers/fake-facilitator';
import {
  NO_WALLETS,
  openPaymentFixture,
  type PaymentFixture,
  RESOURCE,
  reconciliationEntry,
  request,
} from '@/tests/helpers/payment-fixture';
import { startFakeChainRpc } from '@/tests/helpers/x402-payment';

// sellOffer called directly, against a real database: no HTTP server, no chain. The database and the payment setup
// are handed in through sellOffer's deps.
let f: PaymentFixture;
let facilitator: FakeFacilitator;

// x402 settles through a loopback facilitator (the real HTTPFacilitatorClient and resource server talk to it), set in
// beforeAll; MPP issues and refuses challenges without a chain.
const WALLETS: PaymentSetup = {
  ...NO_WALLETS,
  x402: {
    network: 'eip155:84532',
    payTo: `0x${'11'.repeat(20)}`,
    facilitatorUrl: 'http://127.0.0.1:9',
    rpcUrl: null,
    timeoutMs: 2000,
  },
  mpp: {
    secretKey: 'a-32-byte-or-longer-secret-for-this-test',
    realm: 'research.example',
    // Never contacted: issuing and refusing challenges needs no chain.
    tempo: {
      rpcUrl: 'http://127.0.0.1:9',
      chainId: 1337,
      recipient: `0x${'22'.repeat(20)}`,
      currency: '0x20c0000000000000000000000000000000000000',
    },
    stripe: null,
  },
};

beforeAll(async () => {
  f = await openPaymentFixture();
  facilitator = await startFakeFacilitator('eip155:84532');
  WALLETS.x402!.facilitatorUrl = facilitator.url;
});

afterAll(async () => {
  await facilitator.close();
  await f.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const bearer = (token: string) => request({ authorization: `Bearer ${token}` });
const sell = (req: Request, sold = f.offer(), setup = NO_WALLETS) => sellOffer(req, sold, '', { db: f.db, setup });
const allPayments = () => f.count('from payments');

describe('sellOffer: the 402', () => {
  it('with no credential and no wallet method: a problem body and no challenge header', async () => {
    const before = await allPayments();
    const response = await sell(request());
    expect(response.status).toBe(402);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('www-authenticate')).toBeNull();
    expect(response.headers.get('payment-required')).toBeNull();
    const problem = await response.json();
    expect(problem).toMatchObject({ title: 'Payment Required', status: 402, challengeId: expect.any(String) });
    expect(problem.detail).toMatch(/costs \$0\.10/);
    expect(await allPayments()).toBe(before);
  });

  it('says which ways to pay exist: credits alone without wallets, every configured method with them', async () => {
    const creditsOnly = await (await sell(request())).json();
    expect(creditsOnly.paymentMethods).toEqual(['credits']);
    expect(creditsOnly.detail).toMatch(/Pay with Authorization: Bearer <API key or session token>, then repeat/);
    expect(creditsOnly.detail).not.toMatch(/x402|MPP/);

    const all = await (await sell(request(), f.offer(), WALLETS)).json();
    expect(all.paymentMethods).toEqual(['credits', 'x402', 'mpp']);
    expect(all.detail).toMatch(/x402 v2 \(PAYMENT-REQUIRED\) or MPP \(WWW-Authenticate\) or Authorization: Bearer/);
  });

  it('refuses an MPP credential from a well-known development key outside the sandbox', async () => {
    const challenge = Challenge.deserialize(
      (await sell(request(), f.offer(), WALLETS)).headers.get('www-authenticate')!,
    );
    const credential = Credential.serialize({
      challenge,
      payload: { type: 'hash', hash: `0x${'ab'.repeat(32)}` },
      source: `did:pkh:eip155:1337:${devAccountAddresses()[1]}`,
    });
    const response = await sell(request({ authorization: credential }), f.offer(), WALLETS);
    expect(response.status).toBe(402);
    expect((await response.json()).detail).toMatch(/well-known development key/);
  });

  it('keeps a bounded number of MPP servers however many hosts clients name (no MPP_REALM)', async () => {
    const noRealm: PaymentSetup = { ...WALLETS, mpp: { ...WALLETS.mpp!, realm: null } };
    for (let i = 0; i < 3 * MPP_SERVER_CACHE_SIZE; i++) {
      const hostile = new Request(`http://localhost${RESOURCE}`, { headers: { host: `h${i}.evil.example` } });
      const response = await sell(hostile, f.offer(), noRealm);
      expect(Challenge.deserialize(response.headers.get('www-authenticate')!).realm).toBe(`h${i}.evil.example`);
    }
    expect(mppServerCount()).toBeLessThanOrEqual(MPP_SERVER_CACHE_SIZE);
  });

  it('with wallet methods configured: WWW-Authenticate (MPP) and PAYMENT-REQUIRED (x402) for this resource', async () => {
    const response = await sell(request(), f.offer(), WALLETS);
    expect(response.status).toBe(402);
    const mpp = Challenge.deserialize(response.headers.get('www-authenticate')!);
    expect(mpp).toMatchObject({ method: 'tempo', intent: 'charge', realm: 'research.example' });
    expect(mpp.request).toMatchObject({ amount: '100000' });
    expect((await response.json()).challengeId).toBe(mpp.id);
    const x402 = decodePaymentRequiredHeader(response.headers.get('payment-required')!);
    expect(x402.error).toBeUndefined();
    expect(x402.accepts).toEqual([
      expect.objectContaining({
        network: 'eip155:84532',
        amount: '100000',
        extra: expect.objectContaining({ resource: RESOURCE }),
      }),
    ]);
  });

  it('names why a credential was refused in the problem detail and in PAYMENT-REQUIRED.error', async () => {
    const malformed = await sell(request({ 'payment-signature': 'not x402' }), f.offer(), WALLETS);
    expect(malformed.status).toBe(402);
    const reason = 'PAYMENT-SIGNATURE is not a base64-encoded x402 payment payload.';
    expect((await malformed.json()).detail).toBe(reason);
    expect(decodePaymentRequiredHeader(malformed.headers.get('payment-required')!).error).toBe(reason);

    const cases: Array<[Record<string, string>, string]> = [
      [{ 'payment-signature': 'anything' }, 'x402 is not enabled on this service.'],
      [{ authorization: 'Payment anything' }, 'MPP is not enabled on this service.'],
    ];
    for (const [headers, detail] of cases) {
      const response = await sell(request(headers));
      expect(response.status).toBe(402);
      expect((await response.json()).detail).toBe(detail);
    }
  });

  it("keeps mppx's own 402 for a refused MPP credential: its problem type and a fresh challenge", async () => {
    const response = await sell(request({ authorization: 'Payment not-a-credential' }), f.offer(), WALLETS);
    expect(response.status).toBe(402);
    const mpp = Challenge.deserialize(response.headers.get('www-authenticate')!);
    const problem = await response.json();
    expect(problem).toMatchObject({ status: 402, challengeId: mpp.id });
    expect(problem.type).toMatch(/^https:\/\/paymentauth\.org\/problems\//);
    expect(problem.type).not.toBe('https://paymentauth.org/problems/payment-required');
  });
});

describe('sellOffer: credits', () => {
  it('an API key with enough credits: 200, exactly one debit, one payment and its sale', async () => {
    const { userId, key, apiKeyId } = await f.customer(25);
    const response = await sell(bearer(key));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      summary: 'the content',
      paymentInfo: { amountUsd: '0.10', protocol: 'credits', spendSource: 'purchased' },
    });
    expect(await f.purchased(userId)).toBe(15);
    expect(await f.ledger(userId)).toEqual([
      ['debit', -10],
      ['grant', 25],
    ]);
    const payments = await f.db.query<Record<string, unknown>>(
      `select protocol, amount_cents, spend_source, api_key_id, http_method, resource, delivered, unique_key
         from payments where user_id = $1`,
      [userId],
    );
    expect(payments).toEqual([
      {
        protocol: 'credits',
        amount_cents: 10,
        spend_source: 'purchased',
        api_key_id: apiKeyId,
        http_method: 'GET',
        resource: RESOURCE,
        delivered: true,
        unique_key: expect.stringMatching(/^request:/),
      },
    ]);
    const sales = await f.db.query(
      `select s.post_id, s.publication_id, s.product, s.share_cents from sales s join payments p on p.id = s.payment_id
        where p.user_id = $1`,
      [userId],
    );
    expect(sales).toEqual([
      { post_id: f.post.postId, publication_id: f.post.publicationId, product: 'post_summary', share_cents: 10 },
    ]);
  });

  it('too few credits: 403 insufficient_credits, nothing debited or recorded', async () => {
    const { userId, key } = await f.customer(5);
    const response = await sell(bearer(key));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      code: 'insufficient_credits',
      error: expect.stringMatching(/\$0\.10/),
    });
    expect(await f.ledger(userId)).toEqual([['grant', 5]]);
    expect(await f.paymentsOf(userId)).toEqual([]);
  });

  it('an unknown or revoked key, or an unreadable Authorization header: 401 unauthorized, nothing recorded', async () => {
    const { userId, key, apiKeyId } = await f.customer(50);
    await revokeApiKey(f.db, apiKeyId);
    const before = await allPayments();
    for (const req of [
      bearer(key),
      bearer(`pk_svc_${randomBytes(32).toString('base64url')}`),
      bearer('st_not-a-session'),
      request({ authorization: 'Basic dXNlcjpwYXNz' }),
      request({ authorization: `Bearer ${key}`, 'payment-signature': 'both' }),
    ]) {
      const response = await sell(req);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'unauthorized' });
    }
    expect(await f.ledger(userId)).toEqual([['grant', 50]]);
    expect(await allPayments()).toBe(before);
  });

  it("a session token spends this week's allowance first (sponsored)", async () => {
    const { userId } = await f.customer(0);
    const { token } = await issueSessionToken(f.db, userId);
    const response = await sell(bearer(token));
    expect(response.status).toBe(200);
    expect((await response.json()).paymentInfo).toEqual({
      amountUsd: '0.10',
      protocol: 'credits',
      spendSource: 'sponsored',
    });
    expect((await readCreditBalance(f.db, userId, 100)).allowance.remainingCents).toBe(90);
  });

  it("the operator's token: served free, recorded as privileged", async () => {
    const response = await sell(bearer((await appContext()).operatorToken));
    expect(response.status).toBe(200);
    expect((await response.json()).paymentInfo).toEqual({ amountUsd: '0.00', protocol: 'privileged' });
    expect(await f.count(`from payments where protocol = 'privileged'`)).toBe(1);
  });

  it('a payment that cannot be recorded: the debit is refunded and nothing is recorded', async () => {
    const { userId, key } = await f.customer(25);
    await expect(sell(bearer(key), f.unrecordable())).rejects.toThrow();
    expect(await f.purchased(userId)).toBe(25);
    expect(await f.ledger(userId)).toEqual([
      ['refund', 10],
      ['debit', -10],
      ['grant', 25],
    ]);
    expect(await f.paymentsOf(userId)).toEqual([]);
  });

  it('an answer that cannot be built: the payment is kept as undelivered with its failure, and the debit refunded', async () => {
    const { userId, key } = await f.customer(25);
    const broken = f.offer({
      respond: () => {
        throw new Error('the serializer broke');
      },
    });
    await expect(sell(bearer(key), broken)).rejects.toThrow('the serializer broke');
    expect(await f.paymentsOf(userId)).toEqual([
      { id: expect.any(String), protocol: 'credits', delivered: false, failure: 'the serializer broke' },
    ]);
    expect(await f.purchased(userId)).toBe(25);
    expect(await f.ledger(userId)).toEqual([
      ['refund', 10],
      ['debit', -10],
      ['grant', 25],
    ]);
  });
});

describe('sellOffer: x402 in process', () => {
  /** A PAYMENT-SIGNATURE for the offer's current challenge; the facilitator above accepts any signature. */
  async function signedPayment(
    sold: PaidOffer,
    from: string = facilitator.payer,
  ): Promise<{ header: string; nonce: string }> {
    const challenge = await sell(request(), sold, WALLETS);
    const required = decodePaymentRequiredHeader(challenge.headers.get('payment-required')!);
    const nonce = `0x${randomBytes(32).toString('hex')}`;
    const payload = {
      x402Version: 2,
      resource: required.resource,
      accepted: required.accepts[0]!,
      payload: { signature: '0x00', authorization: { from, nonce } },
    } as PaymentPayload;
    return { header: encodePaymentSignatureHeader(payload), nonce };
  }

  it('a settled payment is recorded once and delivered with PAYMENT-RESPONSE; its replay is refused', async () => {
    const { header, nonce } = await signedPayment(f.offer());
    const paid = await sell(request({ 'payment-signature': header }), f.offer(), WALLETS);
    expect(paid.status).toBe(200);
    expect((await paid.json()).paymentInfo).toEqual({ amountUsd: '0.10', protocol: 'x402' });
    expect(decodePaymentResponseHeader(paid.headers.get('payment-response')!)).toMatchObject({
      success: true,
      payer: facilitator.payer,
    });
    expect(await f.paymentByKey(`x402:eip155:84532:${nonce}`)).toEqual([
      { protocol: 'x402', delivered: true, failure: null, reference: facilitator.transaction },
    ]);

    const replay = await sell(request({ 'payment-signature': header }), f.offer(), WALLETS);
    expect(replay.status).toBe(402);
    expect((await replay.json()).detail).toMatch(/already been used/);
    expect(facilitator.settled.filter((settledNonce) => settledNonce === nonce)).toHaveLength(1);
  });

  it('a payment from a well-known development key is refused outside the sandbox, before the facilitator', async () => {
    const before = facilitator.settled.length;
    for (const devPayer of [devAccountAddresses()[3]!, devAccountAddresses()[0]!.toLowerCase()]) {
      const { header, nonce } = await signedPayment(f.offer(), devPayer);
      const refusedPayment = await sell(request({ 'payment-signature': header }), f.offer(), WALLETS);
      expect(refusedPayment.status).toBe(402);
      expect((await refusedPayment.json()).detail).toMatch(/development key/);
      expect(await f.paymentByKey(`x402:eip155:84532:${nonce}`)).toEqual([]);
    }
    expect(facilitator.settled.length).toBe(before);
    // The sandbox's own test money is paid with exactly those keys, and a test may accept them by name.
    const { header } = await signedPayment(f.offer(), devAccountAddresses()[3]!);
    const accepted = await sell(request({ 'payment-signature': header }), f.offer(), {
      ...WALLETS,
      refuseDevPayers: false,
    });
    expect(accepted.status).toBe(200);
  });

  it('a settled payment that cannot be recorded fails loudly and is kept in the durable outbox', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sold = f.unrecordable();
    const { header, nonce } = await signedPayment(sold);
    await expect(sell(request({ 'payment-signature': header }), sold, WALLETS)).rejects.toThrow();
    expect(await f.paymentByKey(`x402:eip155:84532:${nonce}`)).toEqual([]);
    expect(reconciliationEntry(log)).toMatchObject({
      protocol: 'x402',
      uniqueKey: `x402:eip155:84532:${nonce}`,
    });
    const waiting = (await listOutbox(f.db)).find((entry) => entry.uniqueKey === `x402:eip155:84532:${nonce}`);
    expect(waiting).toMatchObject({
      offer: { resource: RESOURCE },
      payment: { protocol: 'x402', amountCents: 10, reference: facilitator.transaction, delivered: false },
      lastError: expect.any(String),
    });
  });

  it('the outbox is recorded by the reconcile step, once', async () => {
    const key = `x402:eip155:84532:0x${randomBytes(32).toString('hex')}`;
    const payment = { protocol: 'x402' as const, uniqueKey: key, amountCents: 10, httpMethod: 'GET', delivered: false };
    await keepInOutbox(f.db, f.offer(), payment, new Error('database was down'));
    const drained = await drainOutbox(f.db);
    expect(drained.recorded).toBeGreaterThanOrEqual(1);
    expect(await f.paymentByKey(key)).toEqual([expect.objectContaining({ protocol: 'x402', delivered: false })]);
    expect((await listOutbox(f.db)).map((entry) => entry.uniqueKey)).not.toContain(key);
    await drainOutbox(f.db);
    expect(await f.paymentByKey(key)).toHaveLength(1);
  });

  describe('a settlement whose outcome is unknown', () => {
    afterEach(() => {
      facilitator.settleMode = 'ok';
    });

    it('a facilitator error is not a failure: 503 payment_pending, kept pending, then delivered on the identical retry', async () => {
      const { header, nonce } = await signedPayment(f.offer());
      const key = `x402:eip155:84532:${nonce}`;
      facilitator.settleMode = 'error-502';
      const pending = await sell(request({ 'payment-signature': header }), f.offer(), WALLETS);
      expect(pending.status).toBe(503);
      expect(pending.headers.get('retry-after')).toBe('10');
      expect(await pending.json()).toMatchObject({
        code: 'payment_pending',
        error: expect.stringMatching(/Do not sign a new payment/),
      });
      expect(await f.paymentByKey(key)).toEqual([]);
      expect(await findSettlement(f.db, key)).toMatchObject({ status: 'pending', delivered: false });
      expect((await listOpenSettlements(f.db)).map((s) => s.uniqueKey)).toContain(key);

      // Still unknown: the retry is told the same, and the payment is not offered as new.
      const stillPending = await sell(request({ 'payment-signature': header }), f.offer(), WALLETS);
      expect(stillPending.status).toBe(503);

      facilitator.settleMode = 'ok';
      const delivered = await sell(request({ 'payment-signature': header }), f.offer(), WALLETS);
      expect(delivered.status).toBe(200);
      expect(decodePaymentResponseHeader(delivered.headers.get('payment-response')!)).toMatchObject({ success: true });
      expect(await f.paymentByKey(key)).toEqual([expect.objectContaining({ protocol: 'x402', delivered: true })]);
      expect((await listOpenSettlements(f.db)).map((s) => s.uniqueKey)).not.toContain(key);

      const replay = await sell(request({ 'payment-signature': header }), f.offer(), WALLETS);
      expect(replay.status).toBe(402);
      expect(await f.paymentByKey(key)).toHaveLength(1);
    });

    it('a facilitator that never answers times out into the same pending state', async () => {
      const { header, nonce } = await signedPayment(f.offer());
      facilitator.settleMode = 'hang';
      const started = Date.now();
      const pending = await sell(request({ 'payment-signature': header }), f.offer(), WALLETS);
      expect(pending.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(WALLETS.x402!.timeoutMs + 3000);
      expect(await findSettlement(f.db, `x402:eip155:84532:${nonce}`)).toMatchObject({ status: 'pending' });
    });

    it('a refusal by the facilitator, the nonce unused on chain, is a failure: 402, nothing charged, closed', async () => {
      const chain = await startFakeChainRpc();
      const checked = { ...WALLETS, x402: { ...WALLETS.x402!, rpcUrl: chain.url } };
      try {
        const { header, nonce } = await signedPayment(f.offer());
        facilitator.settleMode = 'refuse';
        const refusedSettlement = await sell(request({ 'payment-signature': header }), f.offer(), checked);
        expect(refusedSettlement.status).toBe(402);
        expect((await refusedSettlement.json()).detail).toBe(
          'Settlement failed: insufficient_funds. Nothing was charged.',
        );
        expect(await findSettlement(f.db, `x402:eip155:84532:${nonce}`)).toMatchObject({ status: 'failed' });
        expect(chain.calls()).toBe(1);
      } finally {
        await chain.close();
      }
    });

    it('a refusal with no chain node to check it is not "nothing was charged": 503 until the authorization expires', async () => {
      const { header, nonce } = await signedPayment(f.offer());
      facilitator.settleMode = 'refuse';
      const refusedSettlement = await sell(request({ 'payment-signature': header }), f.offer(), WALLETS);
      expect(refusedSettlement.status).toBe(503);
      const problem = await refusedSettlement.json();
      expect(problem).toMatchObject({ code: 'payment_pending' });
      expect(problem.error).toMatch(/no chain node to check/);
      expect(problem.error).not.toMatch(/nothing was charged/i);
      // The challenge allows 300 s before settlement: the payer is asked back once the authorization is spent.
      const retryAfter = Number(refusedSettlement.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(290);
      expect(retryAfter).toBeLessThanOrEqual(305);
      expect(await findSettlement(f.db, `x402:eip155:84532:${nonce}`)).toMatchObject({ status: 'pending' });
      expect(await isClaimed(`x402:eip155:84532:${nonce}`)).toBe(true);
    });
  });
});
