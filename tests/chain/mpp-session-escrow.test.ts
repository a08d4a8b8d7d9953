import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tempo } from 'mppx/client';
import { Session } from 'mppx/tempo';
import { Channel } from 'ox/tempo';
import {
  createClient,
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEventLogs,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devPrivateKeys, TEMPO_ROLES } from '@/lib/payments/sandbox/accounts';
import { PATH_USD_ADDRESS, tempoChain } from '@/lib/payments/sandbox/chains';
import { type PaymentSandbox, startPaymentSandbox } from '@/lib/payments/sandbox/start';
import { TIP1034_ESCROW_ADDRESS } from '@/lib/payments/sandbox/tempo-session-escrow';
import { startMppSessionServer } from './helpers/mpp-session-server';

/**
 * The sandbox's emulation of Tempo's TIP-1034 channel escrow (contracts/tempo-session), driven only by mppx 0.11's
 * own `tempo.session` parts: its session manager (open, a voucher per request, close) against a small server using
 * its `tempo.session` method and `tempo.settle`. Every figure is read from the chain. Price 0.01 pathUSD = 10000.
 */
const PRICE = 10_000n;
const { escrowAbi } = Session.Precompile;
const tempoReader = (rpcUrl: string) => createPublicClient({ chain: tempoChain(rpcUrl), transport: http(rpcUrl) });

describe('MPP tempo.session on the sandbox Tempo chain (TIP-1034 escrow emulation)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mpp-session-'));
  let sandbox: PaymentSandbox;
  let server: Awaited<ReturnType<typeof startMppSessionServer>>;
  let chain: ReturnType<typeof tempoReader>;

  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ dataDir });
    server = await startMppSessionServer(sandbox.config.mpp, devPrivateKeys()[TEMPO_ROLES.recipient]!, '0.01');
    chain = tempoReader(sandbox.config.mpp.rpcUrl);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await sandbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Every escrow log since `fromBlock`, decoded with mppx's ABI: what happened on chain, not what a receipt says. */
  async function escrowEvents(fromBlock: bigint) {
    const logs = await chain.getLogs({ address: TIP1034_ESCROW_ADDRESS, fromBlock });
    return parseEventLogs({ abi: escrowAbi, logs });
  }
  const escrowBalance = () =>
    chain.readContract({
      address: PATH_USD_ADDRESS,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [TIP1034_ESCROW_ADDRESS],
    });

  it('has code at the precompile address and the precompile domain, grace period and channel id', async () => {
    expect((await chain.getCode({ address: TIP1034_ESCROW_ADDRESS }))?.length).toBeGreaterThan(100);
    const read = (functionName: 'CLOSE_GRACE_PERIOD' | 'VOUCHER_TYPEHASH' | 'domainSeparator') =>
      chain.readContract({ address: TIP1034_ESCROW_ADDRESS, abi: escrowAbi, functionName });
    expect(await read('CLOSE_GRACE_PERIOD')).toBe(Channel.closeGracePeriod);
    expect(await read('VOUCHER_TYPEHASH')).toBe(Channel.voucherTypehash);
    expect(await read('domainSeparator')).toBe(Channel.domainSeparator({ chainId: sandbox.config.mpp.chainId }));
    const descriptor = {
      payer: '0x1111111111111111111111111111111111111111',
      payee: '0x2222222222222222222222222222222222222222',
      operator: '0x0000000000000000000000000000000000000000',
      token: PATH_USD_ADDRESS,
      salt: `0x${'01'.repeat(32)}`,
      authorizedSigner: '0x0000000000000000000000000000000000000000',
      expiringNonceHash: `0x${'02'.repeat(32)}`,
    } as const;
    const onChain = await chain.readContract({
      address: TIP1034_ESCROW_ADDRESS,
      abi: escrowAbi,
      functionName: 'computeChannelId',
      args: [
        descriptor.payer,
        descriptor.payee,
        descriptor.operator,
        descriptor.token,
        descriptor.salt as Hex,
        descriptor.authorizedSigner,
        descriptor.expiringNonceHash as Hex,
      ],
    });
    expect(onChain).toBe(Session.Precompile.Channel.computeId({ ...descriptor, chainId: sandbox.config.mpp.chainId }));
    const voucher = { chainId: sandbox.config.mpp.chainId, channelId: onChain, cumulativeAmount: 123n };
    const digest = await chain.readContract({
      address: TIP1034_ESCROW_ADDRESS,
      abi: escrowAbi,
      functionName: 'getVoucherDigest',
      args: [onChain, 123n],
    });
    expect(digest).toBe(Channel.getVoucherSignPayload(voucher));
  });

  it('sells many requests through one channel: one open, one settle, one close returning the rest', async () => {
    const payer = privateKeyToAccount(sandbox.config.mpp.payerPrivateKeys[0]!);
    const { rpcUrl } = sandbox.config.mpp;
    const sent: string[] = [];
    const manager = tempo.session.manager({
      account: payer,
      // Notes each credential the client sends, to replay one later.
      fetch: async (input, init) => {
        const authorization = new Headers(init?.headers).get('authorization');
        if (authorization) sent.push(authorization);
        return fetch(input, init);
      },
      getClient: () => createClient({ chain: tempoChain(rpcUrl), transport: http(rpcUrl) }),
      maxDeposit: '1',
    });
    const fromBlock = (await chain.getBlockNumber({ cacheTime: 0 })) + 1n;
    const N = 10;
    for (let i = 0; i < N; i++) {
      const response = await manager.fetch(`${server.url}/report`);
      const body = await response.text();
      expect({ status: response.status, body }).toEqual({
        status: 200,
        body: JSON.stringify({ report: 'paid content' }),
      });
      expect(response.receipt?.spent).toBe(String(PRICE * BigInt(i + 1)));
    }
    const channelId = manager.channelId as Hex;
    const opened = await escrowEvents(fromBlock);
    expect(opened.map((e) => e.eventName)).toEqual(['ChannelOpened']);
    const state = await chain.readContract({
      address: TIP1034_ESCROW_ADDRESS,
      abi: escrowAbi,
      functionName: 'getChannelState',
      args: [channelId],
    });
    const deposit = state.deposit;
    expect(deposit).toBe(1_000_000n); // the server's suggested deposit, $1
    expect(state.settled).toBe(0n);

    await server.settle(channelId);
    const afterSettle = await chain.readContract({
      address: TIP1034_ESCROW_ADDRESS,
      abi: escrowAbi,
      functionName: 'getChannelState',
      args: [channelId],
    });
    expect(afterSettle.settled).toBe(PRICE * BigInt(N));

    // A 404 never reaches the payment method; replayed and older vouchers are refused and charge nothing.
    expect((await manager.fetch(`${server.url}/missing`)).status).toBe(404);
    const latest = sent.at(-1)!;
    const older = sent.at(-3)!;
    for (const authorization of [latest, older]) {
      const replayed = await fetch(`${server.url}/report`, { headers: { authorization } });
      expect(replayed.status).toBe(402);
      await replayed.body?.cancel();
    }
    const more = await manager.fetch(`${server.url}/report`);
    expect(more.status).toBe(200);
    expect(more.receipt?.spent).toBe(String(PRICE * BigInt(N + 1)));
    const receipt = await manager.close();
    expect(receipt?.txHash).toMatch(/^0x/);

    const events = await escrowEvents(fromBlock);
    expect(events.map((e) => e.eventName)).toEqual(['ChannelOpened', 'Settled', 'ChannelClosed']);
    const closed = events[2] as Extract<(typeof events)[number], { eventName: 'ChannelClosed' }>;
    expect(closed.args.settledToPayee).toBe(PRICE * BigInt(N + 1));
    expect(closed.args.refundedToPayer).toBe(deposit - PRICE * BigInt(N + 1));
    expect(await escrowBalance()).toBe(0n);
    const txs = new Set(events.map((e) => e.transactionHash));
    expect(txs.size).toBe(3); // eleven paid requests: the open, one settle, the close
    const gone = await chain.readContract({
      address: TIP1034_ESCROW_ADDRESS,
      abi: escrowAbi,
      functionName: 'getChannelState',
      args: [channelId],
    });
    expect(gone.deposit).toBe(0n);
  });

  it('leaves the payer its way out: requestClose, then withdraw after the grace period, not before', async () => {
    const payerKey = sandbox.config.mpp.payerPrivateKeys[1]!;
    const payer = privateKeyToAccount(payerKey);
    const { rpcUrl } = sandbox.config.mpp;
    const manager = tempo.session.manager({
      account: payer,
      getClient: () => createClient({ chain: tempoChain(rpcUrl), transport: http(rpcUrl) }),
      maxDeposit: '1',
    });
    const fromBlock = (await chain.getBlockNumber({ cacheTime: 0 })) + 1n;
    expect((await manager.fetch(`${server.url}/report`)).status).toBe(200);
    // This payer's open, not whatever else the chain logged since (viem caches the block number for seconds).
    const opened = (await escrowEvents(fromBlock)).find(
      (e) => e.eventName === 'ChannelOpened' && e.args.payer === payer.address,
    );
    if (opened?.eventName !== 'ChannelOpened') throw new Error('no ChannelOpened event');
    const { args } = opened;
    const descriptor = {
      payer: args.payer,
      payee: args.payee,
      operator: args.operator,
      token: args.token,
      salt: args.salt,
      authorizedSigner: args.authorizedSigner,
      expiringNonceHash: args.expiringNonceHash,
    };
    const wallet = createWalletClient({ account: payer, chain: tempoChain(rpcUrl), transport: http(rpcUrl) });
    const send = async (functionName: 'requestClose' | 'withdraw') => {
      const hash = await wallet.writeContract({
        address: TIP1034_ESCROW_ADDRESS,
        abi: escrowAbi,
        functionName,
        args: [descriptor],
      });
      return (await chain.waitForTransactionReceipt({ hash })).status;
    };
    expect(await send('requestClose')).toBe('success');
    const state = await chain.readContract({
      address: TIP1034_ESCROW_ADDRESS,
      abi: escrowAbi,
      functionName: 'getChannelState',
      args: [args.channelId],
    });
    expect(state.closeRequestedAt).toBeGreaterThan(0);
    await expect(send('withdraw')).rejects.toThrow(); // within the grace period
    const test = createTestClient({ mode: 'anvil', transport: http(rpcUrl) });
    await test.increaseTime({ seconds: Number(Channel.closeGracePeriod) });
    await test.mine({ blocks: 1 });
    expect(await send('withdraw')).toBe('success');
    const closed = (await escrowEvents(fromBlock)).find((e) => e.eventName === 'ChannelClosed');
    expect(closed?.args).toMatchObject({ settledToPayee: 0n, refundedToPayer: args.deposit });
    expect(await escrowBalance()).toBe(0n);
  });
});
