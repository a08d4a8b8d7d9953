import type { Seeder } from '@/lib/db/prepare';
import { seedDemoCorpus } from './load';

/** The demo corpus as the start-up seeder: generated from (seed, posts) with the moment it runs as "now". */
export function demoSeeder(options: { seed: number; posts: number }): Seeder {
  return async (db) => {
    const counts = await seedDemoCorpus(db, { ...options, now: new Date() });
    return (
      `demo corpus loaded: ${counts.publications} publications, ${counts.posts} posts, ` +
      `${counts.summaries} summaries, ${counts.picks} stock picks, ${counts.closes} daily closes`
    );
  };
}
