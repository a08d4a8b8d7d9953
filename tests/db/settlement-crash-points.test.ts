import { appendFileSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodePaymentResponseHeader } from '@x402/core/http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetDatabase } from '@/lib/app/process-state';
import type { Db } from '@/lib/db/types';
import { isClaimed } from '@/lib/payments/replay-store';
import { sellOffer } from '@/lib/payments/sell-offer';
import {
  damagedOutboxLines,
  drainOutbox,
  FILED_RETRY_MS,
  filedLinesRemain,
  keepInOutbox,
  listOutbox,
  moveFiledLinesSoon,
} from '@/lib/payments/settlements/outbox';
import { outboxFile } from '@/lib/payments/settlements/outbox-store';
import {
  reconcilePendingSettlements,
  reconcileSettlement,
  SETTLE_GRACE_MS,
} from '@/lib/payments/settlements/reconcile';
import { transition } from '@/lib/payments/settlements/states';
import { findSettlement, listOpenSettlements } from '@/lib/payments/settlements/store';
import type { PaymentSetup } from '@/lib/payments/setup';
import { x402ServerFor } from '@/lib/payments/x402/resource-server';
import { type FakeFacilitator, startFakeFacilitator } from '@/tests/helpers/fake-facilitator';
import {
  NO_WALLETS,
  openPaymentFixture,
  type PaymentFixture,
  RESOURCE,
  request,
} from '@/tests/helpers/payment-fixture';
import { type SignedX402Payment, signX402Payment, startFakeChainRpc } from '@/tests/helpers/x402-payment';

// Each crash point of lib/payments/settlements/states.ts: the stored state a process leaves when it stops after one
// transition and before the next, set up through the same transitions, then the recovery the module names for it
// (the reconcile job's steps, the payer's identical retry through sellOffer). The payment must end where it should,
// counted at most once. The outbox file lives in DATA_DIR, hoisted above the imports that read it.
await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  process.env.DATA_DIR = mkdtempSync(`${tmpdir()}/finpub-settlements-`);
});

let f: PaymentFixture;
let facilitator: FakeFacilitator;
let chain: Awaited<ReturnType<typeof startFakeChainRpc>>;
let wallets: PaymentSetup;
let withChain: NonNullable<PaymentSetup['x402']>;

beforeAll(async () => {
  f = await openPaymentFixture();
  facilitator = await startFakeFacilitator('eip155:84532');
  chain = await startFakeChainRpc();
  const x402 = {
    network: 'eip155:84532' as const,
    payTo: `0x${'11'.repeat(20)}`,
    facilitatorUrl: facilitator.url,
    rpcUrl: null,
    timeoutMs: 2000,
  };
  wallets = { ...NO_WALLETS, x402 };
  withChain = { ...x402, rpcUrl: chain.url };
});

afterAll(async () => {
  await chain.close();
  await facilitator.close();
  await f.close();
  rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
});

afterEach(() => {
  facilitator.settleMode = 'ok';
  facilitator.beforeSettle = undefined;
  vi.restoreAllMocks();
});

const sell = (req: Request) => sellOffer(req, f.offer(), '', { db: f.db, setup: wallets });
const retry = (p: SignedX402Payment) => sell(request({ 'payment-signature': p.header }));
const newPayment = async (validBefore?: Date) => signX402Payment(await sell(request()), facilitator.payer, validBefore);
/** The reconcile job's settlement step, run as if its grace period had passed. */
const runJob = (x402 = wallets.x402!) =>
  reconcilePendingSettlements(f.db, { x402, mpp: null }, Date.now() + SETTLE_GRACE_MS);

/** The facilitator settles it: the money moves, whatever our process stores about it afterwards. */
async function settleOnChain(p: SignedX402Payment) {
  await (await x402ServerFor(wallets.x402!)).settlePayment(p.payload, p.requirements);
  chain.used.add(p.nonce);
}

const record = (p: SignedX402Payment, delivered: boolean) => ({
  offer: (({ product, resource, sales }) => ({ product, resource, sales }))(f.offer()),
  payment: {
    protocol: 'x402' as const,
    uniqueKey: p.uniqueKey,
    amountCents: 10,
    method: 'exact',
    network: p.requirements.network,
    payer: facilitator.payer,
    reference: facilitator.transaction,
    httpMethod: 'GET',
    delivered,
    ...(delivered ? {} : { failure: 'record failed' }),
  },
});

/** Stores a fresh payment's states along the x402 path until `stop`, as payWithX402 and deliver do. */
async function storedUntil(stop: 'claimed' | 'settling' | 'settled' | 'failed' | 'recorded' | 'outboxed' | 'filed') {
  const p = await newPayment();
  const key = p.uniqueKey;
  const until = new Date(Date.now() + 3_600_000);
  await transition(f.db, key, 'challenged', 'claimed', { value: { payer: facilitator.payer }, until });
  if (stop === 'claimed') return p;
  await transition(f.db, key, 'claimed', 'settling', {
    resource: RESOURCE,
    amountCents: 10,
    network: p.requirements.network,
    payer: facilitator.payer,
    payload: p.payload,
    requirements: p.requirements,
  });
  if (stop === 'settling') return p;
  if (stop === 'failed') {
    await transition(f.db, key, 'settling', 'failed', 'insufficient_funds');
    return p;
  }
  await settleOnChain(p);
  await transition(f.db, key, 'settling', 'settled', {
    transaction: facilitator.transaction,
    payer: facilitator.payer,
  });
  if (stop === 'recorded') await transition(f.db, key, 'settled', 'recorded', record(p, true));
  if (stop === 'outboxed') await transition(f.db, key, 'settled', 'outboxed', { ...record(p, false), lastError: 'x' });
  if (stop === 'filed') await transition(f.db, key, 'settled', 'filed', { ...record(p, false), lastError: 'x' });
  return p;
}

/** What our records hold for a payment, and how often the facilitator moved its money. */
async function money(p: SignedX402Payment) {
  const [row] = await f.db.query<{ payments: number; cents: number; delivered: boolean | null }>(
    `select count(distinct p.id)::int as payments, coalesce(sum(s.share_cents), 0)::int as cents,
            bool_and(p.delivered) as delivered
       from payments p left join sales s on s.payment_id = p.id where p.unique_key = $1`,
    [p.uniqueKey],
  );
  return { ...row, settlements: facilitator.settled.filter((nonce) => nonce === p.nonce).length };
}

const NOTHING = { payments: 0, cents: 0, delivered: null, settlements: 0 };
const PAID_ONCE = { payments: 1, cents: 10, delivered: true, settlements: 1 };

describe('a process stopped after the replay key was claimed (claimed)', () => {
  it('charges nothing: the identical retry is refused until the claim expires, then it pays once', async () => {
    const p = await storedUntil('claimed');
    const refused = await retry(p);
    expect(refused.status).toBe(402);
    expect((await refused.json()).detail).toMatch(/already been used/);
    expect(await money(p)).toEqual(NOTHING);

    await f.db.query(`update payment_replay_keys set expires_at = now() - interval '1 second' where key = $1`, [
      p.uniqueKey,
    ]);
    expect((await retry(p)).status).toBe(200);
    expect(await money(p)).toEqual(PAID_ONCE);
  });
});

describe('a process stopped while settling (settling)', () => {
  it('the money moved: the job finds the nonce used on chain and does not settle again; the retry delivers once', async () => {
    const p = await storedUntil('settling');
    await settleOnChain(p);
    await reconcilePendingSettlements(f.db, { x402: withChain, mpp: null }); // within its grace period: left to its own request
    expect(await findSettlement(f.db, p.uniqueKey)).toMatchObject({ status: 'pending' });
    await runJob(withChain);
    expect(await findSettlement(f.db, p.uniqueKey)).toMatchObject({ status: 'settled', delivered: false });
    expect(await money(p)).toEqual({ ...NOTHING, settlements: 1 });

    const delivered = await retry(p);
    expect(delivered.status).toBe(200);
    expect(decodePaymentResponseHeader(delivered.headers.get('payment-response')!)).toMatchObject({ success: true });
    expect(await money(p)).toEqual(PAID_ONCE);
    expect((await retry(p)).status).toBe(402);
    expect(await money(p)).toEqual(PAID_ONCE);
  });

  it('the facilitator was never asked: the identical retry settles it and delivers once', async () => {
    const p = await storedUntil('settling');
    expect((await retry(p)).status).toBe(200);
    expect(await money(p)).toEqual(PAID_ONCE);
    expect(await findSettlement(f.db, p.uniqueKey)).toMatchObject({ status: 'settled', delivered: true });
  });

  it('refused, with the nonce unused on chain: the job fails it, the retry is released with a 402', async () => {
    const p = await storedUntil('settling');
    facilitator.settleMode = 'refuse';
    await runJob(withChain);
    expect(await findSettlement(f.db, p.uniqueKey)).toMatchObject({ status: 'failed' });
    expect(await isClaimed(p.uniqueKey)).toBe(true);
    const failed = await retry(p);
    expect(failed.status).toBe(402);
    expect((await failed.json()).detail).toMatch(/^Settlement failed: .*Nothing was charged\.$/);
    expect(await isClaimed(p.uniqueKey)).toBe(false);
    expect(await money(p)).toEqual(NOTHING);
  });

  it('refused, with no chain to ask: it stays settling (an operator looks), the retry is told to wait', async () => {
    const p = await storedUntil('settling');
    facilitator.settleMode = 'refuse';
    await runJob();
    await runJob();
    expect(await findSettlement(f.db, p.uniqueKey)).toMatchObject({ status: 'pending', attempts: 3 });
    expect((await listOpenSettlements(f.db)).map((s) => s.uniqueKey)).toContain(p.uniqueKey);
    const pending = await retry(p);
    expect(pending.status).toBe(503);
    expect(await pending.json()).toMatchObject({ code: 'payment_pending' });
    expect(await money(p)).toEqual(NOTHING);
  });
});

describe('a refusal with no chain node to ask, while a second path settles the same authorization', () => {
  it('the payer is not told nothing was charged; the settlement stays pending, and the retry delivers once', async () => {
    const p = await newPayment();
    facilitator.settleMode = 'once';
    // The job's settlement of the same authorization moves the money while the request's own call is on its way;
    // the job has not written `settled` yet when the facilitator refuses the request (the nonce is used now).
    facilitator.beforeSettle = async () => {
      facilitator.beforeSettle = undefined;
      await settleOnChain(p);
    };
    const answer = await retry(p);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ code: 'payment_pending' });
    expect(await findSettlement(f.db, p.uniqueKey)).toMatchObject({ status: 'pending' });
    expect(await isClaimed(p.uniqueKey)).toBe(true);

    await transition(f.db, p.uniqueKey, 'settling', 'settled', { transaction: facilitator.transaction });
    expect((await retry(p)).status).toBe(200);
    expect(await money(p)).toEqual(PAID_ONCE);
  });

  it('still unconfirmed once the authorization has expired: a final 402 that claims nothing, the row left to an operator', async () => {
    const p = await newPayment(new Date(Date.now() + 2_000));
    facilitator.settleMode = 'refuse';
    const first = await retry(p);
    expect(first.status).toBe(503);
    expect(Number(first.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    await sleep(2_100);
    const last = await retry(p);
    expect(last.status).toBe(402);
    const { detail } = await last.json();
    expect(detail).toMatch(/could not be confirmed/);
    expect(detail).not.toMatch(/nothing was charged/i);
    expect(await findSettlement(f.db, p.uniqueKey)).toMatchObject({ status: 'pending' });
    expect((await listOpenSettlements(f.db)).map((s) => s.uniqueKey)).toContain(p.uniqueKey);
    expect(await money(p)).toEqual(NOTHING);
  });
});

describe('a process stopped after the settlement was stored (settled)', () => {
  it('the job leaves it; the identical retry delivers it without paying again; a replay is refused', async () => {
    const p = await storedUntil('settled');
    await runJob();
    expect(await findSettlement(f.db, p.uniqueKey)).toMatchObject({ status: 'settled', delivered: false });
    expect((await listOpenSettlements(f.db)).map((s) => s.uniqueKey)).toContain(p.uniqueKey);

    expect((await retry(p)).status).toBe(200);
    expect(await money(p)).toEqual(PAID_ONCE);
    expect((await listOpenSettlements(f.db)).map((s) => s.uniqueKey)).not.toContain(p.uniqueKey);
    expect((await retry(p)).status).toBe(402);
    expect(await money(p)).toEqual(PAID_ONCE);
  });
});

describe('many settlements waiting for an operator', () => {
  // Found by the crash test on PostgreSQL: the job read the 100 oldest open rows, settled-but-undelivered ones
  // included, which only an operator closes; once 100 of them had gathered, no pending settlement was decided again.
  it('do not keep the job from deciding a pending one', async () => {
    await f.db.query(
      `insert into wallet_settlements (unique_key, protocol, status, resource, amount_cents, network, payment_payload,
                                       payment_requirements, created_at, updated_at)
       select 'x402:eip155:84532:old-' || i, 'x402', 'settled', $1, 10, 'eip155:84532', '{}', '{}',
              now() - interval '1 day', now() - interval '1 day'
         from generate_series(1, 120) as i`,
      [RESOURCE],
    );
    const p = await storedUntil('settling');
    await settleOnChain(p);
    expect(await runJob(withChain)).toEqual({ settled: 1 });
    expect(await findSettlement(f.db, p.uniqueKey)).toMatchObject({ status: 'settled' });
    await f.db.query(`delete from wallet_settlements where unique_key like 'x402:eip155:84532:old-%'`);
  });
});

describe('a process stopped after a failed settlement, before its key was released (failed)', () => {
  it('the identical retry releases the key and answers 402; nothing was charged', async () => {
    const p = await storedUntil('failed');
    const failed = await retry(p);
    expect(failed.status).toBe(402);
    expect((await failed.json()).detail).toBe('Settlement failed: insufficient_funds. Nothing was charged.');
    expect(await isClaimed(p.uniqueKey)).toBe(false);
    expect(await money(p)).toEqual(NOTHING);
  });
});

describe('a failed payment presented again (released, then claimed and settling once more)', () => {
  it('the process stops while settling it: the row is pending again, so the job reconciles it and it pays once', async () => {
    const p = await storedUntil('failed');
    await transition(f.db, p.uniqueKey, 'failed', 'released');
    const until = new Date(Date.now() + 3_600_000);
    await transition(f.db, p.uniqueKey, 'challenged', 'claimed', { value: { payer: facilitator.payer }, until });
    await transition(f.db, p.uniqueKey, 'claimed', 'settling', {
      resource: RESOURCE,
      amountCents: 10,
      network: p.requirements.network,
      payer: facilitator.payer,
      payload: p.payload,
      requirements: p.requirements,
    });
    expect(await findSettlement(f.db, p.uniqueKey)).toMatchObject({ status: 'pending', lastError: null });
    await settleOnChain(p);
    await runJob(withChain);
    expect((await retry(p)).status).toBe(200);
    expect(await money(p)).toEqual(PAID_ONCE);
  });
});

describe('a process stopped after recording, before the answer left (recorded)', () => {
  it('counted once, and a retry is refused: no automatic recovery, an operator answers the payer', async () => {
    const p = await storedUntil('recorded');
    expect((await retry(p)).status).toBe(402);
    await runJob();
    await drainOutbox(f.db);
    expect(await money(p)).toEqual(PAID_ONCE);
  });
});

describe('a process stopped with the payment in the outbox (outboxed, filed)', () => {
  it('outboxed: the job records it once, as undelivered, and a second drain changes nothing', async () => {
    const p = await storedUntil('outboxed');
    await drainOutbox(f.db);
    expect(await money(p)).toEqual({ ...PAID_ONCE, delivered: false });
    expect((await listOutbox(f.db)).map((entry) => entry.uniqueKey)).not.toContain(p.uniqueKey);
    await drainOutbox(f.db);
    expect(await money(p)).toEqual({ ...PAID_ONCE, delivered: false });
  });

  it('outboxed, and the payer retries first: delivered once, and the drain only closes the outbox row', async () => {
    const p = await storedUntil('outboxed');
    expect((await retry(p)).status).toBe(200);
    expect(await money(p)).toEqual(PAID_ONCE);
    await drainOutbox(f.db);
    expect(await money(p)).toEqual(PAID_ONCE);
    expect((await listOutbox(f.db)).map((entry) => entry.uniqueKey)).not.toContain(p.uniqueKey);
  });

  it('filed: the job moves the line into the table and records it once', async () => {
    const p = await storedUntil('filed');
    expect(existsSync(outboxFile())).toBe(true);
    await drainOutbox(f.db);
    expect(existsSync(outboxFile())).toBe(false);
    expect(await money(p)).toEqual({ ...PAID_ONCE, delivered: false });
    await drainOutbox(f.db);
    expect(await money(p)).toEqual({ ...PAID_ONCE, delivered: false });
  });

  it('filed, and a drain died between taking the file aside and deleting it: the next drain moves its lines', async () => {
    const p = await storedUntil('filed');
    renameSync(outboxFile(), `${outboxFile()}.4194305.moving`); // above any pid Linux hands out
    await drainOutbox(f.db);
    expect(await money(p)).toEqual({ ...PAID_ONCE, delivered: false });
    expect(readdirSync(process.env.DATA_DIR!)).toEqual([]);
  });

  it('filed, and this process failed mid-move (the database went away): nothing is lost once a new file exists', async () => {
    const first = await storedUntil('filed');
    renameSync(outboxFile(), `${outboxFile()}.${process.pid}.moving`);
    const second = await storedUntil('filed');
    await drainOutbox(f.db);
    expect(await money(first)).toEqual({ ...PAID_ONCE, delivered: false });
    expect(await money(second)).toEqual({ ...PAID_ONCE, delivered: false });
    expect(readdirSync(process.env.DATA_DIR!)).toEqual([]);
  });
});

describe('a torn outbox line (disk full mid-append) between two good ones', () => {
  it('both good lines are recorded, the torn one is set aside and reported, and later drains go on', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = await storedUntil('filed');
    const torn = '{"uniqueKey":"x402:torn","offer":{"product":"summ';
    appendFileSync(outboxFile(), `${torn}\n`);
    const second = await storedUntil('filed');

    expect(await drainOutbox(f.db)).toMatchObject({ damaged: 1 });
    expect(await money(first)).toEqual({ ...PAID_ONCE, delivered: false });
    expect(await money(second)).toEqual({ ...PAID_ONCE, delivered: false });
    expect(damagedOutboxLines()).toEqual([torn]);
    expect(log.mock.calls.flat().join(' ')).toContain('unreadable outbox line');
    expect(filedLinesRemain()).toBe(false);

    const third = await storedUntil('filed');
    expect(await drainOutbox(f.db)).toMatchObject({ damaged: 1 });
    expect(await money(third)).toEqual({ ...PAID_ONCE, delivered: false });
    rmSync(`${outboxFile()}.damaged`);
  });
});

describe('filed on one instance, recorded by a job that may run on another', () => {
  it('the instance that filed the line moves it into the table itself once the database answers', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    // The process database, refusing every statement while it is down.
    const flaky = new Proxy(f.db, {
      get(target, name) {
        if (name === 'query' && down) return async () => Promise.reject(new Error('database is down'));
        const value = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    const p = await newPayment();
    const { offer, payment } = record(p, false);
    await keepInOutbox(flaky, offer, payment, new Error('record failed'));
    await until(() => log.mock.calls.length > 0);
    expect(filedLinesRemain()).toBe(true);

    down = false;
    vi.advanceTimersByTime(FILED_RETRY_MS);
    await until(() => !filedLinesRemain());
    vi.useRealTimers();
    // In the table, any instance's job records it: no disk of this host is needed any more.
    expect((await listOutbox(f.db)).map((entry) => entry.uniqueKey)).toContain(p.uniqueKey);
    await drainOutbox(f.db);
    expect(await money(p)).toEqual({ ...PAID_ONCE, delivered: false, settlements: 0 });
  });
});

describe('two application contexts in one process (a test, an admin command beside the service)', () => {
  it("one context's outbox mover neither hides nor stops another's", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A context whose database stays down: its mover retries, and fails, for as long as it lives.
    const down = new Proxy(f.db, {
      get(target, name) {
        if (name === 'query') return async () => Promise.reject(new Error('database is down'));
        const value = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    const p = await newPayment();
    const { offer, payment } = record(p, false);
    await keepInOutbox(down, offer, payment, new Error('record failed'));
    await until(() => log.mock.calls.length > 0);

    // A second context, on a database that answers, starts its own mover (as server.ts does at start).
    moveFiledLinesSoon(f.db);
    await until(() => !filedLinesRemain());
    expect((await listOutbox(f.db)).map((entry) => entry.uniqueKey)).toContain(p.uniqueKey);
    forgetDatabase(down);
    vi.useRealTimers();
    await drainOutbox(f.db);
    expect(await money(p)).toEqual({ ...PAID_ONCE, delivered: false, settlements: 0 });
  });
});

async function until(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) await sleep(10);
  expect(done()).toBe(true);
}

describe('every settlement transition is a compare-and-set on the state it starts from', () => {
  it('a late pending or failed write finds settled, changes nothing and reports it; settled wins over failed', async () => {
    const p = await storedUntil('settled');
    const before = await findSettlement(f.db, p.uniqueKey);
    expect(await transition(f.db, p.uniqueKey, 'settling', 'settling', 'late')).toEqual({
      applied: false,
      status: 'settled',
    });
    expect(await transition(f.db, p.uniqueKey, 'settling', 'failed', 'late')).toEqual({
      applied: false,
      status: 'settled',
    });
    expect(await findSettlement(f.db, p.uniqueKey)).toEqual(before);

    const q = await storedUntil('failed');
    expect(await transition(f.db, q.uniqueKey, 'settling', 'settled', {})).toEqual({
      applied: true,
      status: 'settled',
    });
  });
});

describe('two reconcilers and the identical retry racing on one settlement', () => {
  it('the settlement lands between the retry reading the nonce unused and its refusal: settled wins, delivered once', async () => {
    const p = await storedUntil('settling');
    const stale = (await findSettlement(f.db, p.uniqueKey))!; // a second reconciler read it as pending
    facilitator.settleMode = 'once';
    // The retry has read the nonce as unused and asked the facilitator; meanwhile the job settles it, and the money
    // moves. The facilitator then refuses the retry's settlement: the nonce is used now.
    facilitator.beforeSettle = async () => {
      facilitator.beforeSettle = undefined;
      expect(await runJob(withChain)).toEqual({ settled: 1 });
      chain.used.add(p.nonce);
    };
    const answer = await sellOffer(request({ 'payment-signature': p.header }), f.offer(), '', {
      db: f.db,
      setup: { ...wallets, x402: withChain },
    });
    expect(answer.status).toBe(200);
    expect(await money(p)).toEqual(PAID_ONCE);
    expect(await isClaimed(p.uniqueKey)).toBe(true);

    // The second reconciler, late, with its stale row and a chain that does not answer: it reports what it found.
    const unreachable = { ...withChain, rpcUrl: 'http://127.0.0.1:9' };
    expect(await reconcileSettlement(f.db, stale, unreachable)).toBe('settled');
    expect(await findSettlement(f.db, p.uniqueKey)).toMatchObject({ status: 'settled', delivered: true });
    expect(await money(p)).toEqual(PAID_ONCE);
  });
});
