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
  }
}

let service: RunningService | undefined;
let database: TestDatabase | undefined;

// One built app with the demo corpus serves every HTTP suite: on embedded PGlite by default, on a fresh database of
// the DATABASE_URL server when that is set.
export async function setup(project: TestProject) {
  buildIfNeeded();
  database = await createTestDatabase();
  service = await startService(database.url ? { DATABASE_URL: database.url, SEED_DEMO_DATA: 'true' } : {});
  project.provide('baseUrl', service.url);
  project.provide('databaseKind', database.url ? 'postgres' : 'pglite');
  project.provide('dataDir', service.dataDir);
  project.provide('databaseUrl', database.url ?? '');
}

export async function teardown() {
  await service?.stop();
  await database?.drop();
}
