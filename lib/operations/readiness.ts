import { appContext } from '@/lib/app/process-context';
import { pendingMigrations } from '@/lib/db/pending-migrations';
import { env } from '@/lib/env';
import { liveMethods, paymentSetup } from '@/lib/payments/setup';
import { countPostFailures } from '@/lib/post-failures/list-failures';
import { readSearchIndexStatus, type SearchIndexStatus } from '@/lib/search/index/status';

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  pendingMigrations: string[];
  payments: { methods: string[]; testMoney: boolean };
  /**
   * Posts not searchable yet and whether a background run is indexing them. Readiness does not wait for them: the
   * service answers meanwhile, its searches without those posts. Null when it could not be read.
   */
  search: SearchIndexStatus | null;
  /**
   * Posts quarantined at a processing stage (stored and listed, retried with backoff; `admin posts failed`), per
   * stage. They never make the instance unready. Null when they could not be counted.
   */
  failedPosts: FailedPostCounts | null;
}

type FailedPostCounts = Awaited<ReturnType<typeof countPostFailures>>;

const DATABASE_TIMEOUT_MS = 2000;

/**
 * Whether this instance should receive traffic: its database answers within 2 s with every migration applied. The
 * payment methods it sells with are reported (credits always; x402 and MPP when configured or sandboxed), and the
 * posts still waiting for search.
 */
export async function checkReadiness(): Promise<Readiness> {
  // The service built its context before listening; a process whose context cannot be built (its database does not
  // open) reports the payment setup of its configuration alone.
  const context = await withTimeout(appContext(), DATABASE_TIMEOUT_MS).catch(() => null);
  const setup = context?.payments ?? paymentSetup(env());
  const payments = {
    methods: liveMethods(setup),
    testMoney: setup.testMoney,
  };
  try {
    if (!context) throw new Error('no context');
    const { db, embeddings } = context;
    const { pending, search, failedPosts } = await withTimeout(
      (async () => {
        await db.query('select 1');
        const pending = await pendingMigrations(db);
        // Before the schema is current the counts may name what is not there yet.
        const current = pending.length === 0;
        const search = current ? await readSearchIndexStatus(db, embeddings).catch(() => null) : null;
        const failedPosts = current ? await countPostFailures(db).catch(() => null) : null;
        return { pending, search, failedPosts };
      })(),
      DATABASE_TIMEOUT_MS,
    );
    return { ready: pending.length === 0, database: 'ok', pendingMigrations: pending, payments, search, failedPosts };
  } catch {
    return { ready: false, database: 'unreachable', pendingMigrations: [], payments, search: null, failedPosts: null };
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
