import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/types';
import { generateCorpus } from '@/lib/demo/generate';
import { type LoadCounts, loadCorpus, seedDemoCorpus } from '@/lib/demo/load';
import { isCatalogueEmpty } from '@/lib/publications/is-catalogue-empty';
import { resetCatalogue } from '@/lib/publications/reset-catalogue';
import { suiteDatabase } from '@/tests/helpers/suite-database';

const onPostgres = Boolean(process.env.DATABASE_URL);
const NOW = new Date('2026-11-20T15:30:00.000Z');

async function count(db: Db, table: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return row!.n;
}

describe(`demo corpus loader on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  const db = suiteDatabase();
  let counts: LoadCounts;

  beforeAll(async () => {
    expect(await isCatalogueEmpty(db)).toBe(true);
    counts = await seedDemoCorpus(db, { seed: 42, posts: 300, now: NOW });
  });

  it('inserts exactly the rows it reports', async () => {
    expect(counts.posts).toBe(300);
    expect(counts.publications).toBeGreaterThanOrEqual(12);
    expect(counts.summaries).toBeGreaterThan(200);
    expect(counts.picks).toBeGreaterThan(150);
    expect(await count(db, 'publications')).toBe(counts.publications);
    expect(await count(db, 'posts')).toBe(counts.posts);
    expect(await count(db, 'post_summaries')).toBe(counts.summaries);
    expect(await count(db, 'stock_picks')).toBe(counts.picks);
    expect(await isCatalogueEmpty(db)).toBe(false);
  });

  it('stores the generated values unchanged', async () => {
    const corpus = generateCorpus({ seed: 42, posts: 300, now: NOW });
    const [first] = [...corpus.posts];
    const [row] = await db.query<{
      slug: string;
      published_at: Date | null;
      body_text: string;
      price_cents: number | null;
    }>('select slug, published_at, body_text, price_cents from posts where id = $1', [first!.id]);
    expect(row!.slug).toBe(first!.slug);
    expect(new Date(row!.published_at!).toISOString()).toBe(first!.publishedAt!.toISOString());
    expect(row!.body_text).toBe(first!.bodyText);
    expect(row!.price_cents).toBe(first!.priceCents);
    const [pub] = await db.query<{ last_synced_at: Date | null; image_url: string }>(
      "select last_synced_at, image_url from publications where slug = 'macrotide.beehiiv.com'",
    );
    expect(pub!.image_url).toBe('/avatars/macrotide.beehiiv.com.svg');
    const picks = await db.query<{ pick_day: string; day: string }>(
      `select to_char(k.pick_day, 'YYYY-MM-DD') as pick_day,
              to_char(coalesce(p.published_at, k.extracted_at) at time zone 'UTC', 'YYYY-MM-DD') as day
         from stock_picks k join posts p on p.id = k.post_id`,
    );
    expect(picks.every((k) => k.pick_day === k.day)).toBe(true);
  });

  it('reports progress per batch, resets, and rolls back a failed load completely', async () => {
    await resetCatalogue(db);
    expect(await isCatalogueEmpty(db)).toBe(true);
    expect(await count(db, 'posts')).toBe(0);
    const progress: number[] = [];
    const again = await loadCorpus(db, generateCorpus({ seed: 42, posts: 300, now: NOW }), {
      batchSize: 128,
      onProgress: (n) => progress.push(n),
    });
    expect(again).toEqual(counts);
    expect(progress).toEqual([128, 256, 300]);
    // Loading the same corpus twice violates the primary keys: nothing of the second attempt may remain.
    await expect(seedDemoCorpus(db, { seed: 42, posts: 300, now: NOW })).rejects.toThrow();
    expect(await count(db, 'posts')).toBe(300);
    expect(await count(db, 'stock_picks')).toBe(counts.picks);
  });
});
