import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  decodePaymentSignatureHeader,
} from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usdcBalance } from '@/lib/payments/sandbox/balances';
import { type PaymentSandbox, startPaymentSandbox } from '@/lib/payments/sandbox/start';
import { startX402ResourceServer } from './helpers/x402-resource-server';

/**
 * x402 v2 end to end, without our app: official @x402/fetch client -> a tiny resource server (x402ResourceServer)
 * -> the sandbox facilitator -> Circle's USDC on the sandbox chain. "$0.10" is 100000 atomic USDC.
 */
describe('x402 round trip on the sandbox chain', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'x402-roundtrip-'));
  let sandbox: PaymentSandbox;
  let resource: Awaited<ReturnType<typeof startX402ResourceServer>>;
  let paidSignature: string | undefined;

  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ dataDir });
    resource = await startX402ResourceServer(sandbox.config.x402, '$0.10');
  });

  afterAll(async () => {
    await resource?.close();
    await sandbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers an unpaid request with 402 and a PAYMENT-REQUIRED challenge for Base Sepolia USDC', async () => {
    const response = await fetch(`${resource.url}/report`);
    expect(response.status).toBe(402);
    const header = response.headers.get('PAYMENT-REQUIRED');
    expect(header).toBeTruthy();
    const challenge = decodePaymentRequiredHeader(header!);
    expect(challenge.x402Version).toBe(2);
    expect(challenge.accepts[0]).toMatchObject({
      scheme: 'exact',
      network: 'eip155:84532',
      amount: '100000',
      asset: sandbox.config.x402.asset,
      payTo: sandbox.config.x402.payTo,
      extra: { name: 'USDC', version: '2' },
    });
  });

  it('is paid by @x402/fetch: 200, PAYMENT-RESPONSE success, and USDC moves on chain', async () => {
    const payer = privateKeyToAccount(sandbox.config.x402.payerPrivateKeys[0]!);
    const client = new x402Client().register('eip155:*', new ExactEvmScheme(payer));
    // Record the PAYMENT-SIGNATURE the client sends, to replay it below.
    const recordingFetch: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      paidSignature = request.headers.get('PAYMENT-SIGNATURE') ?? paidSignature;
      return fetch(request);
    };
    const payTo = sandbox.config.x402.payTo;
    const before = {
      payer: await usdcBalance(sandbox.config, payer.address),
      payTo: await usdcBalance(sandbox.config, payTo),
    };

    const started = performance.now();
    const response = await wrapFetchWithPayment(recordingFetch, client)(`${resource.url}/report`);
    console.info(`x402 paid round trip: ${Math.round(performance.now() - started)} ms`);

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ report: 'paid content' });
    const receipt = decodePaymentResponseHeader(response.headers.get('PAYMENT-RESPONSE')!);
    expect(receipt).toMatchObject({ success: true, network: 'eip155:84532' });
    expect(receipt.payer?.toLowerCase()).toBe(payer.address.toLowerCase());
    expect(receipt.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await usdcBalance(sandbox.config, payer.address)).toBe(before.payer - 100_000n);
    expect(await usdcBalance(sandbox.config, payTo)).toBe(before.payTo + 100_000n);
  });

  it('refuses the same PAYMENT-SIGNATURE replayed: no content, and the facilitator refuses to settle it', async () => {
    expect(paidSignature).toBeTruthy();
    const payTo = sandbox.config.x402.payTo;
    const before = await usdcBalance(sandbox.config, payTo);

    const replay = await fetch(`${resource.url}/report`, { headers: { 'PAYMENT-SIGNATURE': paidSignature! } });
    expect(replay.status).toBe(402);
    expect(await replay.text()).not.toContain('paid content');

    // Straight to settlement, skipping verification: the authorization's nonce is already used on chain.
    const settlement = await resource.facilitator.settle(
      decodePaymentSignatureHeader(paidSignature!),
      resource.requirements[0]!,
    );
    expect(settlement.success).toBe(false);
    expect(settlement.errorReason).toBeTruthy();
    expect(await usdcBalance(sandbox.config, payTo)).toBe(before);
  });

  it('settles payments of several payers arriving at the same moment, each once', async () => {
    const payTo = sandbox.config.x402.payTo;
    const before = await usdcBalance(sandbox.config, payTo);
    const payers = sandbox.config.x402.payerPrivateKeys.slice(1, 6);
    const statuses = await Promise.all(
      payers.map(async (key) => {
        const client = new x402Client().register('eip155:*', new ExactEvmScheme(privateKeyToAccount(key)));
        const response = await wrapFetchWithPayment(fetch, client)(`${resource.url}/report`);
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses).toEqual(payers.map(() => 200));
    expect(await usdcBalance(sandbox.config, payTo)).toBe(before + BigInt(payers.length) * 100_000n);
  });
});
