import { beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoCorpus } from '@/lib/demo/load';
import { resolvePaidPost } from '@/lib/posts/resolve-paid-post';
import { suiteDatabase } from '@/tests/helpers/suite-database';

const sent = vi.hoisted(() => ({ events: [] as Array<{ name: string; data: unknown }> }));
vi.mock('@/lib/jobs/send', () => ({
  sendJobEvents: async (events: Array<{ name: string; data: unknown }>) => {
    sent.events.push(...events);
  },
}));

const db = suiteDatabase();

beforeAll(async () => {
  await seedDemoCorpus(db, { seed: 3, posts: 60, now: new Date('2026-11-20T12:00:00Z') });
});

describe('asking for a summary that is not ready', () => {
  it('a burst of requests for one post sends one generation event, and counts every request', async () => {
    const [post] = await db.query<{ id: string; publication_slug: string; slug: string }>(
      `select po.id, pu.slug as publication_slug, po.slug from posts po join publications pu on pu.id = po.publication_id
        where not exists (select 1 from post_summaries s where s.post_id = po.id) limit 1`,
    );
    const path = { publicationSlug: post!.publication_slug, postSlug: post!.slug };
    for (let i = 0; i < 5; i++) {
      await expect(resolvePaidPost(db, path)).rejects.toMatchObject({ code: 'summary_not_ready' });
    }
    expect(sent.events).toEqual([{ name: 'posts/summary.requested', data: { postId: post!.id } }]);
    const [row] = await db.query<{ request_count: number }>(
      'select request_count from summary_requests where post_id = $1',
      [post!.id],
    );
    expect(row!.request_count).toBe(5);

    // Five minutes on, a request asks again (a generation that failed is retried then).
    await db.query(`update summary_requests set last_sent_at = now() - interval '6 minutes' where post_id = $1`, [
      post!.id,
    ]);
    await expect(resolvePaidPost(db, path)).rejects.toMatchObject({ code: 'summary_not_ready' });
    expect(sent.events).toHaveLength(2);
  });
});
