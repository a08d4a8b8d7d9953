/**
 * The postings in memory (lib/search/postings) on a real database (PGlite by default, PostgreSQL when DATABASE_URL is
 * set): the weights they read from PostgreSQL's text of a stored vector are the indexer's, and the search_changes log
 * keeps them in step with every change to a post, so that the next search sees it. Where a test asks which posts a
 * ranking or a count finds, it asks the postings and SQL both, and they must agree.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db/types';
import { analyzeDocument } from '@/lib/search/analysis/document';
import { analysisLanguage } from '@/lib/search/analysis/stemmers';
import { FIELD_WEIGHTS_SQL, QUANTA_PER_UNIT, quantizeWeight, TITLE_WEIGHT } from '@/lib/search/analysis/ts-rank';
import { anyLexeme } from '@/lib/search/analysis/tsquery';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { pendingSearchPosts } from '@/lib/search/index/status';
import { type CountScope, countLexicalMatches } from '@/lib/search/lexical/count';
import { rankLexical } from '@/lib/search/lexical/rank';
import { resolveTerms } from '@/lib/search/lexical/resolve-terms';
import {
  livePostings,
  postingsCatchingUp,
  postingsLoaded,
  postingsStatus,
  searchWithPostings,
} from '@/lib/search/postings/live-postings';
import type { PostingsIndex } from '@/lib/search/postings/postings-index';
import { type StoredEntriesJson, storedEntriesSql, toVectorEntries } from '@/lib/search/postings/stored-entries';
import { parseTsvectorText, type VectorEntry } from '@/lib/search/postings/tsvector-text';
import { prepareQuery } from '@/lib/search/query/prepare';
import { searchPosts } from '@/lib/search/search-posts';
import type { TimeRange } from '@/lib/search/types';
import { recordingDb } from '@/tests/helpers/recording-db';
import { suiteDatabase } from '@/tests/helpers/suite-database';

const NOW = new Date('2026-11-20T15:00:00Z');
const DAY_MS = 86_400_000;
const db = suiteDatabase();
const publications = { alpha: '', beta: '' };
let posts = 0;

beforeAll(async () => {
  const insert = (slug: string, title: string, author: string | null) =>
    db.query<{ id: string }>(
      `insert into publications (slug, title, author_name, site_url, source_kind, language)
       values ($1, $2, $3, 'https://' || $1, 'rss', 'en') returning id`,
      [slug, title, author],
    );
  publications.alpha = (await insert('alpha.example.com', 'Alpha Letter', 'Ann Author'))[0]!.id;
  publications.beta = (await insert('beta.example.com', 'Beta Brief', null))[0]!.id;
});

interface NewPost {
  title: string;
  subtitle?: string | null;
  body: string;
  publication?: string;
  publishedAt?: Date | null;
  language?: string | null;
}

/** Stores a post as ingestion does (not yet indexed); returns its id and slug. */
async function insertPost(post: NewPost): Promise<{ id: string; slug: string }> {
  const slug = `post-${++posts}`;
  const [row] = await db.query<{ id: string }>(
    `insert into posts (publication_id, guid, slug, title, subtitle, url, body_text, published_at, language)
     values ($1, $2, $2, $3, $4, 'https://example.com/' || $2, $5, $6, $7) returning id`,
    [
      post.publication ?? publications.alpha,
      slug,
      post.title,
      post.subtitle ?? null,
      post.body,
      post.publishedAt === undefined ? new Date(NOW.getTime() - DAY_MS) : post.publishedAt,
      post.language ?? null,
    ],
  );
  return { id: row!.id, slug };
}

const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
const windowOf = (from: Date, to: Date): TimeRange => ({ start: from.toISOString(), end: to.toISOString() });

/** The postings, which must be loaded and current: the path every check below is about. */
async function loadedPostings(): Promise<PostingsIndex> {
  const postings = await livePostings(db);
  expect(postings, 'the postings are loaded and up to date').not.toBeNull();
  return postings!;
}

/** The postings once loaded and up to date: a load or a catch-up of many changes runs in the background meanwhile. */
async function caughtUp(on: Db = db): Promise<PostingsIndex> {
  expect(await postingsLoaded(on)).toBe(true);
  const postings = await livePostings(on);
  expect(postingsCatchingUp(on)).toBe(0);
  return postings!;
}

const fts = async (q: string) => {
  const result = await searchPosts(db, { q, limit: 50, mode: 'fts', now: NOW }, { embeddings: null });
  return { slugs: result.items.map((item) => item.slug), totalCount: result.totalCount };
};

/**
 * The posts the lexical ranking finds for q in a scope, and how many match there, from the postings; SQL alone (the
 * path without postings) must say the same.
 */
async function lexical(q: string, scope: Partial<CountScope> = {}): Promise<{ ids: string[]; matches: number }> {
  const { terms } = await resolveTerms(db, prepareQuery(q, NOW).terms);
  const full: CountScope = { range: scope.range ?? null, publications: scope.publications ?? null };
  const postings = await loadedPostings();
  const options = { limit: 50, range: full.range, publications: full.publications };
  const inMemory = await rankLexical(db, terms, { ...options, postings });
  const inSql = await rankLexical(db, terms, { ...options, postings: null });
  expect(inMemory.hits, `${q}: the postings rank as SQL does`).toEqual(inSql.hits);
  const matches = await countLexicalMatches(db, terms, full, postings);
  expect(matches, `${q}: the postings count as SQL does`).toBe(await countLexicalMatches(db, terms, full, null));
  return { ids: inMemory.hits.map((hit) => hit.postId), matches };
}

describe('weights read from PostgreSQL', () => {
  // Real-world text: emoji, CJK, Arabic, accents, quotes and backslashes in words, signed percentages, and the
  // leftovers of HTML a feed did not clean.
  const TEXTS: NewPost[] = [
    { title: 'We ❤️ dividends 📈', subtitle: '👨‍👩‍👧‍👦 1️⃣ 🇯🇵', body: 'Nestlé ❤️ yields 👍🏽 and 🚀🚀 rallies' },
    {
      title: '日本銀行の金融政策',
      body: '日銀は利上げを検討。円安が続く中、東京証券取引所の株価は上昇した。',
      language: 'ja',
    },
    { title: 'أسعار النفط ترتفع', body: 'ارتفعت أسعار النفط بنسبة 3% بعد قرار أوبك+ يوم الخميس.', language: 'ar' },
    {
      title: 'Café crème à Zürich',
      subtitle: 'Société Générale, naïve façade',
      body: 'Crème brûlée in São Paulo; Ångström, Łódź, Ærø and résumé. L’été déjà.',
      language: 'fr',
    },
    {
      title: `O'Reilly's "quoted" take`,
      body: String.raw`Don't say 'never'. Files in C:\Users\ann\notes and \\server\share, a\b, it''s \'odd\' \\ ok`,
    },
    {
      title: 'CPI -0.3% m/m, +2.5% y/y',
      body: 'Yields fell -0.3% to 4.25%; EUR/USD 1.0850; S&P 500 -1.2%; 10-yr at 3.9%; -.5% and 1e-3 and $1,234.56.',
    },
    {
      title: 'Broken HTML &amp; leftovers',
      body: '<p class="lead">Markets&nbsp;rallied &#8217;24 </div> <br/ &lt;script&gt; alert("x") <a href="https://x.example/?a=1&b=2">link</a> &amp;amp; <!-- c',
    },
  ];

  it('equal the weights the indexer computed, quantized, for every lexeme of real-world texts', async () => {
    const ids: string[] = [];
    for (const text of TEXTS) ids.push((await insertPost(text)).id);
    expect(await indexPendingPosts(db)).toBe(TEXTS.length);
    const postings = await loadedPostings();
    const rows = await db.query<{ id: string; vector: string; publication: string; language: string | null }>(
      `select p.id, p.search_vector::text as vector, concat_ws(' ', pub.title, pub.author_name) as publication,
              coalesce(p.language, pub.language) as language
         from posts p join publications pub on pub.id = p.publication_id where p.id = any($1::uuid[])`,
      [ids],
    );
    expect(rows).toHaveLength(TEXTS.length);
    let checked = 0;
    for (const row of rows) {
      const text = TEXTS[ids.indexOf(row.id)]!;
      // The indexer's document, built again from the same fields.
      const document = analyzeDocument(
        { title: text.title, subtitle: text.subtitle ?? null, publication: row.publication, body: text.body },
        analysisLanguage(row.language),
      );
      const lexemes = [...document.weights.keys()];
      // Every lexeme read back from PostgreSQL's text, quotes and backslashes undone.
      expect(new Set(parseTsvectorText(row.vector).entries.map((e) => e.lexeme))).toEqual(new Set(lexemes));
      // The SQL ranking's own weights (lib/search/lexical/rank.ts, scorePosts), in quanta.
      const inSql = await db.query<{ lexeme: string; quanta: number }>(
        `select q.lexeme,
                floor((ts_rank('${FIELD_WEIGHTS_SQL}', p.search_vector, q.plain::tsquery, 1)
                       + case when p.search_vector @@ q.title::tsquery then ${TITLE_WEIGHT} else 0 end)
                      * ${QUANTA_PER_UNIT})::int as quanta
           from posts p, unnest($2::text[], $3::text[], $4::text[]) as q (lexeme, plain, title) where p.id = $1`,
        [row.id, lexemes, lexemes.map((l) => anyLexeme([l])), lexemes.map((l) => anyLexeme([l], 'A'))],
      );
      const sqlQuanta = new Map(inSql.map((r) => [r.lexeme, r.quanta]));
      for (const [lexeme, weight] of document.weights) {
        // With idf 1 a post's score for one lexeme is 1 + its quantized weight.
        const hit = postings
          .rank([{ lexemes: [lexeme], idf: 1 }], { range: null, publications: null }, postings.size, 0)
          .top.find((h) => h.postId === row.id);
        expect(hit?.score, `${JSON.stringify(lexeme)} in ${JSON.stringify(text.title)}`).toBe(
          1 + quantizeWeight(weight),
        );
        expect(hit!.score).toBe(1 + sqlQuanta.get(lexeme)! / QUANTA_PER_UNIT);
        checked++;
      }
    }
    // The texts gave many lexemes, among them the awkward ones.
    expect(checked).toBeGreaterThan(100);
    const all = rows.flatMap((row) => parseTsvectorText(row.vector).entries.map((e) => e.lexeme));
    // (The analysis indexes no emoji, and no backslash reaches a lexeme; quotes do.)
    for (const expected of ["o'reilli", "don't", "l'et", '-0.3%', 'nestlé']) expect(all).toContain(expected);
    expect(all.some((lexeme) => /[\u3040-\u9fff]/.test(lexeme))).toBe(true);
    expect(all.some((lexeme) => /[\u0600-\u06ff]/.test(lexeme))).toBe(true);
  });

  it('are picked out by PostgreSQL for a query as its text holds them: labels, positions, quoted lexemes', async () => {
    const rows = await db.query<{ id: string; vector: string }>(
      'select id, search_vector::text as vector from posts where search_vector is not null',
    );
    expect(rows.length).toBeGreaterThanOrEqual(TEXTS.length);
    const byLexeme = (entries: VectorEntry[]) => [...entries].sort((a, b) => (a.lexeme < b.lexeme ? -1 : 1));
    for (const row of rows) {
      const whole = parseTsvectorText(row.vector, { positions: true }).entries;
      // Every other lexeme of the post, and one no post holds: what search/details.ts and lexical/rank.ts ask.
      const only = new Set([...whole.filter((_, i) => i % 2 === 0).map((e) => e.lexeme), 'zzznotalexeme']);
      const [picked] = await db.query<{ entries: StoredEntriesJson }>(
        `select ${storedEntriesSql('search_vector', '$2')} as entries from posts where id = $1`,
        [row.id, [...only]],
      );
      expect(byLexeme(toVectorEntries(picked!.entries))).toEqual(
        byLexeme(parseTsvectorText(row.vector, { positions: true, only }).entries),
      );
    }
  });
});

describe('freshness through the change log', () => {
  // A post that keeps every test word in the index, so that no query word is ever unknown (and corrected).
  beforeAll(async () => {
    await insertPost({
      title: 'Keeper of the words',
      body: 'zorblax quintessa velmorin brastok',
      publishedAt: daysAgo(100),
      publication: publications.beta,
    });
    await indexPendingPosts(db);
    await loadedPostings();
  });

  it('finds a new post at the very next search', async () => {
    expect(await fts('zorblax quintessa')).toMatchObject({ totalCount: 1 });
    const post = await insertPost({ title: 'Zorblax quintessa outlook', body: 'Notes on zorblax.' });
    await indexPendingPosts(db);
    const { slugs, totalCount } = await fts('zorblax quintessa');
    // The search read the postings, not SQL.
    expect(postingsStatus(db)).toBe('loaded');
    expect(slugs[0]).toBe(post.slug);
    expect(totalCount).toBe(2);
    expect((await lexical('zorblax')).ids).toContain(post.id);
  });

  it('shares one read of the change log among searches that arrive together, each seeing what was committed before it', async () => {
    // Another process's postings (its own handle), loaded and current.
    const other = recordingDb(db);
    await caughtUp(other.db);
    const post = await insertPost({ title: 'Velmorin brastok at once', body: 'Velmorin brastok, asked ten times.' });
    await indexPendingPosts(db);
    other.statements.length = 0;
    const searches = await Promise.all(
      Array.from({ length: 10 }, () =>
        searchPosts(other.db, { q: 'velmorin brastok', limit: 10, mode: 'fts', now: NOW }, { embeddings: null }),
      ),
    );
    for (const result of searches) expect(result.items.map((item) => item.slug)).toContain(post.slug);
    const changeReads = other.statements.filter((text) => /from search_changes/.test(text)).length;
    // The first search's read, and at most one more queued behind it for the nine that arrived meanwhile.
    expect(changeReads).toBeGreaterThanOrEqual(1);
    expect(changeReads).toBeLessThanOrEqual(2);
  });

  it('reads a page in three statements: the terms, the change log, and the candidates with their bodies', async () => {
    const other = recordingDb(db);
    await caughtUp(other.db);
    other.statements.length = 0;
    const result = await searchPosts(
      other.db,
      { q: 'zorblax quintessa', limit: 10, mode: 'fts', now: NOW },
      { embeddings: null },
    );
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.items.every((item) => item.snippet !== null && item.whyMatched.length > 0)).toBe(true);
    expect(other.statements).toHaveLength(3);
    expect(other.statements.filter((text) => /body_text/.test(text))).toHaveLength(1);
  });

  it('finds a changed post under its new words and no longer under the words it lost', async () => {
    const post = await insertPost({ title: 'Quintessa prices', body: 'A quintessa note.' });
    await indexPendingPosts(db);
    expect((await lexical('quintessa')).ids).toContain(post.id);
    const before = await lexical('velmorin');
    expect(before.ids).not.toContain(post.id);

    await db.query(
      `update posts set title = 'Velmorin prices', body_text = 'A velmorin note.', search_indexed_at = null
        where id = $1`,
      [post.id],
    );
    expect(await indexPendingPosts(db)).toBe(1);
    const { slugs, totalCount } = await fts('velmorin');
    expect(postingsStatus(db)).toBe('loaded');
    expect(slugs).toContain(post.slug);
    expect(totalCount).toBe(before.matches + 1);
    expect((await lexical('velmorin')).ids).toContain(post.id);
    expect((await lexical('quintessa')).ids).not.toContain(post.id);
    expect((await fts('quintessa')).slugs).not.toContain(post.slug);
  });

  it('no longer finds a deleted post, nor counts it', async () => {
    const post = await insertPost({ title: 'Brastok harvest', body: 'The brastok crop.' });
    await indexPendingPosts(db);
    const before = await lexical('brastok harvest');
    expect(before.ids).toContain(post.id);
    const counted = (await fts('brastok harvest')).totalCount;

    await db.query('delete from posts where id = $1', [post.id]);
    const after = await lexical('brastok harvest');
    expect(after.ids).not.toContain(post.id);
    expect(after.matches).toBe(before.matches - 1);
    const { slugs, totalCount } = await fts('brastok harvest');
    expect(postingsStatus(db)).toBe('loaded');
    expect(slugs).not.toContain(post.slug);
    expect(totalCount).toBe(counted - 1);
  });

  it('moves a post between publications and time windows when they change', async () => {
    const post = await insertPost({ title: 'Velmorin quarterly', body: 'Velmorin again.', publishedAt: daysAgo(2) });
    await indexPendingPosts(db);
    const thisWeek = { range: windowOf(daysAgo(7), NOW) };
    const lastMonth = { range: windowOf(daysAgo(60), daysAgo(30)) };
    const inAlpha = { publications: [publications.alpha] };
    const inBeta = { publications: [publications.beta] };
    expect((await lexical('velmorin', thisWeek)).ids).toContain(post.id);
    expect((await lexical('velmorin', lastMonth)).ids).not.toContain(post.id);
    expect((await lexical('velmorin', inAlpha)).ids).toContain(post.id);
    const betaBefore = await lexical('velmorin', inBeta);
    expect(betaBefore.ids).not.toContain(post.id);
    const weekBefore = await lexical('velmorin', thisWeek);

    // Neither change touches the text: the post is not indexed again, only its row changes.
    await db.query('update posts set publication_id = $2, published_at = $3 where id = $1', [
      post.id,
      publications.beta,
      daysAgo(45),
    ]);
    const week = await lexical('velmorin', thisWeek);
    expect(week.ids).not.toContain(post.id);
    expect(week.matches).toBe(weekBefore.matches - 1);
    expect((await lexical('velmorin', lastMonth)).ids).toContain(post.id);
    expect((await lexical('velmorin', inAlpha)).ids).not.toContain(post.id);
    const beta = await lexical('velmorin', inBeta);
    expect(beta.ids).toContain(post.id);
    expect(beta.matches).toBe(betaBefore.matches + 1);
    expect((await lexical('velmorin', { ...lastMonth, ...inBeta })).ids).toEqual([post.id]);

    // Undated: in no window any more, still found without one.
    await db.query('update posts set published_at = null where id = $1', [post.id]);
    expect((await lexical('velmorin', lastMonth)).ids).not.toContain(post.id);
    expect((await lexical('velmorin')).ids).toContain(post.id);
  });
});

describe('searchWithPostings', () => {
  afterAll(() => searchWithPostings(db, true));

  it('turns the postings off, searches answering through SQL, and on again, caught up with what changed', async () => {
    searchWithPostings(db, false);
    expect(await livePostings(db)).toBeNull();
    expect(postingsStatus(db)).toBe('off');
    const post = await insertPost({ title: 'Zorblax while off', body: 'Zorblax zorblax.' });
    await indexPendingPosts(db);
    expect((await fts('zorblax')).slugs).toContain(post.slug);

    searchWithPostings(db, true);
    const postings = await loadedPostings();
    expect(postings.has(post.id)).toBe(true);
    expect((await lexical('zorblax')).ids).toContain(post.id);
  });
});

describe('a process that has not searched for a while', () => {
  afterAll(() => vi.useRealTimers());

  it('reads the change log it missed instead of loading again, until the log may have been pruned', async () => {
    const postings = await loadedPostings();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * 60 * 60 * 1000 });
    const post = await insertPost({ title: 'Quillwort after a quiet evening', body: 'Quillwort quillwort.' });
    await indexPendingPosts(db);
    // Three hours idle: the log (kept a day) covers the gap, so the same postings answer, with the new post.
    const later = await livePostings(db);
    expect(later).toBe(postings);
    expect(later!.has(post.id)).toBe(true);
    // A day idle: changes may be gone from the log, so the postings load again, the new post in them.
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000);
    const reloaded = await caughtUp();
    expect(reloaded).not.toBe(postings);
    expect(reloaded.has(post.id)).toBe(true);
  });
});

describe('a batch of changes larger than the postings apply before answering', () => {
  // More than INLINE_CHANGES (2,000, lib/search/postings/live-postings.ts) posts, dated in January.
  const BULK = 2_100;
  const january = windowOf(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-03T00:00:00Z'));
  const march = windowOf(new Date('2026-03-01T00:00:00Z'), new Date('2026-03-03T00:00:00Z'));

  async function sprocketCount(scope: CountScope, postings: PostingsIndex | null): Promise<number> {
    const { terms } = await resolveTerms(db, prepareQuery('sprocketry', NOW).terms);
    return countLexicalMatches(db, terms, scope, postings);
  }

  beforeAll(async () => {
    await loadedPostings();
    const [publication] = await db.query<{ id: string }>(
      `insert into publications (slug, title, site_url, source_kind) values ('bulk.example.com', 'Bulk Notes',
       'https://bulk.example.com', 'rss') returning id`,
    );
    await db.query(
      `insert into posts (publication_id, guid, slug, title, url, body_text, published_at)
       select $1, 'bulk-' || n, 'bulk-' || n, 'Sprocketry note ' || n, 'https://bulk.example.com/' || n,
              'Sprocketry widgets and gadgets, part ' || n, timestamptz '2026-01-01' + n * interval '1 minute'
         from generate_series(1, $2::int) as n`,
      [publication!.id, BULK],
    );
    expect(await indexPendingPosts(db)).toBe(BULK);
    // Indexing them was itself such a batch.
    await caughtUp();
  });

  it('answers from the postings as they are while it catches up, counting the posts left as pending', async () => {
    const postings = await loadedPostings();
    expect(await sprocketCount({ range: january, publications: null }, postings)).toBe(BULK);

    await db.query(`update posts set published_at = published_at + interval '59 days' where slug like 'bulk-%'`);
    const meanwhile = await livePostings(db);
    // The same postings, serving while the batch goes in: never the SQL fallback, never a post lost or counted twice.
    expect(meanwhile).toBe(postings);
    expect(postingsStatus(db)).toBe('loaded');
    expect(postingsCatchingUp(db)).toBeGreaterThan(0);
    expect(await pendingSearchPosts(db)).toBeGreaterThanOrEqual(postingsCatchingUp(db));
    // Each page of the batch goes in at once, between searches: one count over both months sees every post once.
    const january1ToMarch3 = windowOf(new Date('2026-01-01T00:00:00Z'), new Date('2026-03-03T00:00:00Z'));
    expect(await sprocketCount({ range: january1ToMarch3, publications: null }, meanwhile)).toBe(BULK);
    const { terms } = await resolveTerms(db, prepareQuery('sprocketry', NOW).terms);

    const after = await caughtUp();
    expect(postingsCatchingUp(db)).toBe(0);
    expect(await sprocketCount({ range: march, publications: null }, after)).toBe(BULK);
    expect(await sprocketCount({ range: january, publications: null }, after)).toBe(0);
    // Up to date, the postings rank as the SQL fallback does.
    const inMemory = await rankLexical(db, terms, { limit: 5, range: march, postings: after });
    const inSql = await rankLexical(db, terms, { limit: 5, range: march, postings: null });
    expect(inMemory.hits).toHaveLength(5);
    expect(inMemory.hits).toEqual(inSql.hits);
    expect(inMemory.candidates).toBe(BULK);
  });

  it('starts one catch-up when several searches ask at once, up to date once it ends', async () => {
    // A handle of its own (its own postings), which sees the statements the postings send.
    const { db: spied, statements } = recordingDb(db);
    // (On a PostgreSQL server whose other sessions hold back the snapshot horizon, its first read may be a catch-up.)
    await caughtUp(spied);

    await db.query(`update posts set published_at = published_at - interval '59 days' where slug like 'bulk-%'`);
    statements.length = 0;
    const answers = await Promise.all([livePostings(spied), livePostings(spied), livePostings(spied)]);
    // Each search answers from the postings it has; one of them started the catch-up.
    expect(answers.every((answer) => answer !== null && answer === answers[0])).toBe(true);
    const postings = await caughtUp(spied);
    // The changed posts were read once: 2,100 posts in pages of 2,000.
    const reads = statements.filter((text) => text.includes('where id = any($1::uuid[])'));
    expect(reads).toHaveLength(2);
    expect(await sprocketCount({ range: january, publications: null }, postings)).toBe(BULK);
    expect(await sprocketCount({ range: march, publications: null }, postings)).toBe(0);
  });
});

describe('a failed load', () => {
  it('answers through SQL and loads again at the next search, instead of failing every search after it', async () => {
    let failures = 1;
    const flaky: Db = {
      get kind() {
        return db.kind;
      },
      query: async (text, params) => {
        if (failures > 0 && text.includes('order by id limit')) {
          failures--;
          throw new Error('connection reset');
        }
        return db.query(text, params);
      },
      exec: (text) => db.exec(text),
      transaction: (fn) => db.transaction(fn),
      close: async () => {},
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(await livePostings(flaky)).toBeNull();
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/loading the postings failed.*connection reset/));
      const postings = await caughtUp(flaky);
      const [row] = await db.query<{ n: number }>(
        'select count(*)::int as n from posts where search_vector is not null',
      );
      expect(postings.size).toBe(row!.n);
    } finally {
      warn.mockRestore();
    }
  });
});
