import type { Db } from '@/lib/db/types';

export interface SeedCounts {
  publications: number;
  posts: number;
  summaries: number;
  picks: number;
}

/** Loads the corpus generated from (seed, posts, now) into the catalogue: what the `seed` command runs. */
export type CorpusSeeder = (db: Db, options: { seed: number; posts: number; now: Date }) => Promise<SeedCounts>;

// The entry points (server.ts, scripts/admin.ts) provide the demo corpus; operator code does not know it. The
// operator endpoint runs in Next's route bundle, a module graph apart from server.ts, so, like the process's
// database (lib/db/client.ts), the seeder lives on globalThis.
const holder = globalThis as typeof globalThis & { __corpusSeeder?: CorpusSeeder };

export function provideCorpusSeeder(seeder: CorpusSeeder): void {
  holder.__corpusSeeder = seeder;
}

export function providedCorpusSeeder(): CorpusSeeder | undefined {
  return holder.__corpusSeeder;
}
