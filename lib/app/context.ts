import { randomBytes } from 'node:crypto';
import { forgetDatabase } from '@/lib/app/process-state';
import { exportNextAuthOrigin } from '@/lib/auth/next-auth-origin';
import { briefIndexes } from '@/lib/briefs/lead-meaning';
import type { OwnerRole } from '@/lib/db/owner/owner-lock';
import { prepareDatabase, type Seeder } from '@/lib/db/prepare';
import type { Db } from '@/lib/db/types';
import type { Env } from '@/lib/env';
import type { JobDefinition } from '@/lib/jobs/definition';
import { type LocalJobs, startLocalJobs } from '@/lib/jobs/local/runner';
import type { CorpusSeeder } from '@/lib/operator/corpus-seeder';
import { type PaymentSetup, paymentSetup } from '@/lib/payments/setup';
import { BlockedBuckets } from '@/lib/rate-limits/blocked-buckets';
import { configuredEmbeddings } from '@/lib/search/embeddings/configured';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import { indexOnOpen } from '@/lib/search/index/index-on-open';
import type { RawStore } from '@/lib/storage/raw-store';
import { rawStoreFromConfig } from '@/lib/storage/raw-store-from-config';

/** What this process runs on, built once by createAppContext and handed to whatever needs it. */
export interface AppContext {
  config: Env;
  /** Open, migrated, and (above a backlog) indexing for search in the background; closing it stops that. */
  db: Db;
  embeddings: EmbeddingProvider | null;
  payments: PaymentSetup;
  /** Clients known to be over a rate limit, shared by server.ts's early refusal and the routes. */
  limits: BlockedBuckets;
  /** The in-process job engine, when this process runs one. */
  jobs: LocalJobs | null;
  rawStore: RawStore;
  /** OPERATOR_TOKEN, or one made for this process (server.ts writes it into the service file). */
  operatorToken: string;
  /** The corpus the admin `seed` command loads, when the entry point provides one. */
  corpusSeeder: CorpusSeeder | null;
  /** Stops the jobs engine and the wallet payments, then closes the database (unless it was handed in). */
  close(): Promise<void>;
}

/** Wallet payments as an entry point starts them (lib/payments/start.ts: the sandbox's chains, or nothing). */
export type WalletPaymentsStarter = (
  config: Env,
  log: (line: string) => void,
) => Promise<{ setup: PaymentSetup; stop(): Promise<void> }>;

/**
 * What only an entry point knows or may start. A route that runs in a process no entry point set up (next dev) gets
 * the defaults: no seeding, payment setup from configuration alone, no jobs engine.
 */
export interface AppContextOptions {
  /** Fills an empty catalogue when the database opens (server.ts: the demo corpus on the embedded default). */
  seed?: Seeder | null;
  corpusSeeder?: CorpusSeeder | null;
  walletPayments?: WalletPaymentsStarter;
  /** Run in this process when no Inngest is configured (and JOBS_LOCAL is not false). */
  jobs?: readonly JobDefinition[];
  /** Overrides SEARCH_INDEX_BACKGROUND_ABOVE (the admin CLI indexes everything before a command runs). */
  backgroundIndexingAbove?: number;
  /** An open, migrated database to use instead of the configured one (tests). */
  db?: Db;
  /** Who owns the embedded data directory while this process runs (server.ts: 'service'; else 'admin'). */
  ownerRole?: OwnerRole;
  log?: (line: string) => void;
}

/**
 * Builds the process's dependencies in a fixed order: configuration, database, raw store, search indexing on the
 * database (whose postings snapshot the raw store keeps), payment setup, limits, jobs engine. A step that fails stops
 * what the earlier ones started.
 */
export async function createAppContext(config: Env, options: AppContextOptions = {}): Promise<AppContext> {
  const log = options.log ?? ((line: string) => console.log(line));
  exportNextAuthOrigin(config);
  const embeddings = configuredEmbeddings(config);
  const db = options.db ?? (await openConfiguredDb(config, options.seed ?? null, log, options.ownerRole));
  let payments: Awaited<ReturnType<WalletPaymentsStarter>> | undefined;
  try {
    const rawStore = rawStoreFromConfig({
      supabaseUrl: config.SUPABASE_URL,
      supabaseServiceRoleKey: config.SUPABASE_SERVICE_ROLE_KEY,
      bucket: config.RAW_SOURCES_BUCKET,
      dataDir: config.DATA_DIR,
    });
    const served = options.db
      ? db
      : await indexOnOpen(db, {
          embeddings,
          backgroundIndexingAbove: options.backgroundIndexingAbove ?? config.SEARCH_INDEX_BACKGROUND_ABOVE,
          postings: config.SEARCH_POSTINGS === 'memory',
          extraEmbeddings: briefIndexes(config),
          snapshots: rawStore,
          log,
        });
    payments = options.walletPayments
      ? await options.walletPayments(config, log)
      : { setup: paymentSetup(config), stop: async () => {} };
    const limits = new BlockedBuckets();
    const runJobs = options.jobs && config.jobsEngine === 'local' && config.JOBS_LOCAL !== false;
    const jobs = runJobs ? startLocalJobs({ db: served, jobs: options.jobs!, log }) : null;
    const stopPayments = payments.stop;
    return {
      config,
      db: served,
      embeddings,
      payments: payments.setup,
      limits,
      jobs,
      rawStore,
      operatorToken: config.OPERATOR_TOKEN ?? randomBytes(32).toString('base64url'),
      corpusSeeder: options.corpusSeeder ?? null,
      async close() {
        await jobs?.stop();
        await stopPayments();
        // A database handed in is closed, and its state dropped, by whoever opened it. Closed first: closing stops
        // the indexing run it finds in that state.
        if (options.db) return;
        await served.close();
        forgetDatabase(served);
      },
    };
  } catch (error) {
    await payments?.stop().catch(() => {});
    if (!options.db) await db.close().catch(() => {});
    throw error;
  }
}

function openConfiguredDb(
  config: Env,
  seed: Seeder | null,
  log: (line: string) => void,
  ownerRole: OwnerRole | undefined,
): Promise<Db> {
  return prepareDatabase({
    ownerRole,
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    pool: {
      max: config.DATABASE_POOL_MAX,
      queueMax: config.DATABASE_QUEUE_MAX,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    seed,
    log,
  });
}
