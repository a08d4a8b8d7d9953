import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runRemoteCommand } from '@/lib/operator/remote';
import type { WalletPayer } from './chaos-wallets';

/** What the clients saw over the whole run, summed over rounds. */
export interface ChaosTally {
  requests: number;
  paidSent: number;
  /** Paid requests answered 200: each must have exactly one net debit. */
  answers: number;
  /** Paid requests whose answer never came (the connection died with the service or the database). */
  paidLost: number;
  /** Paid requests answered with another status, by status and error code. */
  paidOther: Record<string, number>;
  searches: number;
  searchFailures: number;
  emailsSent: number;
  /** Message-IDs the webhook acknowledged as stored (or as a duplicate of a stored one). */
  emailsAcknowledged: string[];
  syncs: number;
  syncFailures: number;
  /** Wallet-paid requests by protocol: sent, answered 200, lost at a kill, answered otherwise (by status). */
  wallet: Record<WalletPayer['protocol'], WalletTally>;
}

export interface WalletTally {
  sent: number;
  answers: number;
  lost: number;
  other: Record<string, number>;
}

const emptyWallet = (): WalletTally => ({ sent: 0, answers: 0, lost: 0, other: {} });

export const emptyTally = (): ChaosTally => ({
  requests: 0,
  paidSent: 0,
  answers: 0,
  paidLost: 0,
  paidOther: {},
  searches: 0,
  searchFailures: 0,
  emailsSent: 0,
  emailsAcknowledged: [],
  syncs: 0,
  syncFailures: 0,
  wallet: { x402: emptyWallet(), mpp: emptyWallet(), 'x402-batch': emptyWallet(), 'mpp-session': emptyWallet() },
});

export interface DriveTarget {
  url: string;
  operator: { url: string; token: string } | null;
  key: string;
  postPath: string;
  inboundEmailSecret: string;
  random: () => number;
  /** Each drives paid reads with its own wallet, one request at a time, besides the other workers. */
  walletPayers?: WalletPayer[];
}

const EMAIL = readFileSync(path.resolve(import.meta.dirname, '..', 'fixtures', 'email', 'substack-qp.eml'));
const QUERIES = ['margin guidance', 'capex backlog', 'inventory', 'rates', 'semiconductor', 'yield spread'];
let emailCounter = 0;

/** A paid answer as the tally counts it: its status and, for an error, the spec's `code` ("503 service_busy"). */
async function outcomeOf(response: Response): Promise<string> {
  if (response.status === 200) {
    await response.arrayBuffer();
    return '200';
  }
  const body = (await response.json().catch(() => null)) as { code?: unknown; detail?: unknown } | null;
  if (typeof body?.code === 'string') return `${response.status} ${body.code}`;
  // A 402 problem names no code: its detail says why the payment was refused.
  if (typeof body?.detail === 'string') return `${response.status} ${body.detail.slice(0, 100)}`;
  return String(response.status);
}

/**
 * Drives the service with `workers` concurrent clients (credit-paid reads, searches, inbound e-mails, feed syncs
 * through the operator endpoint) until `until` resolves, the moment the service is killed; every request still
 * open then is what the kill interrupts.
 */
export async function drive(target: DriveTarget, tally: ChaosTally, until: Promise<void>, workers = 6): Promise<void> {
  let stopped = false;
  void until.then(() => {
    stopped = true;
  });
  const base = (p: string) => new URL(p, target.url);
  const paid = async () => {
    tally.paidSent++;
    try {
      const response = await fetch(base(target.postPath), { headers: { authorization: `Bearer ${target.key}` } });
      const outcome = await outcomeOf(response);
      if (outcome === '200') tally.answers++;
      else tally.paidOther[outcome] = (tally.paidOther[outcome] ?? 0) + 1;
    } catch {
      tally.paidLost++;
    }
  };
  const search = async () => {
    const q = QUERIES[Math.floor(target.random() * QUERIES.length)]!;
    try {
      const response = await fetch(base(`/api/v1/search?q=${encodeURIComponent(q)}&mode=fts`));
      await response.arrayBuffer();
      if (response.status === 200) tally.searches++;
      else tally.searchFailures++;
    } catch {
      tally.searchFailures++;
    }
  };
  const email = async () => {
    const id = `mail-${process.pid}-${Date.now()}-${emailCounter++}@mail.chaos.example.com`;
    const raw = Buffer.from(EMAIL.toString('latin1').replace(/^Message-ID: .*$/m, `Message-ID: <${id}>`), 'latin1');
    tally.emailsSent++;
    try {
      const response = await fetch(base('/api/webhooks/email'), {
        method: 'POST',
        headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${target.inboundEmailSecret}` },
        body: new Uint8Array(raw),
      });
      const body = (await response.json().catch(() => ({}))) as { status?: string };
      if (response.status === 200 && (body.status === 'stored' || body.status === 'duplicate'))
        tally.emailsAcknowledged.push(id);
    } catch {}
  };
  const sync = async () => {
    if (!target.operator) return;
    try {
      await runRemoteCommand(target.operator, 'sync', { all: true });
      tally.syncs++;
    } catch {
      tally.syncFailures++;
    }
  };
  const walletWorker = async (payer: WalletPayer) => {
    const counts = tally.wallet[payer.protocol];
    while (!stopped) {
      tally.requests++;
      counts.sent++;
      try {
        const outcome = await outcomeOf(await payer.fetch(base(target.postPath)));
        if (outcome === '200') counts.answers++;
        else counts.other[outcome] = (counts.other[outcome] ?? 0) + 1;
      } catch {
        counts.lost++;
      }
    }
  };
  const worker = async (index: number) => {
    while (!stopped) {
      tally.requests++;
      // One worker syncs the feeds; the others mix paid reads (most), searches and e-mails.
      if (index === 0) await sync();
      else {
        const roll = target.random();
        if (roll < 0.6) await paid();
        else if (roll < 0.85) await search();
        else await email();
      }
    }
  };
  await Promise.all([
    ...Array.from({ length: workers }, (_, i) => worker(i)),
    ...(target.walletPayers ?? []).map(walletWorker),
  ]);
}
