/**
 * `npm run chaos`: the crash test of issue 35. Starts the built service (embedded PGlite, or a fresh database on
 * DATABASE_URL's server), drives credit-paid reads, searches, inbound e-mails and feed syncs, kills it with SIGKILL at
 * a random moment, starts it again on the same data, and repeats; audits the database after kills and at the end.
 * Prints kills survived, requests driven and every lost, corrupt or doubly charged item. Exits 1 when any was found.
 *
 *   CHAOS_KILLS (200 on PGlite, 100 on PostgreSQL), CHAOS_SEED (35), CHAOS_DB_RESTARTS (PostgreSQL: 5),
 *   CHAOS_AUDIT_EVERY (PGlite 10, PostgreSQL 1), CHAOS_MAX_DRIVE_MS (2000), CHAOS_WALLET_PAYERS (2 x402 and 2 MPP payers
 *   on the sandbox's chains; 0: credits only), CHAOS_BUILD=false to skip the build check.
 */
import { buildIfNeeded } from '@/scripts/build-if-needed';
import { runChaos } from '@/tests/helpers/chaos-run';

const databaseUrl = process.env.DATABASE_URL || undefined;
const number = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const kills = number('CHAOS_KILLS', databaseUrl ? 100 : 200);
const seed = number('CHAOS_SEED', 35);

if (process.env.CHAOS_BUILD !== 'false') await buildIfNeeded();
const started = performance.now();
console.log(`chaos: ${kills} kills on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, seed ${seed}`);
const report = await runChaos({
  kills,
  seed,
  databaseUrl,
  databaseRestarts: number('CHAOS_DB_RESTARTS', 5),
  auditEvery: process.env.CHAOS_AUDIT_EVERY ? Number(process.env.CHAOS_AUDIT_EVERY) : undefined,
  maxDriveMs: number('CHAOS_MAX_DRIVE_MS', 2000),
  walletPayers: number('CHAOS_WALLET_PAYERS', 2),
  voucherPayers: process.env.CHAOS_VOUCHERS !== 'false',
  log: (line) => console.log(line),
});
const { final, wallet } = report;
const usd = (atomic: bigint) => `$${(Number(atomic) / 1e6).toFixed(2)}`;
const walletLines = wallet
  ? (['x402', 'mpp'] as const).map((protocol) => {
      const t = wallet.tally[protocol];
      const a = wallet.audit;
      const [received, settled] = protocol === 'x402' ? [a.receivedX402, a.settledX402] : [a.receivedMpp, a.settledMpp];
      return `${protocol.padEnd(4)} payments:            ${t.sent} sent, ${t.answers} answered, ${t.lost} lost at a kill, other ${JSON.stringify(t.other)}; on chain ${usd(received)}, settled in the database ${usd(settled)}`;
    })
  : [];
if (wallet)
  walletLines.push(
    `wallet settlements:       ${wallet.audit.settledRows} settled (${wallet.audit.settledUnrecorded} without a recorded answer), ${wallet.audit.failed} failed, pending ${JSON.stringify(wallet.audit.pending)}; final reconcile ${JSON.stringify(wallet.audit.reconciled)}`,
  );
if (wallet)
  for (const scheme of ['x402-batch', 'mpp-session'] as const) {
    const t = wallet.tally[scheme];
    const channels = wallet.vouchers.filter((c) => (c.scheme === 'batch-settlement') === (scheme === 'x402-batch'));
    const counted = channels.reduce((sum, c) => sum + c.counted, 0n);
    const taken = channels.reduce((sum, c) => sum + c.takenOnChain, 0n);
    const refundable = channels.reduce((sum, c) => sum + c.refundable, 0n);
    walletLines.push(
      `${scheme.padEnd(11)} vouchers:     ${t.sent} sent, ${t.answers} answered, ${t.lost} lost at a kill, other ${JSON.stringify(t.other)}; ${channels.length} channels: counted ${usd(counted)}, taken on chain ${usd(taken)}, refundable ${usd(refundable)}`,
    );
  }
const lost = final.missingPosts.length + final.missingEmails.length + final.unchargedAnswers;
const corrupt = final.duplicatePosts.length + final.corrupt.length + final.pendingMigrations.length;
const lines = [
  `database:                 ${report.database}`,
  `kills survived:           ${report.kills - report.failedStarts.length} of ${report.kills}`,
  ...(report.database === 'postgres'
    ? [
        `database restarts:        ${report.databaseRestarts} (service answered again without a restart: ${report.reconnectedWithoutRestart})`,
      ]
    : []),
  `requests driven:          ${report.requests} (paid ${report.paidSent}, searches answered ${report.searches}, e-mails stored ${report.emailsAcknowledged}, syncs ${report.syncs})`,
  `paid answers received:    ${report.answers}`,
  `paid answers lost:        ${report.paidLost} in flight at a kill; other statuses ${JSON.stringify(report.paidOther)}`,
  `debits:                   ${final.debits} (${final.debitedCents} cents), refunds ${final.refunds}, payments delivered ${final.deliveredPayments}, undelivered ${final.undeliveredPayments}`,
  `debits without an answer: ${final.debits - final.refunds - report.answers} (refunded by the payments job after the last stop: ${report.refundedAfterStop}; unresolved, with no payment row and no refund: ${final.unresolvedDebits})`,
  ...walletLines,
  `posts served / audits:    ${report.postsServed} feed items; ${report.audits} SQL audits`,
  `lost:                     ${lost}`,
  `corrupt:                  ${corrupt}`,
  `doubly charged:           ${final.doubleCharges}`,
  `time:                     ${((performance.now() - started) / 1000).toFixed(0)} s`,
];
console.log(lines.join('\n'));
for (const problem of [...report.failedStarts, ...report.problems]) console.log(`PROBLEM ${problem}`);
process.exit(report.problems.length > 0 || report.failedStarts.length > 0 ? 1 : 0);
