import { beforeAll, describe, expect, it } from 'vitest';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { suiteDatabase } from '@/tests/helpers/suite-database';

// Several feed syncs index at once (on PostgreSQL, over several connections): the shared BM25 statistics must stay
// exact and no transaction may deadlock.
const db = suiteDatabase();

const WORDS = ['yield', 'curve', 'credit', 'spread', 'equity', 'duration', 'inflation', 'dollar', 'margin', 'capex'];

beforeAll(async () => {
  const [publication] = await db.query<{ id: string }>(
    `insert into publications (slug, site_url, source_kind) values ('idx.example.com', 'https://idx.example.com', 'rss')
     returning id`,
  );
  const posts = Array.from({ length: 600 }, (_, i) => ({
    guid: `g${i}`,
    slug: `p${i}`,
    title: `${WORDS[i % 10]} ${WORDS[(i * 3) % 10]} note ${i}`,
    body: Array.from({ length: 40 }, (_, j) => WORDS[(i + j * 7) % 10]).join(' '),
  }));
  await db.query(
    `insert into posts (publication_id, guid, slug, title, url, body_text)
     select $1, r.guid, r.slug, r.title, 'https://idx.example.com/' || r.slug, r.body
       from jsonb_to_recordset($2::text::jsonb) as r(guid text, slug text, title text, body text)`,
    [publication!.id, JSON.stringify(posts)],
  );
});

describe('concurrent search indexing', () => {
  it('indexes every post once and keeps document frequencies exact', async () => {
    const counts = await Promise.all([1, 2, 3, 4].map(() => indexPendingPosts(db, { batchSize: 50 })));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(600);
    const [corpus] = await db.query<{ doc_count: number }>('select doc_count from search_corpus_stats');
    expect(corpus!.doc_count).toBe(600);
    const drift = await db.query(
      `select s.lexeme from search_term_stats s
         left join (select lexeme, count(*)::int as n from posts, unnest(tsvector_to_array(search_vector)) as lexeme
                     group by lexeme) actual on actual.lexeme = s.lexeme
        where s.doc_count <> coalesce(actual.n, 0)`,
    );
    expect(drift).toEqual([]);
  });
});
