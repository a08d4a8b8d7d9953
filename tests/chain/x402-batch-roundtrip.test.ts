import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from '@x402/core/http';
import { BATCH_SETTLEMENT_ADDRESS } from '@x402/evm';
import { BatchSettlementEvmScheme as BatchClientScheme, computeChannelId } from '@x402/evm/batch-settlement/client';
import { BatchSettlementChannelManager, BatchSettlementEvmScheme } from '@x402/evm/batch-settlement/server';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { createPublicClient, http, parseAbi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devPrivateKeys, X402_ROLES } from '@/lib/payments/sandbox/accounts';
import { usdcBalance } from '@/lib/payments/sandbox/balances';
import { type PaymentSandbox, startPaymentSandbox } from '@/lib/payments/sandbox/start';
import { startX402ResourceServer } from './helpers/x402-resource-server';

/**
 * x402 batch-settlement end to end on the sandbox chain, with @x402/evm's own schemes unchanged: the official
 * @x402/fetch client with the batch-settlement client scheme -> a tiny resource server (x402ResourceServer with the
 * batch-settlement server scheme and its channel manager) -> the sandbox facilitator -> our escrow at the SDK's
 * address. Many paid requests, one deposit, one claim, one settle, one refund: counted on the chain.
 */
const PRICE_ATOMIC = 10_000n; // "$0.01"
const REQUESTS = 20;
const ESCROW_VIEWS = parseAbi(['function channels(bytes32) view returns (uint128 balance, uint128 totalClaimed)']);

describe('x402 batch-settlement round trip on the sandbox chain', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'x402-batch-'));
  let sandbox: PaymentSandbox;
  let resource: Awaited<ReturnType<typeof startX402ResourceServer>>;
  let serverScheme: BatchSettlementEvmScheme;

  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ dataDir });
    // The payee's own key authorizes claims and refunds (the receiver authorizer of every channel).
    const authorizer = privateKeyToAccount(devPrivateKeys()[X402_ROLES.payTo]!);
    serverScheme = new BatchSettlementEvmScheme(sandbox.config.x402.payTo, { receiverAuthorizerSigner: authorizer });
    resource = await startX402ResourceServer(sandbox.config.x402, '$0.01', serverScheme);
  });

  afterAll(async () => {
    await resource?.close();
    await sandbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('offers batch-settlement with the receiver authorizer and withdraw delay in its extra', async () => {
    const response = await fetch(`${resource.url}/report`);
    expect(response.status).toBe(402);
    const challenge = decodePaymentRequiredHeader(response.headers.get('PAYMENT-REQUIRED')!);
    expect(challenge.accepts[0]).toMatchObject({
      scheme: 'batch-settlement',
      network: 'eip155:84532',
      amount: String(PRICE_ATOMIC),
      payTo: sandbox.config.x402.payTo,
      extra: { receiverAuthorizer: sandbox.config.x402.payTo },
    });
  });

  it('pays many requests through one deposit, claims and settles them in one go, and refunds the rest', async () => {
    const x402 = sandbox.config.x402;
    const payer = privateKeyToAccount(x402.payerPrivateKeys[0]!);
    const chain = createPublicClient({ transport: http(x402.rpcUrl) });
    // One deposit of 25 requests' worth covers the 20 and leaves 5 to refund (the server's announced minimum, 10
    // requests' worth, would take two deposits).
    const clientScheme = new BatchClientScheme(payer, {
      rpcUrl: x402.rpcUrl,
      depositStrategy: () => String(PRICE_ATOMIC * 25n),
    });
    const pay = wrapFetchWithPayment(fetch, new x402Client().register('eip155:*', clientScheme));
    const before = {
      payer: await usdcBalance(sandbox.config, payer.address),
      payTo: await usdcBalance(sandbox.config, x402.payTo),
    };
    const startBlock = await chain.getBlockNumber({ cacheTime: 0 });

    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) {
      const response = await pay(`${resource.url}/report`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ report: 'paid content' });
      expect(decodePaymentResponseHeader(response.headers.get('PAYMENT-RESPONSE')!).success).toBe(true);
    }
    console.info(`x402 batch-settlement: ${REQUESTS} paid requests in ${Math.round(performance.now() - started)} ms`);

    const channelId = computeChannelId(clientScheme.buildChannelConfig(resource.requirements[0]!), x402.network);
    const [deposited, claimedBefore] = await chain.readContract({
      address: BATCH_SETTLEMENT_ADDRESS,
      abi: ESCROW_VIEWS,
      functionName: 'channels',
      args: [channelId],
    });
    expect(claimedBefore).toBe(0n);
    expect(deposited).toBe(PRICE_ATOMIC * 25n);

    const manager = new BatchSettlementChannelManager({
      scheme: serverScheme,
      facilitator: resource.facilitator,
      receiver: x402.payTo,
      token: x402.asset,
      network: x402.network,
    });
    const { claims, settle } = await manager.claimAndSettle();
    expect(claims.map((c) => c.vouchers)).toEqual([1]);
    expect(settle?.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await usdcBalance(sandbox.config, x402.payTo)).toBe(before.payTo + PRICE_ATOMIC * BigInt(REQUESTS));

    const refund = await clientScheme.refund(`${resource.url}/report`);
    expect(refund.success).toBe(true);
    expect(await usdcBalance(sandbox.config, payer.address)).toBe(before.payer - PRICE_ATOMIC * BigInt(REQUESTS));

    let transactions = 0;
    for (let block = startBlock + 1n; block <= (await chain.getBlockNumber({ cacheTime: 0 })); block++) {
      transactions += (await chain.getBlock({ blockNumber: block })).transactions.length;
    }
    // The deposit, one claim, one settle, one refund.
    expect(transactions).toBe(4);
  });
});
