import type { TestProject } from 'vitest/node';
import { buildIfNeeded } from '@/scripts/build-if-needed';
import { type RunningService, startService } from '@/tests/helpers/service';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseKind: 'pglite' | 'postgres';
    dataDir: string;
    databaseUrl: string;
    inboundEmailSecret: string;
    mailgunSigningKey: string;
  }
}

const INBOUND_EMAIL_SECRET = 'test-inbound-email-secret-0123456789';
const MAILGUN_WEBHOOK_SIGNING_KEY = 'test-mailgun-signing-key-0123456789';

let service: RunningService | undefined;
let database: TestDatabase | undefined;

// One built app with the demo corpus serves every HTTP suite: on embedded PGlite by default, on a fresh database of
// the DATABASE_URL server when that is set.
export async function setup(project: TestProject) {
  await buildIfNeeded();
  database = await createTestDatabase();
  service = await startService({
    // On PostgreSQL the test-money sandbox runs only when asked for by name.
    ...(database.url ? { DATABASE_URL: database.url, SEED_DEMO_DATA: 'true', PAYMENT_SANDBOX: 'true' } : {}),
    // The demo's not-ready posts must stay not ready for the suites that check the 503 path: no background
    // generation in this service (tests/http/ingest-e2e.test.ts runs its own service with jobs).
    JOBS_LOCAL: 'false',
    // The ingestion suites serve feeds on loopback and post mail to the webhooks.
    INGEST_ALLOW_HOSTS: '127.0.0.1,localhost',
    INBOUND_EMAIL_SECRET,
    MAILGUN_WEBHOOK_SIGNING_KEY,
    // The suites send far more requests per minute from one address than any client should; the limits still count
    // every request here (tests/http/rate-limits.test.ts checks them with limits of its own).
    RATE_LIMIT_FREE: '1000000',
    RATE_LIMIT_CHALLENGE: '1000000',
    RATE_LIMIT_PAID: '1000000',
    RATE_LIMIT_GENERATION: '1000000',
    RATE_LIMIT_ACCOUNT: '1000000',
  });
  project.provide('baseUrl', service.url);
  project.provide('databaseKind', database.url ? 'postgres' : 'pglite');
  project.provide('dataDir', service.dataDir);
  project.provide('databaseUrl', database.url ?? '');
  project.provide('inboundEmailSecret', INBOUND_EMAIL_SECRET);
  project.provide('mailgunSigningKey', MAILGUN_WEBHOOK_SIGNING_KEY);
}

export async function teardown() {
  await service?.stop();
  await database?.drop();
}
