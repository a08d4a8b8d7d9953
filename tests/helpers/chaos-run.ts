import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORPHAN_AFTER_MINUTES, refundOrphanedDebits } from '@/lib/credits/refund-orphaned';
import { openDatabase } from '@/lib/db/open';
import type { Db } from '@/lib/db/types';
import { runRemoteCommand } from '@/lib/operator/remote';
import { readServiceFile } from '@/lib/operator/service-file';
import { drainOutbox } from '@/lib/payments/settlements/outbox';
import { createPrng } from '@/tests/fixtures/torture/create-prng';
import { auditChaos, type ChaosAudit } from './chaos-audit';
import { type ChaosTally, drive, emptyTally } from './chaos-drive';
import { startChaosFeed } from './chaos-feed';
import { type ChaosService, startChaosService } from './chaos-service';
import type { VoucherChannelAudit } from './chaos-vouchers';
import { type ChaosWallets, startChaosWallets, type WalletAudit } from './chaos-wallets';
import { createTestDatabase } from './test-database';

export interface ChaosOptions {
  kills: number;
  seed: number;
  /** A PostgreSQL server; a fresh database is made on it. Embedded PGlite when absent. */
  databaseUrl?: string;
  /** PostgreSQL only: restart the database server this many times while the service runs. */
  databaseRestarts?: number;
  /** Audit with SQL after every n-th kill (and after the last); the audit opens the directory itself on PGlite. */
  auditEvery?: number;
  /** Longest time driven before a kill, in ms (a round drives 200 ms to this). */
  maxDriveMs?: number;
  /** Wallet payers per protocol (x402 and MPP on the sandbox's chains, run by this process); 0: credits only. */
  walletPayers?: number;
  /** As many payers again by voucher (x402 batch-settlement, MPP tempo.session), audited channel by channel. */
  voucherPayers?: boolean;
  log?: (line: string) => void;
}

export interface ChaosReport {
  database: 'pglite' | 'postgres';
  kills: number;
  databaseRestarts: number;
  reconnectedWithoutRestart: number;
  requests: number;
  paidSent: number;
  answers: number;
  paidLost: number;
  paidOther: Record<string, number>;
  searches: number;
  emailsAcknowledged: number;
  syncs: number;
  postsServed: number;
  audits: number;
  failedStarts: string[];
  final: ChaosAudit;
  /** Debits the payments job refunded after the last stop: requests killed between their debit and its record. */
  refundedAfterStop: number;
  /** Wallet payments: what the clients saw, and the chains against the database (null without wallet payers). */
  wallet: { tally: ChaosTally['wallet']; audit: WalletAudit; vouchers: VoucherChannelAudit[] } | null;
  /** Every problem an audit found, with the round it was found after. */
  problems: string[];
}

const EMAIL = 'chaos@example.com';
const INBOUND_EMAIL_SECRET = 'chaos-inbound-email-secret-0123456789';
const CREDITS = 10_000_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function restartPostgres(): void {
  const version = readdirSync('/etc/postgresql')[0]!;
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart'], { stdio: 'ignore' });
}

async function answersAgain(url: string, timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(new URL('/readyz', url))
      .then(async (r) => {
        await r.arrayBuffer();
        return r.status === 200;
      })
      .catch(() => false);
    if (ok) return true;
    await sleep(250);
  }
  return false;
}

async function findReadyPost(url: string): Promise<string> {
  const list = (await (await fetch(new URL('/api/v1/publications', url))).json()) as {
    publications: Array<{ slug: string }>;
  };
  for (const { slug } of list.publications) {
    const detail = (await (await fetch(new URL(`/api/v1/publications/${slug}?limit=60`, url))).json()) as {
      posts: Array<{ slug: string; priceCents: number | null }>;
    };
    for (const post of detail.posts) {
      const p = `/api/v1/publications/${slug}/${post.slug}`;
      const probe = await fetch(new URL(p, url));
      await probe.arrayBuffer();
      if (probe.status === 402 && post.priceCents === null) return p;
    }
  }
  throw new Error('no demo post to buy');
}

/**
 * Starts the service, drives it, kills it with SIGKILL at a random moment and starts it again on the same data,
 * `kills` times; audits the database after kills and at the end (see docs/operations.md, "Crash test").
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => {});
  const random = createPrng(options.seed).next;
  const database = await createTestDatabase(options.databaseUrl ?? '');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'finpub-chaos-'));
  const feed = await startChaosFeed();
  const wallets: ChaosWallets | null = options.walletPayers ? await startChaosWallets() : null;
  const env: Record<string, string> = {
    ...(wallets?.env ?? {}),
    ...(database.url ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }),
    SEED_DEMO_DATA: 'true',
    JOBS_LOCAL: 'false',
    AI_GENERATE_ON_INGEST: 'false',
    INGEST_ALLOW_HOSTS: '127.0.0.1,localhost',
    INBOUND_EMAIL_SECRET,
    RATE_LIMIT_FREE: '1000000',
    RATE_LIMIT_CHALLENGE: '1000000',
    RATE_LIMIT_PAID: '1000000',
    RATE_LIMIT_GENERATION: '1000000',
    RATE_LIMIT_ACCOUNT: '1000000',
  };
  const tally = emptyTally();
  const problems: string[] = [];
  const failedStarts: string[] = [];
  const auditEvery = options.auditEvery ?? (database.url ? 1 : 10);
  const maxDriveMs = options.maxDriveMs ?? 2000;
  const restarts = database.url ? (options.databaseRestarts ?? 0) : 0;
  const restartRounds = new Set(
    Array.from({ length: restarts }, (_, i) => Math.floor(((i + 0.5) * options.kills) / Math.max(restarts, 1))),
  );
  let kills = 0;
  let audits = 0;
  let databaseRestarts = 0;
  let reconnected = 0;
  let service: ChaosService | undefined;

  const operator = () => {
    const file = readServiceFile(dataDir);
    return file ? { url: file.url, token: file.token } : null;
  };
  const audit = async (round: number, expectAllPosts: boolean): Promise<ChaosAudit> => {
    const db = await openDatabase({ databaseUrl: database.url, dataDir, ownerRole: 'admin' });
    try {
      const result = await auditChaos(db, { email: EMAIL, feedGuids: feed.served(), expectAllPosts, tally });
      audits++;
      const found = [
        ...result.pendingMigrations.map((m) => `migration not applied: ${m}`),
        ...result.duplicatePosts.map((g) => `post stored twice: ${g}`),
        ...result.missingPosts.map((g) => `post lost: ${g}`),
        ...result.missingEmails.map((id) => `acknowledged e-mail not stored once: ${id}`),
        ...result.corrupt,
        ...(result.doubleCharges > 0 ? [`${result.doubleCharges} debits beyond answers and lost requests`] : []),
        ...(result.unchargedAnswers > 0 ? [`${result.unchargedAnswers} answers without a debit`] : []),
      ];
      log(
        `audit after kill ${round}: ${result.debits} debits, ${result.unresolvedDebits} unresolved, ${tally.answers} answers, ${tally.paidLost} lost`,
      );
      for (const problem of found) problems.push(`after kill ${round}: ${problem}`);
      if (found.length > 0) log(`audit after kill ${round}: ${found.join('; ')}`);
      return result;
    } finally {
      await db.close();
    }
  };

  /**
   * After the last stop, what the reconcile-payments job does once its waits have passed: the outbox recorded, every
   * open settlement reconciled (then the money the chains moved checked against the settlements the database holds,
   * and those against the answers the payers received), and debits with no payment recorded refunded.
   */
  const runPaymentsJob = async () => {
    const db = await openDatabase({ databaseUrl: database.url, dataDir, ownerRole: 'admin' });
    try {
      await drainOutbox(db);
      const wallet = wallets
        ? {
            tally: tally.wallet,
            audit: await auditWallets(db, wallets),
            vouchers: await auditVouchers(db, wallets),
          }
        : null;
      const refunded = await refundOrphanedDebits(db, new Date(Date.now() + (ORPHAN_AFTER_MINUTES + 1) * 60_000));
      return { wallet, refunded: refunded.length };
    } finally {
      await db.close();
    }
  };
  const auditVouchers = async (db: Db, chains: ChaosWallets): Promise<VoucherChannelAudit[]> => {
    const found: string[] = [];
    const channels = await chains.auditVouchers(db, found);
    for (const problem of found) problems.push(`vouchers: ${problem}`);
    log(
      `vouchers: ${JSON.stringify({ tally: { 'x402-batch': tally.wallet['x402-batch'], 'mpp-session': tally.wallet['mpp-session'] }, channels }, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`,
    );
    return channels;
  };
  const auditWallets = async (db: Db, chains: ChaosWallets): Promise<WalletAudit> => {
    const result = await chains.audit(db);
    const { x402, mpp } = tally.wallet;
    const answers = x402.answers + mpp.answers;
    const unanswered = [x402, mpp].reduce(
      (sum, t) => sum + t.lost + Object.values(t.other).reduce((a, b) => a + b, 0),
      0,
    );
    const found = [
      ...(result.receivedX402 !== result.settledX402
        ? [`x402: ${result.receivedX402} received on chain, ${result.settledX402} settled in the database`]
        : []),
      ...(result.receivedMpp !== result.settledMpp
        ? [`MPP: ${result.receivedMpp} received on chain, ${result.settledMpp} settled in the database`]
        : []),
      ...Object.entries(result.pending).map(([reason, n]) => `${n} settlements still pending (${reason})`),
      ...(result.settledRows < answers ? [`${answers} wallet answers, ${result.settledRows} settlements`] : []),
      ...(result.settledRows - answers > unanswered
        ? [`${result.settledRows - answers} wallet charges without an answer, ${unanswered} requests unanswered`]
        : []),
    ];
    for (const problem of found) problems.push(`wallets: ${problem}`);
    log(
      `wallets: ${JSON.stringify({ tally: tally.wallet, audit: result }, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`,
    );
    return result;
  };

  try {
    service = await startChaosService(dataDir, env);
    const first = operator()!;
    await runRemoteCommand(first, 'users create', { email: EMAIL });
    const { key } = (await runRemoteCommand(first, 'keys create', { email: EMAIL })) as { key: string };
    await runRemoteCommand(first, 'credits grant', { email: EMAIL, cents: CREDITS });
    await runRemoteCommand(first, `publications add ${feed.url}`, {});
    const postPath = await findReadyPost(service.url);
    const walletPayers = wallets ? await wallets.payers(options.walletPayers!, options.voucherPayers === true) : [];

    for (let round = 1; round <= options.kills; round++) {
      if (!service) {
        try {
          service = await startChaosService(dataDir, env);
        } catch (error) {
          failedStarts.push(`start after kill ${round - 1}: ${(error as Error).message.split('\n')[0]}`);
          problems.push(`after kill ${round - 1}: the service did not start`);
          log(String((error as Error).message).slice(-2000));
          break;
        }
      }
      const waited = performance.now();
      if (!(await answersAgain(service.url))) problems.push(`after kill ${round - 1}: /readyz did not answer 200`);
      const ready = Math.round(performance.now() - waited);
      // A first unpaid probe (402, nothing charged) and a search: the first requests after a start are slow (routes
      // load), and without them most short rounds would end before a paid request reached its debit.
      const warming = performance.now();
      for (const probe of [postPath, '/api/v1/search?q=margin&mode=fts'])
        await fetch(new URL(probe, service.url))
          .then((r) => r.arrayBuffer())
          .catch(() => {});
      log(`round ${round}: ready after ${ready} ms, warm after ${Math.round(performance.now() - warming)} ms more`);
      feed.grow(1 + Math.floor(random() * 3));
      const driveMs = 200 + Math.floor(random() * (maxDriveMs - 200));
      let release: () => void = () => {};
      const until = new Promise<void>((resolve) => (release = resolve));
      const driving = drive(
        {
          url: service.url,
          operator: operator(),
          key,
          postPath,
          inboundEmailSecret: INBOUND_EMAIL_SECRET,
          random,
          walletPayers,
        },
        tally,
        until,
      );
      if (restartRounds.has(round)) {
        await sleep(driveMs / 2);
        restartPostgres();
        databaseRestarts++;
        if (await answersAgain(service.url)) reconnected++;
        else problems.push(`database restart in round ${round}: the service did not answer again without a restart`);
        await sleep(driveMs / 2);
      } else await sleep(driveMs);
      release();
      await service.kill();
      service = undefined;
      kills++;
      await driving;
      if (round % auditEvery === 0 && round < options.kills) await audit(round, false);
      log(`kill ${round}: ${tally.paidSent} paid sent, ${tally.answers} answered, ${tally.paidLost} lost in flight`);
    }

    // The last start: a final sync of every item served, then a clean stop and the final audit.
    if (!service) service = await startChaosService(dataDir, env);
    const last = operator()!;
    await runRemoteCommand(last, 'sync', { all: true });
    await service.stop();
    service = undefined;
    const { wallet, refunded } = await runPaymentsJob();
    const final = await audit(kills, true);
    return {
      database: database.url ? 'postgres' : 'pglite',
      kills,
      databaseRestarts,
      reconnectedWithoutRestart: reconnected,
      requests: tally.requests,
      paidSent: tally.paidSent,
      answers: tally.answers,
      paidLost: tally.paidLost,
      paidOther: tally.paidOther,
      searches: tally.searches,
      emailsAcknowledged: tally.emailsAcknowledged.length,
      syncs: tally.syncs,
      postsServed: feed.served().length,
      audits,
      failedStarts,
      final,
      refundedAfterStop: refunded,
      wallet,
      problems,
    };
  } finally {
    await service?.kill();
    await feed.close();
    await wallets?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
