/**
 * Issue 23 on a real database: whatever text a post or a query carries, PostgreSQL accepts the tsvector and the
 * tsquery search builds from it, and a search for a word of a post answers (PGlite by default, PostgreSQL when
 * DATABASE_URL is set).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { TopicSearchQuery, TopicSearchResponse } from '@/lib/api/contracts/search';
import { analyzeDocument } from '@/lib/search/analysis/document';
import { queryLexemeLadder } from '@/lib/search/analysis/lexemes';
import { tokenize, tokenKind } from '@/lib/search/analysis/tokens';
import { anyLexeme } from '@/lib/search/analysis/tsquery';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { resolveTerms } from '@/lib/search/lexical/resolve-terms';
import { normalizeForSearch } from '@/lib/search/query/normalize';
import { prepareQuery } from '@/lib/search/query/prepare';
import { searchPosts } from '@/lib/search/search-posts';
import { hostilePost, hostileText, LANGUAGES, language, longWord } from '@/tests/helpers/hostile-text';
import { suiteDatabase } from '@/tests/helpers/suite-database';

const NOW = new Date('2026-11-20T15:00:00Z');
const db = suiteDatabase();
let publicationId: string;
let posts = 0;

beforeAll(async () => {
  const [publication] = await db.query<{ id: string }>(
    `insert into publications (slug, title, site_url, source_kind)
     values ('hostile.example.com', 'Hostile ❤️ Letter', 'https://hostile.example.com', 'rss') returning id`,
  );
  publicationId = publication!.id;
});

interface Post {
  title: string;
  subtitle: string | null;
  body: string;
}

// A `text` value holds neither NUL nor a lone surrogate half: ingestion removes the one and replaces the other with
// U+FFFD (lib/posts), as the drivers do not all do.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const storable = (text: string) => text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');

/** The query parameter as a route receives it: decoded from UTF-8, so never with a lone surrogate half. */
const asReceived = (q: string) => new URLSearchParams(new URLSearchParams({ q }).toString()).get('q')!;

/** Stores and indexes a post as ingestion stores it. */
async function indexPost(post: Post, lang: string | null): Promise<string> {
  posts += 1;
  const [row] = await db.query<{ id: string }>(
    `insert into posts (publication_id, guid, slug, title, subtitle, url, body_text, language)
     values ($1, $2, $2, $3, $4, 'https://hostile.example.com/' || $2, $5, $6) returning id`,
    [
      publicationId,
      `p${posts}`,
      storable(post.title),
      post.subtitle === null ? null : storable(post.subtitle),
      storable(post.body),
      lang,
    ],
  );
  expect(await indexPendingPosts(db)).toBe(1);
  return row!.id;
}

/** The tsquery texts search builds from the query (lib/search/lexical/rank.ts): all terms, and the title phrase. */
async function queryTexts(q: string): Promise<string[]> {
  const { terms } = await resolveTerms(db, prepareQuery(q, NOW).terms);
  if (terms.length === 0) return [];
  return [terms.map((t) => `(${t.query})`).join(' & '), terms.map((t) => anyLexeme(t.lexemes, 'A')).join(' <-> ')];
}

describe('PostgreSQL accepts what search analysis builds', () => {
  it('parses the tsvector of any post, with the lexemes the analysis counted', async () => {
    await fc.assert(
      fc.asyncProperty(hostilePost, language, async (post, lang) => {
        const doc = analyzeDocument(post, lang);
        const [row] = await db.query<{ lexemes: number }>('select length($1::tsvector) as lexemes', [doc.vector]);
        expect(row!.lexemes).toBe(doc.weights.size);
      }),
      { numRuns: 200 },
    );
  });

  it('parses the tsquery of any query, for every rung of every term', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText(10), fc.subarray(LANGUAGES), async (q, extra) => {
        const texts = await queryTexts(q);
        for (const term of prepareQuery(q, NOW).terms) {
          for (const rung of queryLexemeLadder({ text: term, kind: tokenKind(term) }, ['en', ...extra])) {
            texts.push(anyLexeme(rung), anyLexeme(rung, 'A'));
          }
        }
        if (texts.length === 0) return;
        await db.query('select q::tsquery from unnest($1::text[]) as q', [texts]);
      }),
      { numRuns: 200 },
    );
  });

  it('parses the tsvector of a body of 30,000 distinct long words, which once passed 1 MB', async () => {
    const words = Array.from({ length: 30_000 }, (_, i) => longWord(i));
    const doc = analyzeDocument({ title: 'Long', subtitle: null, publication: 'Letter', body: words.join(' ') }, 'en');
    const [row] = await db.query<{ lexemes: number }>('select length($1::tsvector) as lexemes', [doc.vector]);
    expect(row!.lexemes).toBe(doc.weights.size);
    // Not every word made it: the document stopped at its budget.
    expect(row!.lexemes).toBeLessThan(2 * words.length);
  });
});

describe('search over hostile posts', () => {
  it('indexes the post with "❤️" that broke ingestion, and finds it', async () => {
    const id = await indexPost(
      { title: 'We ❤️ dividends', subtitle: '👨‍👩‍👧‍👦 1️⃣ 🇯🇵', body: 'Nestlé ❤️ yields 👍🏽 \uFE0F \u0301' },
      null,
    );
    const result = await searchPosts(db, { q: '❤️ dividends', limit: 10, mode: 'fts', now: NOW }, { embeddings: null });
    expect(TopicSearchResponse.parse(result).items.map((item) => item.slug)).toContain(`p${posts}`);
    const [row] = await db.query<{ vector: string }>('select search_vector::text as vector from posts where id = $1', [
      id,
    ]);
    expect(row!.vector).not.toContain("''");
  });

  it('answers a search for any word of any post, and the post holds every term of it', async () => {
    const answers = async (word: string) => {
      const q = asReceived(word);
      // The route's own validation: what it refuses is a 400, for the reasons the contract documents.
      const query = TopicSearchQuery.safeParse({ q });
      if (!query.success) {
        for (const issue of query.error.issues) {
          expect(issue.message, JSON.stringify(q)).toMatch(
            /^must (be at least 2 characters|not contain NUL characters)$/,
          );
        }
        return null;
      }
      for (const mode of ['fts', 'hybrid'] as const) {
        const result = await searchPosts(db, { q: query.data.q, limit: 10, mode, now: NOW }, { embeddings: null });
        // What the route serializes for its 200: jsonResponse parses it with the strict response schema.
        TopicSearchResponse.parse(result);
      }
      return query.data.q;
    };
    await fc.assert(
      fc.asyncProperty(hostilePost, fc.option(language, { nil: null }), fc.nat(), async (post, lang, pick) => {
        const id = await indexPost(post, lang);
        // A word as a reader copies it (between spaces), and a word as the analysis reads it.
        const chunks = `${post.title} ${post.body}`.split(/\s+/).filter(Boolean);
        if (chunks.length > 0) await answers(chunks[pick % chunks.length]!);
        const tokens = [post.title, post.body].flatMap((text) => tokenize(normalizeForSearch(storable(text))));
        if (tokens.length === 0) return;
        const q = await answers(tokens[pick % tokens.length]!.text);
        if (q === null) return;
        // Every term, anywhere in the post (the second text is the phrase of title words).
        const [all] = await queryTexts(q);
        if (all === undefined) return;
        const [row] = await db.query<{ matches: boolean }>(
          'select search_vector @@ $2::tsquery as matches from posts where id = $1',
          [id, all],
        );
        expect(row!.matches, `${JSON.stringify(q)}: ${all}`).toBe(true);
      }),
      { numRuns: 30 },
    );
  });
});
