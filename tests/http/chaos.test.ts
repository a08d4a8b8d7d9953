import { describe, expect, it } from 'vitest';
import { runChaos } from '@/tests/helpers/chaos-run';

// The crash test at CI size (issue 35; `npm run chaos` runs it at full size): the built service on its own data,
// killed with SIGKILL five times while paid reads (credits, x402 and MPP on the sandbox's chains, per request and by
// voucher: batch-settlement and tempo.session), searches, e-mails
// and feed syncs run, audited with SQL after each kill, and the wallets' money on chain against the settlements. On PostgreSQL (DATABASE_URL) it makes a fresh database; the server itself is not restarted here, since the
// other suites share it.
describe('the service killed at random moments', () => {
  it('comes back on the same data every time, with nothing lost, corrupt or charged twice', async () => {
    const databaseUrl = process.env.DATABASE_URL || undefined;
    const report = await runChaos({
      kills: 5,
      seed: 35,
      databaseUrl,
      auditEvery: 1,
      // Long enough for a wallet payment (the 402, a signature, a transaction mined) to be answered in some rounds on
      // a slow two-core machine: at 1,500 ms every one was cut by the kill there, and at 4,000 ms, with the voucher
      // payers beside them and the machine loaded, once every per-request one (5 rounds, seed 35).
      maxDriveMs: 6000,
      walletPayers: 1,
      voucherPayers: true,
      ...(process.env.CHAOS_DEBUG ? { log: (line: string) => console.error(line) } : {}),
    });
    expect(report.failedStarts).toEqual([]);
    expect(report.problems).toEqual([]);
    expect(report.kills).toBe(5);
    expect(report.audits).toBe(5);
    // The audit counted something: answers were paid for, the feed's items and the e-mails were stored.
    expect(report.answers).toBeGreaterThan(0);
    expect(report.final.debits - report.final.refunds).toBeGreaterThanOrEqual(report.answers);
    expect(report.final.doubleCharges).toBe(0);
    expect(report.final.unchargedAnswers).toBe(0);
    expect(report.final.missingPosts).toEqual([]);
    expect(report.final.duplicatePosts).toEqual([]);
    expect(report.final.pendingMigrations).toEqual([]);
    // Wallet payments: some were answered, and every cent that moved on chain is a settlement the database holds.
    const wallet = report.wallet!;
    expect(wallet.tally.x402.answers + wallet.tally.mpp.answers).toBeGreaterThan(0);
    expect(wallet.audit.receivedX402).toBe(wallet.audit.settledX402);
    expect(wallet.audit.receivedMpp).toBe(wallet.audit.settledMpp);
    expect(wallet.audit.pending).toEqual({});
    // Vouchers: some were answered; after the payments job every channel's counted total is what the chain took
    // (claimed or settled), its payments are the steps of that total with a sale each, the rest stays refundable
    // (report.problems, empty above, holds any channel that differs).
    expect(wallet.tally['x402-batch'].answers + wallet.tally['mpp-session'].answers).toBeGreaterThan(0);
    expect(wallet.vouchers.length).toBeGreaterThan(0);
    for (const channel of wallet.vouchers) {
      expect(channel.takenOnChain).toBe(channel.counted);
      expect(channel.paymentsAmount).toBe(channel.counted);
      expect(channel.refundable).toBeGreaterThanOrEqual(0n);
    }
  }, 420_000);
});
