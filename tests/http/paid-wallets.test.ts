import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { Receipt } from 'mppx';
import { Mppx, tempo } from 'mppx/client';
import { createClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { PaidPublicationPost } from '@/lib/api/contracts/paid';
import { tempoBalance, usdcBalance } from '@/lib/payments/sandbox/balances';
import { tempoChain } from '@/lib/payments/sandbox/chains';
import { getJson } from '@/tests/helpers/http';
import { findPosts, operator, type PostRef, sandbox, url } from '@/tests/helpers/paid';

// Real payments: the official clients pay the running app, which settles through the sandbox's self-hosted x402
// facilitator on a local Base Sepolia chain carrying Circle's USDC, and on a local Tempo chain for MPP.
// Payer indexes are reserved per test file (x402 0-3, MPP 0-4 here) because the suites share one sandbox.

let posts: Awaited<ReturnType<typeof findPosts>>;
let ready: PostRef;
let other: PostRef;

beforeAll(async () => {
  posts = await findPosts();
  [ready, other] = posts.ready as [PostRef, PostRef];
}, 120_000);

function x402Payer(index: number) {
  const account = privateKeyToAccount(sandbox().x402.payerPrivateKeys[index]!);
  return { account, client: new x402Client().register('eip155:*', new ExactEvmScheme(account)) };
}

/** Pays through @x402/fetch and keeps the PAYMENT-SIGNATURE it sent, to replay it. */
async function payX402(index: number, path: string, init?: RequestInit) {
  const { account, client } = x402Payer(index);
  const sent: string[] = [];
  const recordingFetch: typeof fetch = async (input, requestInit) => {
    const request = new Request(input, requestInit);
    const signature = request.headers.get('payment-signature');
    if (signature) sent.push(signature);
    return fetch(request);
  };
  const response = await wrapFetchWithPayment(recordingFetch, client)(url(path), init);
  return { response, account, signature: sent.at(-1) };
}

function mppClient(index: number) {
  const config = sandbox().mpp;
  const account = privateKeyToAccount(config.payerPrivateKeys[index]!);
  const client = createClient({ chain: tempoChain(config.rpcUrl), transport: http(config.rpcUrl) });
  return {
    account,
    mppx: Mppx.create({ polyfill: false, methods: [tempo.charge({ account, getClient: () => client })] }),
  };
}

describe('x402 v2 with @x402/fetch', () => {
  it('pays for a summary: 200 with PAYMENT-RESPONSE, USDC moves on chain, the payment and its sale are recorded', async () => {
    const { x402 } = sandbox();
    const payer = x402Payer(0).account.address;
    const before = { payer: await usdcBalance(sandbox(), payer), payTo: await usdcBalance(sandbox(), x402.payTo) };

    const { response } = await payX402(0, ready.path);
    expect(response.status).toBe(200);
    const post = PaidPublicationPost.parse(await response.json());
    expect(post.paymentInfo).toEqual({ amountUsd: '0.10', protocol: 'x402' });
    const settlement = decodePaymentResponseHeader(response.headers.get('payment-response')!);
    expect(settlement).toMatchObject({ success: true, network: 'eip155:84532', payer });
    expect(settlement.transaction).toMatch(/^0x[0-9a-f]{64}$/);

    expect(await usdcBalance(sandbox(), payer)).toBe(before.payer - 100_000n);
    expect(await usdcBalance(sandbox(), x402.payTo)).toBe(before.payTo + 100_000n);
    const { payments } = await operator<{ payments: Array<Record<string, unknown>> }>('payments', { limit: 100 });
    expect(payments).toContainEqual(
      expect.objectContaining({
        protocol: 'x402',
        amountCents: 10,
        reference: settlement.transaction,
        resource: ready.path,
        sales: [expect.objectContaining({ publicationSlug: ready.publicationSlug, shareCents: 10 })],
      }),
    );
  });

  it('refuses a replayed payment before doing any work, and charges nothing more', async () => {
    const { response, signature, account } = await payX402(1, ready.path);
    expect(response.status).toBe(200);
    const after = await usdcBalance(sandbox(), account.address);
    const replay = await getJson<{ detail: string }>(ready.path, { headers: { 'payment-signature': signature! } });
    expect(replay.status).toBe(402);
    expect(replay.body.detail).toMatch(/already been used/);
    expect(replay.headers.get('payment-required')).not.toBeNull();
    expect(await usdcBalance(sandbox(), account.address)).toBe(after);
  });

  it('refuses a payment made for another resource, for a cheaper price, or tampered with', async () => {
    const { account, client } = x402Payer(2);
    const before = await usdcBalance(sandbox(), account.address);
    const challenge = decodePaymentRequiredHeader((await fetch(url(ready.path))).headers.get('payment-required')!);
    const payload: PaymentPayload = await client.createPaymentPayload(challenge);
    const signature = encodePaymentSignatureHeader(payload);

    const elsewhere = await getJson<{ detail: string }>(other.path, { headers: { 'payment-signature': signature } });
    expect(elsewhere.status).toBe(402);
    expect(elsewhere.body.detail).toMatch(/does not match/);

    const dearer = posts.priced[0]!;
    const cheaper = await getJson<{ detail: string }>(dearer.path, { headers: { 'payment-signature': signature } });
    expect(cheaper.status).toBe(402);

    const tampered = structuredClone(payload);
    (tampered.payload as { authorization: { value: string } }).authorization.value = '1000000';
    tampered.accepted.amount = '1000000';
    const forged = await getJson(ready.path, {
      headers: { 'payment-signature': encodePaymentSignatureHeader(tampered) },
    });
    expect(forged.status).toBe(402);

    const garbage = await getJson(ready.path, { headers: { 'payment-signature': 'not base64 json' } });
    expect(garbage.status).toBe(402);
    expect(await usdcBalance(sandbox(), account.address)).toBe(before);
  });

  it('refuses an expired authorization', async () => {
    const { account, client } = x402Payer(3);
    const challenge = decodePaymentRequiredHeader((await fetch(url(ready.path))).headers.get('payment-required')!);
    const payload = await client.createPaymentPayload(challenge);
    const authorization = (payload.payload as { authorization: { validBefore: string } }).authorization;
    authorization.validBefore = String(Math.floor(Date.now() / 1000) - 60);
    const before = await usdcBalance(sandbox(), account.address);
    const expired = await getJson(ready.path, {
      headers: { 'payment-signature': encodePaymentSignatureHeader(payload) },
    });
    expect(expired.status).toBe(402);
    expect(await usdcBalance(sandbox(), account.address)).toBe(before);
  });
});

describe('MPP with the mppx client (tempo.charge)', () => {
  it('pays for a summary: 200 with Payment-Receipt, pathUSD moves on chain, the payment is recorded', async () => {
    const { mpp } = sandbox();
    const { account, mppx } = mppClient(0);
    const before = {
      payer: await tempoBalance(sandbox(), account.address),
      recipient: await tempoBalance(sandbox(), mpp.recipient),
    };

    const response = await mppx.fetch(url(ready.path), {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(PaidPublicationPost.parse(await response.json()).paymentInfo).toEqual({
      amountUsd: '0.10',
      protocol: 'mpp',
    });
    const receipt = Receipt.deserialize(response.headers.get('payment-receipt')!);
    expect(receipt).toMatchObject({ method: 'tempo', status: 'success' });

    expect(await tempoBalance(sandbox(), mpp.recipient)).toBe(before.recipient + 100_000n);
    expect(await tempoBalance(sandbox(), account.address)).toBeLessThanOrEqual(before.payer - 100_000n);
    const { payments } = await operator<{ payments: Array<Record<string, unknown>> }>('payments', { limit: 100 });
    expect(payments).toContainEqual(
      expect.objectContaining({
        protocol: 'mpp',
        reference: receipt.reference,
        httpMethod: 'POST',
        resource: ready.path,
      }),
    );
  });

  it('refuses a replayed credential and a credential used on another resource', async () => {
    const { mpp } = sandbox();
    const { mppx } = mppClient(1);
    const challengeResponse = await fetch(url(ready.path));
    const credential = await mppx.createCredential(challengeResponse);
    const first = await fetch(url(ready.path), { headers: { authorization: credential } });
    expect(first.status).toBe(200);
    await first.body?.cancel();
    const recipientAfter = await tempoBalance(sandbox(), mpp.recipient);

    const replay = await getJson<Record<string, unknown>>(ready.path, { headers: { authorization: credential } });
    expect(replay.status).toBe(402);
    expect(replay.headers.get('www-authenticate')).toMatch(/^Payment /);
    expect(replay.headers.get('payment-required')).not.toBeNull();
    const elsewhere = await getJson(other.path, { headers: { authorization: credential } });
    expect(elsewhere.status).toBe(402);
    expect(await tempoBalance(sandbox(), mpp.recipient)).toBe(recipientAfter);
  });

  it('refuses a tampered challenge', async () => {
    const { mppx } = mppClient(2);
    const challengeResponse = await fetch(url(ready.path));
    const header = challengeResponse.headers.get('www-authenticate')!;
    const tamperedHeader = header.replace(/id="[^"]+"/, 'id="forged-challenge-id-000000000000000000000"');
    expect(tamperedHeader).not.toBe(header);
    const credential = await mppx.createCredential(
      new Response(null, { status: 402, headers: { 'www-authenticate': tamperedHeader } }),
    );
    const response = await getJson<{ type: string }>(ready.path, { headers: { authorization: credential } });
    expect(response.status).toBe(402);
    expect(response.body.type).toMatch(/paymentauth\.org\/problems\//);
  });
});
