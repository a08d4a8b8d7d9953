import { privateKeyToAccount } from 'viem/accounts';
import { DEV_MNEMONIC, devPrivateKeys, TEMPO_ROLES, X402_ROLES } from './accounts';
import { type AnvilProcess, startAnvil } from './anvil';
import { PATH_USD_ADDRESS, TEMPO_CHAIN_ID, USDC_ADDRESS, X402_CHAIN_ID } from './chains';
import { placeBatchSettlementEscrow } from './escrow';
import { startFacilitator } from './facilitator';
import { removeSandboxFile, writeSandboxFile } from './file';
import { placeMulticall3 } from './multicall';
import { prepareTempo } from './tempo';
import { startTempoRpcProxy } from './tempo-rpc-proxy';
import { placeTempoSessionEscrow, TIP1034_ESCROW_ADDRESS } from './tempo-session-escrow';
import { placeUsdc } from './usdc';

/**
 * The offline payment sandbox: two local anvil chains with test money, so both payment protocols run end to end
 * with no internet. x402: a Base Sepolia (84532) chain with Circle's USDC at its real address, Multicall3, our
 * batch-settlement escrow at the address @x402/evm expects it, and a self-hosted facilitator. MPP: a Tempo chain (1337)
 * whose dev accounts hold pathUSD, with an emulation of Tempo's TIP-1034 channel escrow precompile (for
 * `tempo.session`; see tempo-session-escrow.ts) that the payers have approved.
 */
export interface SandboxConfig {
  x402: {
    network: `eip155:${number}`;
    chainId: number;
    rpcUrl: string;
    asset: `0x${string}`;
    payTo: `0x${string}`;
    facilitatorUrl: string;
    payerPrivateKeys: `0x${string}`[];
  };
  mpp: {
    rpcUrl: string;
    chainId: number;
    currency: `0x${string}`;
    recipient: `0x${string}`;
    payerPrivateKeys: `0x${string}`[];
  };
}

export interface PaymentSandbox {
  config: SandboxConfig;
  /** The anvil child processes' PIDs (x402 chain, Tempo chain), for diagnostics and tests. */
  processIds: number[];
  stop(): Promise<void>;
}

/** Test USDC minted to each x402 payer: 1000 USDC (6 decimals). */
export const USDC_PER_PAYER = 1_000_000_000n;

const addressOf = (key: `0x${string}`) => privateKeyToAccount(key).address;
const usd = (atomic: bigint) => (Number(atomic) / 1e6).toLocaleString('en-US');

export async function startPaymentSandbox(options: {
  dataDir: string;
  log?: (line: string) => void;
}): Promise<PaymentSandbox> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const anvils: AnvilProcess[] = [];
  const servers: { close(): Promise<void> }[] = [];
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.close()));
    await Promise.all(anvils.map((a) => a.stop()));
  };

  try {
    // Both chains boot in parallel; the key derivation (synchronous, a few hundred ms) overlaps their start-up.
    const booting = [
      startAnvil('x402 chain', ['--chain-id', String(X402_CHAIN_ID), '--mnemonic', DEV_MNEMONIC]),
      startAnvil('Tempo chain', [
        '--network',
        'tempo',
        '--chain-id',
        String(TEMPO_CHAIN_ID),
        '--mnemonic',
        DEV_MNEMONIC,
      ]),
    ];
    const keys = devPrivateKeys();
    const results = await Promise.allSettled(booting);
    for (const r of results) if (r.status === 'fulfilled') anvils.push(r.value);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const [x402Anvil, tempoAnvil] = anvils as [AnvilProcess, AnvilProcess];

    const network = `eip155:${X402_CHAIN_ID}` as const;
    const x402Payers = keys.slice(X402_ROLES.firstPayer);
    const tempoPayers = keys.slice(TEMPO_ROLES.firstPayer);
    const [facilitator, tempoProxy] = await Promise.all([
      startFacilitator({ rpcUrl: x402Anvil.rpcUrl, network, privateKey: keys[X402_ROLES.facilitator]! }),
      startTempoRpcProxy({
        upstream: tempoAnvil.rpcUrl,
        // The recipient too: it sends tempo.session's settle and close transactions, with expiring nonces.
        senders: [...tempoPayers, keys[TEMPO_ROLES.recipient]!].map(addressOf),
        emulateTip1034: true,
      }),
    ]);
    servers.push(facilitator, tempoProxy);
    const [, , , tempoBalances] = await Promise.all([
      placeUsdc({
        rpcUrl: x402Anvil.rpcUrl,
        adminKey: keys[X402_ROLES.admin]!,
        mintTo: x402Payers.map(addressOf),
        amountEach: USDC_PER_PAYER,
      }),
      placeMulticall3(x402Anvil.rpcUrl),
      placeBatchSettlementEscrow(x402Anvil.rpcUrl),
      prepareTempo(tempoAnvil.rpcUrl, tempoPayers.map(addressOf)).then(async (balances) => {
        // After prepareTempo's first block: Tempo transactions (the payers' approvals) are refused at genesis.
        await placeTempoSessionEscrow(tempoAnvil.rpcUrl, tempoPayers);
        return balances;
      }),
    ]);

    const config: SandboxConfig = {
      x402: {
        network,
        chainId: X402_CHAIN_ID,
        rpcUrl: x402Anvil.rpcUrl,
        asset: USDC_ADDRESS,
        payTo: addressOf(keys[X402_ROLES.payTo]!),
        facilitatorUrl: facilitator.url,
        payerPrivateKeys: x402Payers,
      },
      mpp: {
        rpcUrl: tempoProxy.url, // not the anvil URL: the proxy works around anvil's expiring-nonce bug
        chainId: TEMPO_CHAIN_ID,
        currency: PATH_USD_ADDRESS,
        recipient: addressOf(keys[TEMPO_ROLES.recipient]!),
        payerPrivateKeys: tempoPayers,
      },
    };
    writeSandboxFile(options.dataDir, config);
    const ms = Math.round(performance.now() - started);
    log(
      `payment sandbox (TEST MONEY): x402 chain ${network} at ${x402Anvil.rpcUrl}, facilitator ${facilitator.url}, ` +
        `${x402Payers.length} payers with ${usd(USDC_PER_PAYER)} test USDC each (pid ${x402Anvil.pid})`,
    );
    log(
      `payment sandbox (TEST MONEY): MPP Tempo chain ${TEMPO_CHAIN_ID} at ${tempoProxy.url} (anvil ${tempoAnvil.rpcUrl}), ` +
        `${tempoPayers.length} payers with ${usd(tempoBalances[0] ?? 0n)} test pathUSD each (pid ${tempoAnvil.pid}), ` +
        `an emulation of the TIP-1034 channel escrow at ${TIP1034_ESCROW_ADDRESS}; ` +
        `ready in ${ms} ms`,
    );

    let stopping: Promise<void> | undefined;
    return {
      config,
      processIds: anvils.map((a) => a.pid),
      stop: () => {
        stopping ??= stopAll().finally(() => removeSandboxFile(options.dataDir));
        return stopping;
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
