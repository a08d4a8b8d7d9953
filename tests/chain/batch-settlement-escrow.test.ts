import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { BATCH_SETTLEMENT_ADDRESS, ERC3009_DEPOSIT_COLLECTOR_ADDRESS } from '@x402/evm';
import {
  computeChannelId,
  createBatchSettlementEIP3009DepositPayload,
  signVoucher,
} from '@x402/evm/batch-settlement/client';
import { BatchSettlementEvmScheme } from '@x402/evm/batch-settlement/facilitator';
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  keccak256,
  parseAbi,
  publicActions,
  toHex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_SETTLEMENT_CONTRACTS } from '@/lib/payments/batch-settlement/contracts.generated';
import { DEV_MNEMONIC, devPrivateKeys } from '@/lib/payments/sandbox/accounts';
import { type AnvilProcess, startAnvil } from '@/lib/payments/sandbox/anvil';
import { USDC_ADDRESS, X402_CHAIN_ID, x402Chain } from '@/lib/payments/sandbox/chains';
import { placeBatchSettlementEscrow } from '@/lib/payments/sandbox/escrow';
import { sandboxFacilitatorSigner } from '@/lib/payments/sandbox/facilitator';
import { placeMulticall3 } from '@/lib/payments/sandbox/multicall';
import { placeUsdc } from '@/lib/payments/sandbox/usdc';

/**
 * Our batch-settlement escrow (contracts/batch-settlement) on one anvil chain, placed at the SDK's addresses, driven
 * by @x402/evm's own batch-settlement client (deposit payloads, vouchers) and facilitator (verify, deposit, claim,
 * settle, refund), and by plain viem calls for what the SDK never does itself (direct claims, the timeout withdrawal,
 * refused claims). One chain, one sequence of steps: each step builds on the channel state the previous one left.
 */
const NETWORK = `eip155:${X402_CHAIN_ID}` as const;
const ESCROW = BATCH_SETTLEMENT_ADDRESS as Address;
const ABI = BATCH_SETTLEMENT_CONTRACTS.escrow.abi;
const USDC = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function approve(address, uint256) returns (bool)',
]);
const WITHDRAW_DELAY = 900;

describe('batch-settlement escrow on anvil', () => {
  let anvil: AnvilProcess;
  const keys = devPrivateKeys();
  const [admin, facilitatorKey, receiverKey, payerAKey, payerBKey, strangerKey, , , , authorizerKey] = keys as Hex[];
  const receiver = privateKeyToAccount(receiverKey!);
  const authorizer = privateKeyToAccount(authorizerKey!);
  const payerA = privateKeyToAccount(payerAKey!);
  const payerB = privateKeyToAccount(payerBKey!);
  const stranger = privateKeyToAccount(strangerKey!);
  let facilitator: BatchSettlementEvmScheme;
  let chain: ReturnType<typeof createTestClient> & ReturnType<typeof publicActions>;

  const config = (payer: Address, salt: number) => ({
    payer,
    payerAuthorizer: '0x0000000000000000000000000000000000000000' as Address,
    receiver: receiver.address,
    receiverAuthorizer: authorizer.address,
    token: USDC_ADDRESS as Address,
    withdrawDelay: WITHDRAW_DELAY,
    salt: toHex(salt, { size: 32 }),
  });
  const channelA = config(payerA.address, 1);
  const channelB = config(payerB.address, 2);
  const idA = computeChannelId(channelA, NETWORK);
  const idB = computeChannelId(channelB, NETWORK);

  const requirements: PaymentRequirements = {
    scheme: 'batch-settlement',
    network: NETWORK,
    asset: USDC_ADDRESS,
    amount: '10000',
    payTo: receiver.address,
    maxTimeoutSeconds: 300,
    extra: { name: 'USDC', version: '2', receiverAuthorizer: authorizer.address, withdrawDelay: WITHDRAW_DELAY },
  };
  const envelope = (payload: Record<string, unknown>): PaymentPayload => ({
    x402Version: 2,
    accepted: requirements,
    payload,
  });

  const wallet = (key: Hex) =>
    createWalletClient({
      account: privateKeyToAccount(key),
      chain: x402Chain(anvil.rpcUrl),
      transport: http(anvil.rpcUrl),
    }).extend(publicActions);
  const channel = async (id: Hex) => {
    const [balance, totalClaimed] = await chain.readContract({
      address: ESCROW,
      abi: ABI,
      functionName: 'channels',
      args: [id],
    });
    return { balance, totalClaimed };
  };
  const usdc = (who: Address) =>
    chain.readContract({ address: USDC_ADDRESS, abi: USDC, functionName: 'balanceOf', args: [who] });
  const claimOf = async (cfg: typeof channelA, payer: typeof payerA, max: bigint, total: bigint) => ({
    voucher: { channel: cfg, maxClaimableAmount: max },
    signature: (await signVoucher(payer, computeChannelId(cfg, NETWORK), String(max), NETWORK)).signature,
    totalClaimed: total,
  });
  /** The custom error a call reverts with, by name (simulated, so nothing is mined). */
  async function revertName(key: Hex, functionName: string, args: readonly unknown[]): Promise<string | undefined> {
    try {
      await wallet(key).simulateContract({ address: ESCROW, abi: ABI, functionName, args } as never);
      return undefined;
    } catch (error) {
      const reverted =
        error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : undefined;
      return reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : String(error);
    }
  }

  beforeAll(async () => {
    anvil = await startAnvil('x402 chain', ['--chain-id', String(X402_CHAIN_ID), '--mnemonic', DEV_MNEMONIC]);
    chain = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).extend(publicActions);
    await Promise.all([
      placeUsdc({
        rpcUrl: anvil.rpcUrl,
        adminKey: admin!,
        mintTo: [payerA.address, payerB.address],
        amountEach: 100_000_000n,
      }),
      placeMulticall3(anvil.rpcUrl),
      placeBatchSettlementEscrow(anvil.rpcUrl),
    ]);
    facilitator = new BatchSettlementEvmScheme(sandboxFacilitatorSigner(anvil.rpcUrl, facilitatorKey!), authorizer);
  });

  afterAll(async () => {
    await anvil?.stop();
  });

  it("gives the SDK's channel id and EIP-712 type hash", async () => {
    for (const cfg of [channelA, { ...channelB, payerAuthorizer: stranger.address }]) {
      const id = await chain.readContract({ address: ESCROW, abi: ABI, functionName: 'getChannelId', args: [cfg] });
      expect(id).toBe(computeChannelId(cfg, NETWORK));
    }
    const typeHash = await chain.readContract({ address: ESCROW, abi: ABI, functionName: 'CHANNEL_CONFIG_TYPEHASH' });
    expect(typeHash).toBe(
      keccak256(
        toHex(
          'ChannelConfig(address payer,address payerAuthorizer,address receiver,address receiverAuthorizer,address token,uint40 withdrawDelay,bytes32 salt)',
        ),
      ),
    );
  });

  it("takes a deposit through the ERC-3009 collector, as the SDK's client signs it and its facilitator submits it", async () => {
    const { payload } = await createBatchSettlementEIP3009DepositPayload(
      payerA,
      2,
      requirements,
      channelA,
      '5000000',
      '10000',
    );
    const verified = await facilitator.verify(envelope(payload), requirements);
    expect(verified).toMatchObject({ isValid: true, payer: payerA.address });
    const before = await usdc(payerA.address);
    const settled = await facilitator.settle(envelope(payload), requirements);
    expect(settled).toMatchObject({ success: true });
    expect(await channel(idA)).toEqual({ balance: 5_000_000n, totalClaimed: 0n });
    expect(before - (await usdc(payerA.address))).toBe(5_000_000n);
    // The same authorization again is refused by the token (its nonce is used), so nothing is credited twice.
    expect((await facilitator.settle(envelope(payload), requirements)).success).toBe(false);
    expect((await channel(idA)).balance).toBe(5_000_000n);
  });

  it('takes a deposit by allowance, and refuses the collector to anyone but the escrow', async () => {
    const payer = wallet(payerBKey!);
    await payer.waitForTransactionReceipt({
      hash: await payer.writeContract({
        address: USDC_ADDRESS,
        abi: USDC,
        functionName: 'approve',
        args: [ESCROW, 3_000_000n],
      }),
    });
    const zero = '0x0000000000000000000000000000000000000000';
    await payer.waitForTransactionReceipt({
      hash: await payer.writeContract({
        address: ESCROW,
        abi: ABI,
        functionName: 'deposit',
        args: [channelB, 3_000_000n, zero, '0x'],
      }),
    });
    expect(await channel(idB)).toEqual({ balance: 3_000_000n, totalClaimed: 0n });
    expect(await revertName(payerBKey!, 'deposit', [{ ...channelB, withdrawDelay: 60 }, 1n, zero, '0x'])).toBe(
      'InvalidChannelConfig',
    );
    const collector = await wallet(strangerKey!)
      .simulateContract({
        address: ERC3009_DEPOSIT_COLLECTOR_ADDRESS as Address,
        abi: BATCH_SETTLEMENT_CONTRACTS.collector.abi,
        functionName: 'collect',
        args: [payerA.address, USDC_ADDRESS, 1n, idA, '0x'],
      })
      .then(
        () => 'accepted',
        (error: BaseError) =>
          (error.walk((e) => e instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError).data
            ?.errorName,
      );
    expect(collector).toBe('OnlyEscrow');
  });

  it('claims a batch of two channels with one authorizer signature, then settles to the receiver', async () => {
    const claims = [
      await claimOf(channelA, payerA, 40_000n, 30_000n),
      await claimOf(channelB, payerB, 20_000n, 20_000n),
    ];
    const claimPayload = { type: 'claim', claims };
    const claimed = await facilitator.settle(envelope(claimPayload), requirements);
    expect(claimed).toMatchObject({ success: true });
    expect(await channel(idA)).toEqual({ balance: 5_000_000n, totalClaimed: 30_000n });
    expect(await channel(idB)).toEqual({ balance: 3_000_000n, totalClaimed: 20_000n });

    // Replaying the same batch moves nothing: a claim of the total already claimed is a no-op.
    await facilitator.settle(envelope(claimPayload), requirements);
    expect(await channel(idA)).toEqual({ balance: 5_000_000n, totalClaimed: 30_000n });
    expect(await channel(idB)).toEqual({ balance: 3_000_000n, totalClaimed: 20_000n });

    const before = await usdc(receiver.address);
    const settled = await facilitator.settle(
      envelope({ type: 'settle', receiver: receiver.address, token: USDC_ADDRESS }),
      requirements,
    );
    expect(settled).toMatchObject({ success: true, amount: '50000' });
    expect((await usdc(receiver.address)) - before).toBe(50_000n);
    expect(await revertName(receiverKey!, 'settle', [receiver.address, USDC_ADDRESS])).toBe('NothingToSettle');
  });

  it('refuses lower, over-voucher, over-balance, forged and unauthorized claims', async () => {
    const claim = async (c: Awaited<ReturnType<typeof claimOf>>, key: Hex = receiverKey!) =>
      revertName(key, 'claim', [[c]]);
    expect(await claim(await claimOf(channelA, payerA, 40_000n, 29_999n))).toBe('ClaimBelowClaimed');
    expect(await claim(await claimOf(channelA, payerA, 40_000n, 40_001n))).toBe('ClaimExceedsVoucher');
    expect(await claim(await claimOf(channelB, payerB, 9_000_000n, 3_000_001n))).toBe('ClaimExceedsBalance');
    const forged = { ...(await claimOf(channelA, payerB, 60_000n, 60_000n)) };
    expect(await claim(forged)).toBe('InvalidVoucherSignature');
    expect(await claim(await claimOf(channelA, payerA, 60_000n, 60_000n), strangerKey!)).toBe('NotAuthorized');
    // A batch signed by someone other than the channels' receiver authorizer.
    const c = await claimOf(channelA, payerA, 60_000n, 60_000n);
    const signature = await stranger.signTypedData({
      domain: { name: 'x402 Batch Settlement', version: '1', chainId: X402_CHAIN_ID, verifyingContract: ESCROW },
      types: {
        ClaimBatch: [{ name: 'claims', type: 'ClaimEntry[]' }],
        ClaimEntry: [
          { name: 'channelId', type: 'bytes32' },
          { name: 'maxClaimableAmount', type: 'uint128' },
          { name: 'totalClaimed', type: 'uint128' },
        ],
      },
      primaryType: 'ClaimBatch',
      message: { claims: [{ channelId: idA, maxClaimableAmount: 60_000n, totalClaimed: 60_000n }] },
    });
    expect(await revertName(strangerKey!, 'claimWithSignature', [[c], signature])).toBe('InvalidAuthorizerSignature');

    // The receiver's own claim of a fresh voucher goes through.
    const receiverWallet = wallet(receiverKey!);
    await receiverWallet.waitForTransactionReceipt({
      hash: await receiverWallet.writeContract({ address: ESCROW, abi: ABI, functionName: 'claim', args: [[c]] }),
    });
    expect(await channel(idA)).toEqual({ balance: 5_000_000n, totalClaimed: 60_000n });
  });

  it('refunds the unclaimed deposit cooperatively, claiming the last voucher first, once per nonce', async () => {
    // The receiver itself may give part back directly; nobody else may.
    expect(await revertName(strangerKey!, 'refund', [channelA, 30_000n])).toBe('NotAuthorized');
    const receiverWallet = wallet(receiverKey!);
    const direct = await receiverWallet.writeContract({
      address: ESCROW,
      abi: ABI,
      functionName: 'refund',
      args: [channelA, 30_000n],
    });
    expect((await receiverWallet.waitForTransactionReceipt({ hash: direct })).status).toBe('success');
    expect(await channel(idA)).toEqual({ balance: 4_970_000n, totalClaimed: 60_000n });

    const last = await claimOf(channelA, payerA, 70_000n, 70_000n);
    const refund = {
      type: 'refund',
      channelConfig: channelA,
      voucher: { channelId: idA, maxClaimableAmount: '70000', signature: last.signature },
      amount: '99000000',
      refundNonce: '1',
      claims: [{ ...last, voucher: { ...last.voucher, maxClaimableAmount: '70000' }, totalClaimed: '70000' }],
    };
    const before = await usdc(payerA.address);
    const refunded = await facilitator.settle(envelope(refund), requirements);
    expect(refunded).toMatchObject({ success: true, amount: '4900000' });
    expect((await usdc(payerA.address)) - before).toBe(4_900_000n);
    expect(await channel(idA)).toEqual({ balance: 70_000n, totalClaimed: 70_000n });
    expect(await chain.readContract({ address: ESCROW, abi: ABI, functionName: 'refundNonce', args: [idA] })).toBe(2n);
    // A signed refund for a used nonce cannot be used again.
    const signature = await authorizer.signTypedData({
      domain: { name: 'x402 Batch Settlement', version: '1', chainId: X402_CHAIN_ID, verifyingContract: ESCROW },
      types: {
        Refund: [
          { name: 'channelId', type: 'bytes32' },
          { name: 'nonce', type: 'uint256' },
          { name: 'amount', type: 'uint128' },
        ],
      },
      primaryType: 'Refund',
      message: { channelId: idA, nonce: 1n, amount: 1n },
    });
    expect(await revertName(strangerKey!, 'refundWithSignature', [channelA, 1n, 1n, signature])).toBe(
      'InvalidRefundNonce',
    );
  });

  it('lets the payer withdraw after the delay without the receiver, who can still claim meanwhile', async () => {
    const payer = wallet(payerBKey!);
    const mined = async (hash: Hex) => expect((await payer.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(await revertName(strangerKey!, 'initiateWithdraw', [channelB, 1n])).toBe('NotAuthorized');
    await mined(
      await payer.writeContract({
        address: ESCROW,
        abi: ABI,
        functionName: 'initiateWithdraw',
        args: [channelB, 3_000_000n],
      }),
    );
    expect(await revertName(payerBKey!, 'finalizeWithdraw', [channelB])).toBe('WithdrawDelayNotElapsed');
    const late = await claimOf(channelB, payerB, 100_000n, 100_000n);
    await mined(
      await wallet(receiverKey!).writeContract({ address: ESCROW, abi: ABI, functionName: 'claim', args: [[late]] }),
    );

    await chain.increaseTime({ seconds: WITHDRAW_DELAY });
    await chain.mine({ blocks: 1 });
    const before = await usdc(payerB.address);
    await mined(
      await payer.writeContract({ address: ESCROW, abi: ABI, functionName: 'finalizeWithdraw', args: [channelB] }),
    );
    expect((await usdc(payerB.address)) - before).toBe(2_900_000n);
    expect(await channel(idB)).toEqual({ balance: 100_000n, totalClaimed: 100_000n });
    expect(await revertName(payerBKey!, 'finalizeWithdraw', [channelB])).toBe('NoPendingWithdrawal');
  });

  it('holds exactly what its books say: unclaimed deposits plus claimed-but-unsettled amounts', async () => {
    const [a, b] = [await channel(idA), await channel(idB)];
    const [claimed, settled] = await chain.readContract({
      address: ESCROW,
      abi: ABI,
      functionName: 'receivers',
      args: [receiver.address, USDC_ADDRESS],
    });
    expect(claimed).toBe(a.totalClaimed + b.totalClaimed);
    expect(await usdc(ESCROW)).toBe(a.balance - a.totalClaimed + (b.balance - b.totalClaimed) + (claimed - settled));
  });
});
