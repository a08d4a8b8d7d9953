import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Receipt } from 'mppx';
import { Mppx, tempo } from 'mppx/client';
import { createClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempoBalance } from '@/lib/payments/sandbox/balances';
import { tempoChain } from '@/lib/payments/sandbox/chains';
import { type PaymentSandbox, startPaymentSandbox } from '@/lib/payments/sandbox/start';
import { startMppResourceServer } from './helpers/mpp-resource-server';

/**
 * MPP end to end, without our app: the official mppx client (tempo charge) -> a tiny mppx server -> the sandbox
 * Tempo chain. "0.10" is 100000 atomic pathUSD (6 decimals).
 */
describe('MPP round trip on the sandbox Tempo chain', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mpp-roundtrip-'));
  let sandbox: PaymentSandbox;
  let resource: Awaited<ReturnType<typeof startMppResourceServer>>;

  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ dataDir });
    resource = await startMppResourceServer(sandbox.config.mpp, '0.10');
  });

  afterAll(async () => {
    await resource?.close();
    await sandbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers an unpaid request with 402 and a WWW-Authenticate: Payment challenge', async () => {
    const response = await fetch(`${resource.url}/report`);
    expect(response.status).toBe(402);
    const header = response.headers.get('WWW-Authenticate') ?? '';
    expect(header).toMatch(/^Payment /);
    expect(header).toContain('method="tempo"');
    expect(header).toContain('intent="charge"');
  });

  it('is paid by the mppx client: 200, a Payment-Receipt, and pathUSD moves on chain', async () => {
    const { rpcUrl, recipient } = sandbox.config.mpp;
    const payer = privateKeyToAccount(sandbox.config.mpp.payerPrivateKeys[0]!);
    const mppx = Mppx.create({
      polyfill: false, // keep globalThis.fetch untouched; pay through mppx.fetch only
      methods: [
        tempo.charge({
          account: payer,
          getClient: () => createClient({ chain: tempoChain(rpcUrl), transport: http(rpcUrl) }),
        }),
      ],
    });
    const before = {
      payer: await tempoBalance(sandbox.config, payer.address),
      recipient: await tempoBalance(sandbox.config, recipient),
    };

    const started = performance.now();
    const response = await mppx.fetch(`${resource.url}/report`);
    console.info(`MPP paid round trip: ${Math.round(performance.now() - started)} ms`);

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ report: 'paid content' });
    expect(response.headers.get('Payment-Receipt')).toBeTruthy();
    const receipt = Receipt.fromResponse(response);
    expect(receipt).toMatchObject({ method: 'tempo', status: 'success' });
    expect(receipt.reference).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await tempoBalance(sandbox.config, recipient)).toBe(before.recipient + 100_000n);
    // The Tempo transaction fee is paid in the chain's fee token (a different TIP-20 on anvil), so pathUSD moves
    // by exactly the price; allow for a fee in pathUSD anyway, as a real chain may pick it as the fee token.
    expect(await tempoBalance(sandbox.config, payer.address)).toBeLessThanOrEqual(before.payer - 100_000n);
  });

  it('lets the same payer pay again at once (the sandbox RPC proxy works around anvil dropping it)', async () => {
    const { rpcUrl, recipient } = sandbox.config.mpp;
    const payer = privateKeyToAccount(sandbox.config.mpp.payerPrivateKeys[1]!);
    const mppx = Mppx.create({
      polyfill: false,
      methods: [
        tempo.charge({
          account: payer,
          getClient: () => createClient({ chain: tempoChain(rpcUrl), transport: http(rpcUrl) }),
        }),
      ],
    });
    const before = await tempoBalance(sandbox.config, recipient);
    for (let i = 0; i < 3; i++) {
      const response = await mppx.fetch(`${resource.url}/report`);
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    expect(await tempoBalance(sandbox.config, recipient)).toBe(before + 300_000n);
  });
});
