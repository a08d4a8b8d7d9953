import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestClient, http } from 'viem';
import type { Db } from '@/lib/db/types';
import { devPrivateKeys, TEMPO_ROLES, X402_ROLES } from '@/lib/payments/sandbox/accounts';
import { tempoBalance, usdcBalance } from '@/lib/payments/sandbox/balances';
import { type PaymentSandbox, startPaymentSandbox } from '@/lib/payments/sandbox/start';
import { reconcilePendingSettlements, SETTLE_GRACE_MS } from '@/lib/payments/settlements/reconcile';
import type { PaymentSetup } from '@/lib/payments/setup';
import { SESSION_SETTLE_POLICY } from '@/lib/payments/setup';
import {
  mppPaymentClient,
  mppSessionPaymentClient,
  x402BatchPaymentClient,
  x402PaymentClient,
} from '@/scripts/pay/clients';
import { auditVoucherChannels, type VoucherChannelAudit } from './chaos-vouchers';

/**
 * A paying fetch of one payer, each with its own key: x402 `exact` (@x402/fetch) or MPP `tempo.charge` (mppx), settled
 * per request, or by voucher through one channel: x402 `batch-settlement` (@x402/fetch with @x402/evm's client
 * scheme) or MPP `tempo.session` (mppx's session manager).
 */
export interface WalletPayer {
  protocol: 'x402' | 'mpp' | 'x402-batch' | 'mpp-session';
  fetch: (url: URL) => Promise<Response>;
}

/** What the chains and the database say of the wallet payments, after the last stop and a reconcile. */
export interface WalletAudit {
  /** Atomic units (6 decimals) received on chain by the service's x402 payTo and Tempo recipient. */
  receivedX402: bigint;
  receivedMpp: bigint;
  /** The same sums over the settlements the database holds as settled. */
  settledX402: bigint;
  settledMpp: bigint;
  settledRows: number;
  /** Settled rows with no payment recorded: money moved, no answer (the kill fell between settle and record). */
  settledUnrecorded: number;
  /** Rows the reconcile could not decide, by protocol. */
  pending: Record<string, number>;
  failed: number;
  reconciled: Record<string, number>;
}

const MPP_SECRET = 'chaos-mpp-secret-key-0123456789abcdef';

/**
 * The payment sandbox of a crash test, run by the test process rather than the service, so that the chains and the
 * facilitator outlive every kill (the service started on an embedded default would start and stop its own).
 */
export async function startChaosWallets() {
  const dir = mkdtempSync(path.join(tmpdir(), 'finpub-chaos-chains-'));
  const sandbox: PaymentSandbox = await startPaymentSandbox({ dataDir: dir });
  const { x402, mpp } = sandbox.config;
  const setup: Pick<PaymentSetup, 'x402' | 'mpp'> = {
    x402: {
      network: x402.network,
      payTo: x402.payTo,
      facilitatorUrl: x402.facilitatorUrl,
      rpcUrl: x402.rpcUrl,
      timeoutMs: 15_000,
      batchSettlement: {
        receiverAuthorizerKey: devPrivateKeys()[X402_ROLES.payTo]!,
        claims: { count: 100, ageSeconds: 300 },
      },
    },
    mpp: {
      secretKey: MPP_SECRET,
      realm: null,
      tempo: {
        rpcUrl: mpp.rpcUrl,
        chainId: mpp.chainId,
        recipient: mpp.recipient,
        currency: mpp.currency,
        session: { payeeKey: devPrivateKeys()[TEMPO_ROLES.recipient]!, settle: SESSION_SETTLE_POLICY },
      },
      stripe: null,
    },
  };
  const received = async () => ({
    x402: await usdcBalance(sandbox.config, x402.payTo),
    mpp: await tempoBalance(sandbox.config, mpp.recipient),
  });
  const before = await received();

  return {
    /** The service's variables: the sandbox's chains as a configured deployment reaches them. */
    env: {
      PAYMENT_SANDBOX: 'false',
      PAYMENT_ACCEPT_DEV_KEYS: 'true',
      X402_NETWORK: x402.network,
      X402_PAY_TO: x402.payTo,
      X402_FACILITATOR_URL: x402.facilitatorUrl,
      X402_RPC_URL: x402.rpcUrl,
      MPP_SECRET_KEY: MPP_SECRET,
      TEMPO_RPC_URL: mpp.rpcUrl,
      TEMPO_CHAIN_ID: String(mpp.chainId),
      TEMPO_RECIPIENT: mpp.recipient,
      TEMPO_CURRENCY: mpp.currency,
      // The vouchers' schemes, as a configured deployment turns them on: the escrows are on the sandbox's chains.
      X402_RECEIVER_AUTHORIZER_KEY: setup.x402!.batchSettlement!.receiverAuthorizerKey,
      TEMPO_SESSION_PAYEE_KEY: setup.mpp!.tempo!.session!.payeeKey,
    },
    /**
     * `count` payers of each protocol, each with a key of its own (an MPP payer's transactions use its nonces); with
     * `vouchers`, as many again paying by voucher (x402 batch-settlement, MPP tempo.session), with the next keys.
     */
    async payers(count: number, vouchers = false): Promise<WalletPayer[]> {
      const payers: WalletPayer[] = [];
      const payer = { testMoney: true, source: 'chaos', rpcUrl: null, chainId: null, network: null };
      for (let i = 0; vouchers && i < count; i++) {
        // A deposit and a session sized for 50 requests: longer runs top up, as the clients do by themselves.
        const x = x402BatchPaymentClient(
          { ...payer, privateKey: x402.payerPrivateKeys[count + i]!, network: x402.network, rpcUrl: x402.rpcUrl },
          null,
          50,
        );
        const m = await mppSessionPaymentClient(
          { ...payer, privateKey: mpp.payerPrivateKeys[count + i]!, rpcUrl: mpp.rpcUrl, chainId: mpp.chainId },
          null,
          50,
        );
        payers.push({ protocol: 'x402-batch', fetch: (url) => x.fetch(url, {}) });
        payers.push({ protocol: 'mpp-session', fetch: (url) => m.fetch(url, {}) });
      }
      for (let i = 0; i < count; i++) {
        const x = x402PaymentClient({ ...payer, privateKey: x402.payerPrivateKeys[i]!, network: x402.network });
        const m = await mppPaymentClient({
          ...payer,
          privateKey: mpp.payerPrivateKeys[i]!,
          rpcUrl: mpp.rpcUrl,
          chainId: mpp.chainId,
        });
        payers.push({ protocol: 'x402', fetch: (url) => x.fetch(url, {}) });
        payers.push({ protocol: 'mpp', fetch: (url) => m.fetch(url, {}) });
      }
      return payers;
    },
    /**
     * Reconciles every open settlement as the job would once its grace period passed, then compares what moved on
     * chain with what the database says was settled: a transfer the database calls failed (or never opened), or a
     * settlement the chain does not show, makes the sums differ.
     */
    async audit(db: Db): Promise<WalletAudit> {
      // An MPP row whose signed transaction is still valid (25 s) may yet land: the job leaves it pending and decides
      // at a later run, so the audit runs it again, as the minute cron would, until none is left or a minute passed.
      const reconciled: Record<string, number> = {};
      const deadline = Date.now() + 60_000;
      const tempoChain = createTestClient({ mode: 'anvil', transport: http(mpp.rpcUrl) });
      for (;;) {
        // anvil mines only when a transaction arrives, so its clock stands still once the payers stop; a block now
        // is what a live chain would have produced meanwhile, and lets the job see a transaction's validity end.
        await tempoChain.mine({ blocks: 1 });
        const outcomes = await reconcilePendingSettlements(db, setup, Date.now() + SETTLE_GRACE_MS);
        let decided = 0;
        for (const [status, n] of Object.entries(outcomes))
          if (status !== 'pending') {
            reconciled[status] = (reconciled[status] ?? 0) + n;
            decided += n;
          }
        // A run decides at most 100 rows: while runs still decide some, the next one follows at once.
        const [open] = await db.query<{ n: number }>(
          `select count(*)::int as n from wallet_settlements where status = 'pending'`,
        );
        if (open!.n === 0 || Date.now() > deadline) break;
        if (decided === 0) await new Promise((resolve) => setTimeout(resolve, 5_000));
      }
      const after = await received();
      const rows = await db.query<{ protocol: string; status: string; cents: number; n: number; unrecorded: number }>(
        `select protocol, status, coalesce(sum(amount_cents), 0)::int as cents, count(*)::int as n,
                count(*) filter (where not exists (
                  select 1 from payments p where p.unique_key = coalesce(s.payment_key, s.unique_key)))::int as unrecorded
           from wallet_settlements s group by protocol, status`,
      );
      const settled = (protocol: string) =>
        BigInt(rows.find((r) => r.protocol === protocol && r.status === 'settled')?.cents ?? 0) * 10_000n;
      // Open rows by protocol and by the reason the last reconcile left them open.
      const pending: Record<string, number> = {};
      for (const row of await db.query<{ protocol: string; last_error: string | null; n: number }>(
        `select protocol, last_error, count(*)::int as n from wallet_settlements where status = 'pending'
          group by protocol, last_error`,
      ))
        pending[`${row.protocol}: ${row.last_error ?? 'not reconciled'}`] = row.n;
      const settledRows = rows.filter((r) => r.status === 'settled');
      return {
        receivedX402: after.x402 - before.x402,
        receivedMpp: after.mpp - before.mpp,
        settledX402: settled('x402'),
        settledMpp: settled('mpp'),
        settledRows: settledRows.reduce((sum, r) => sum + r.n, 0),
        settledUnrecorded: settledRows.reduce((sum, r) => sum + r.unrecorded, 0),
        pending,
        failed: rows.filter((r) => r.status === 'failed').reduce((sum, r) => sum + r.n, 0),
        reconciled,
      };
    },
    /**
     * After `audit` (whose sums the vouchers' claims and settles would change): each voucher channel against the
     * chain, once the job claimed and settled everything counted (tests/helpers/chaos-vouchers.ts).
     */
    auditVouchers: (db: Db, problems: string[]): Promise<VoucherChannelAudit[]> =>
      auditVoucherChannels(db, setup, problems),
    async stop() {
      await sandbox.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type ChaosWallets = Awaited<ReturnType<typeof startChaosWallets>>;
