import { beforeAll, describe, expect, it } from 'vitest';
import { LEAD_MEANING, leadNeighbours } from '@/lib/briefs/lead-meaning';
import { readCapabilities } from '@/lib/db/capabilities';
import type { PostDraft } from '@/lib/posts/post-draft';
import { upsertPosts } from '@/lib/posts/upsert-posts';
import { indexInBackground } from '@/lib/search/index/background';
import { countPendingEmbeddings } from '@/lib/search/index/status';
import { suiteDatabase } from '@/tests/helpers/suite-database';

// The briefs' lead-meaning index (lib/briefs/lead-meaning.ts): filled by the background indexing run as an extra
// index, and asked for the posts nearest a question in other words than theirs, inside a window and publications.
const db = suiteDatabase();
const ids: Record<string, string> = {};
/** pgvector is there (PGlite always; a PostgreSQL server only with the extension): else the index is skipped. */
let vector = false;

function draft(guid: string, title: string, bodyText: string, publishedAt: string): PostDraft {
  return {
    guid,
    url: `https://lead.example/${guid}`,
    title,
    subtitle: null,
    description: null,
    author: null,
    imageUrl: null,
    audioUrl: null,
    contentHtml: null,
    bodyText,
    textSource: 'feed_content',
    language: 'en',
    publishedAt: new Date(publishedAt),
  };
}

beforeAll(async () => {
  for (const slug of ['news.lead.example', 'kitchen.lead.example']) {
    const [row] = await db.query<{ id: string }>(
      `insert into publications (slug, title, site_url, source_kind, next_poll_at)
       values ($1, $1, $2, 'rss', 'infinity') returning id`,
      [slug, `https://${slug}`],
    );
    ids[slug] = row!.id;
  }
  await upsertPosts(db, ids['news.lead.example']!, [
    draft(
      'rank',
      'Singapore dethrones US as world’s most competitive economy',
      'The US fell two spots as the confidence boost from tax cuts faded and high-technology exports weakened.',
      '2026-11-02T08:00:00Z',
    ),
    draft(
      'strike',
      'Lufthansa pilots walk out over pensions',
      'Hundreds of flights were cancelled on Tuesday as the pilots’ union pressed its claim.',
      '2026-11-20T08:00:00Z',
    ),
  ]);
  await upsertPosts(db, ids['kitchen.lead.example']!, [
    draft(
      'bread',
      'A loaf that rises overnight',
      'Mix the flour, water and salt in the evening and bake it in the morning.',
      '2026-11-03T08:00:00Z',
    ),
  ]);
  const run = await indexInBackground(db, { embeddings: null, extraEmbeddings: [LEAD_MEANING], log: () => {} });
  expect(run.outcome).toBe('done');
  vector = (await readCapabilities(db)).vector;
}, 120_000);

const ask = (question: string, options: Partial<Parameters<typeof leadNeighbours>[2]> = {}) =>
  leadNeighbours(db, question, { limit: 5, publications: null, window: null, ...options });

describe('lead meanings without pgvector', () => {
  it('are neither built nor asked, and a brief reads search alone', async (ctx) => {
    if (vector) ctx.skip();
    expect(await countPendingEmbeddings(db, LEAD_MEANING)).toBeNull();
    expect(await ask('Why did the United States slip in the global competitiveness rankings?')).toEqual([]);
  });
});

describe('lead meanings', () => {
  it('are filled by the background run, one vector per post', async (ctx) => {
    if (!vector) ctx.skip();
    expect(await countPendingEmbeddings(db, LEAD_MEANING)).toBe(0);
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from post_embeddings where model = $1', [
      LEAD_MEANING.id,
    ]);
    expect(row!.n).toBe(3);
  });

  it('find the post that answers in other words, nearest first', async (ctx) => {
    if (!vector) ctx.skip();
    const found = await ask('Why did the United States slip in the global competitiveness rankings?');
    expect(found[0]?.slug).toBeDefined();
    const [first] = await db.query<{ guid: string }>('select guid from posts where slug = $1', [found[0]!.slug]);
    expect(first!.guid).toBe('rank');
    expect(found[0]!.similarity).toBeGreaterThan(found.at(-1)!.similarity - 1e-9);
    expect(found.map((n) => n.publicationSlug)).not.toContain('kitchen.lead.example');
  });

  it('keep to the window and the publications asked', async (ctx) => {
    if (!vector) ctx.skip();
    const question = 'Why did the United States slip in the global competitiveness rankings?';
    const window = {
      label: 'last_week' as const,
      startIso: '2026-11-15T00:00:00.000Z',
      endIso: '2026-11-22T00:00:00.000Z',
      days: 7,
    };
    const inWindow = await ask(question, { window });
    const guids = await db.query<{ guid: string; slug: string }>('select guid, slug from posts');
    const guidOf = new Map(guids.map((g) => [g.slug, g.guid]));
    expect(inWindow.map((n) => guidOf.get(n.slug))).not.toContain('rank');
    const kitchen = await ask(question, { publications: [ids['kitchen.lead.example']!] });
    expect(kitchen.every((n) => n.publicationSlug === 'kitchen.lead.example')).toBe(true);
  });
});
