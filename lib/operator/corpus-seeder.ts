import type { Db } from '@/lib/db/types';

export interface SeedCounts {
  publications: number;
  posts: number;
  summaries: number;
  picks: number;
}

/**
 * Loads the corpus generated from (seed, posts, now) into the catalogue: what the `seed` command runs. The entry
 * points (server.ts, scripts/admin.ts) hand the demo corpus to their AppContext; operator code does not know it.
 */
export type CorpusSeeder = (db: Db, options: { seed: number; posts: number; now: Date }) => Promise<SeedCounts>;
