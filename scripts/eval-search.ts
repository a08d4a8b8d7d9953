/**
 * `npm run eval:search`: relevance and latency of topic search on the judged demo query set.
 *
 * Seeds an in-memory PGlite with the deterministic demo corpus (seed 20261122, 1,500 posts, now 2026-11-20T15:00Z),
 * indexes it (lexical documents, and vectors from the local embedding provider), runs every judged query with limit
 * 10 in each mode, and prints per category and overall nDCG@10, recall@10 and MRR, the off-topic behaviour, and
 * p50/p95 in-process latency per mode. Judgments come from the generator's ground truth (tests/search-eval/judge.ts).
 * Figures are printed, never asserted.
 *
 *   --json          one JSON object instead of tables
 *   --dry-run       no database: print how many relevant posts each query has, and the judgment warnings
 *   --per-query     also list every query's figures, worst first
 *   --modes=a,b     a subset of fts,semantic,hybrid,bm25 (bm25: the reference, MiniSearch's BM25 over the same posts)
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '@/lib/db/types';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import {
  countJudgments,
  EVAL_LIMIT,
  EVAL_NOW,
  EVAL_POSTS,
  EVAL_SEED,
  JUDGED_QUERIES,
  judge,
  judgmentWarnings,
  loadEvalPosts,
} from '@/tests/search-eval/judged-queries';
import { referenceBm25 } from '@/tests/search-eval/reference-bm25';
import { formatJudgmentCounts, formatQueryRuns, formatSummaries } from '@/tests/search-eval/report';
import { MODES, type QueryRun, runMode, type SearchFn, type SearchMode, summarize } from '@/tests/search-eval/run';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const modes = parseModes(args.find((a) => a.startsWith('--modes='))?.slice('--modes='.length));
const config = {
  seed: EVAL_SEED,
  posts: EVAL_POSTS,
  now: EVAL_NOW.toISOString(),
  limit: EVAL_LIMIT,
  queries: JUDGED_QUERIES.length,
};

function parseModes(value: string | undefined): SearchMode[] {
  if (!value) return [...MODES];
  const picked = value.split(',').map((m) => m.trim());
  const bad = picked.filter((m) => !(MODES as readonly string[]).includes(m));
  if (bad.length > 0) throw new Error(`unknown mode(s) ${bad.join(', ')}; use ${MODES.join(',')}`);
  return picked as SearchMode[];
}

const posts = loadEvalPosts();
const counts = countJudgments(posts);
const warnings = judgmentWarnings(counts);

if (args.includes('--dry-run')) {
  if (asJson) {
    const perQuery = counts.map(({ query, grade1, grade2 }) => ({
      id: query.id,
      category: query.category,
      q: query.q,
      grade2,
      grade1,
    }));
    console.log(JSON.stringify({ config, perQuery, warnings }, null, 2));
  } else {
    console.log(formatJudgmentCounts(counts));
    console.log(
      warnings.length > 0
        ? `\nWARNINGS:\n  ${warnings.join('\n  ')}`
        : `\nno warnings: every on-topic query has at least 3 relevant posts`,
    );
  }
  process.exit(warnings.length > 0 ? 1 : 0);
}
// Judgments that fail their own checks would make the figures meaningless: say so, but still run.
if (warnings.length > 0) console.error(`judgment warnings:\n  ${warnings.join('\n  ')}`);

// Imported here rather than at the top so --dry-run works before the search modules exist.
const { openPglite } = await import('@/lib/db/pglite');
const { migrate } = await import('@/lib/db/migrate');
const { seedDemoCorpus } = await import('@/lib/demo/load');
// indexForSearch = indexPendingPosts (lexical documents) + embedPendingPosts (vectors with the given provider): the
// same preparation the service runs at start-up. indexPendingPosts alone takes no provider and embeds nothing.
const { indexForSearch } = await import('@/lib/search/index/index-for-search');
const { searchPosts } = await import('@/lib/search/search-posts');
const { selectEmbeddingProvider } = await import('@/lib/search/embeddings/select');

const log = (line: string) => {
  if (!asJson) console.error(line);
};

const setupStarted = performance.now();
const db = await openPglite(null);
try {
  await migrate(db);
  await seedDemoCorpus(db, { seed: EVAL_SEED, posts: EVAL_POSTS, now: EVAL_NOW });
  log(`seeded ${EVAL_POSTS} posts in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);
  const embeddings = await selectEmbeddingProvider({ provider: 'local' });
  await indexForSearch(db, embeddings, log);

  const reference = referenceBm25(await referenceDocs(db), EVAL_LIMIT);
  const search: SearchFn = async (q, mode) =>
    mode === 'bm25'
      ? reference(q, EVAL_NOW)
      : searchPosts(db, { q, limit: EVAL_LIMIT, mode, now: EVAL_NOW }, { embeddings });
  const runs = new Map<SearchMode, QueryRun[]>();
  for (const mode of modes) {
    log(`running ${JUDGED_QUERIES.length} queries in mode ${mode} ...`);
    runs.set(
      mode,
      await runMode(search, mode, {
        queries: JUDGED_QUERIES,
        posts,
        judge: (query) => judge(query, posts),
        now: EVAL_NOW,
        k: EVAL_LIMIT,
      }),
    );
  }
  const summaries = modes.map((mode) => summarize(mode, runs.get(mode)!));

  if (asJson) {
    const perQuery = Object.fromEntries(modes.map((mode) => [mode, runs.get(mode)!]));
    console.log(
      JSON.stringify(
        { config, warnings, modes: Object.fromEntries(summaries.map((s) => [s.mode, s])), perQuery },
        null,
        2,
      ),
    );
  } else {
    console.log(
      `search eval: ${JUDGED_QUERIES.length} queries, seed ${EVAL_SEED}, ${EVAL_POSTS} posts, now ${EVAL_NOW.toISOString()}, limit ${EVAL_LIMIT}\n`,
    );
    console.log(formatSummaries(summaries));
    if (args.includes('--per-query')) for (const mode of modes) console.log(formatQueryRuns(mode, runs.get(mode)!));
  }
  await runKnownItems(db, search);
  await runNewsletters(db, embeddings);
} finally {
  await db.close();
}

/** Every demo post searched by its exact title, in each mode. */
async function runKnownItems(db: Db, search: SearchFn) {
  const { knownItemTitles, evaluateKnownItems } = await import('@/tests/search-eval/known-items');
  const titles = await knownItemTitles(db);
  const figures = [];
  for (const mode of modes) {
    log(`searching ${titles.length} exact titles in mode ${mode} ...`);
    figures.push(await evaluateKnownItems(mode, (q) => search(q, mode), titles, EVAL_LIMIT));
  }
  if (asJson) {
    console.log(JSON.stringify({ knownItems: figures }, null, 2));
    return;
  }
  console.log(`\nknown items: each demo post's exact title as the query (${titles.length} distinct titles)`);
  for (const f of figures) {
    console.log(
      `${f.mode.padEnd(9)} unique titles (${f.unique.queries}): MRR@10 ${f.unique.mrr.toFixed(3)}, in top 10 ${(100 * f.unique.found).toFixed(1)}%   all titles: MRR@10 ${f.mrr.toFixed(3)}, in top 10 ${(100 * f.found).toFixed(1)}%`,
    );
    if (args.includes('--per-query') && f.misses.length > 0) console.log(`  not first: ${f.misses.join('; ')}`);
  }
}

/**
 * The hand-judged newsletters (tests/search-eval/newsletters), run after the demo set on the same database: ingested
 * through the feed sync among the 1,500 demo posts (so a known item has to beat them all), then every judged query in
 * every mode, the reference (over the same, now larger, corpus) included.
 */
async function runNewsletters(db: Db, embeddings: EmbeddingProvider | null) {
  const { ingestNewsletters, evaluateNewsletters } = await import('@/tests/search-eval/newsletters/evaluate');
  const { NEWSLETTER_NOW, NEWSLETTER_QUERIES } = await import('@/tests/search-eval/newsletters/judged');
  const { keyOf } = await ingestNewsletters(db);
  await indexForSearch(db, embeddings, log);
  const reference = referenceBm25(await referenceDocs(db), EVAL_LIMIT);
  const figures = [];
  for (const mode of modes) {
    const search = async (q: string) =>
      mode === 'bm25'
        ? reference(q, NEWSLETTER_NOW)
        : searchPosts(db, { q, limit: EVAL_LIMIT, mode, now: NEWSLETTER_NOW }, { embeddings });
    figures.push(await evaluateNewsletters(mode, search, keyOf, EVAL_LIMIT));
  }
  if (asJson) {
    console.log(JSON.stringify({ newsletters: { queries: NEWSLETTER_QUERIES.length, figures } }, null, 2));
    return;
  }
  console.log(
    `\nhand-judged newsletters: ${keyOf.size} posts ingested through the feed sync among the demo posts, ${NEWSLETTER_QUERIES.length} queries, now ${NEWSLETTER_NOW.toISOString()}`,
  );
  const categories = Object.keys(figures[0]?.categories ?? {});
  console.log(`${'mode'.padEnd(9)}${[...categories, 'OVERALL'].map((c) => c.padStart(10)).join('')}   (nDCG@10)`);
  for (const f of figures) {
    const cells = [...categories.map((c) => f.categories[c]!.ndcg), f.overall.ndcg].map((v) =>
      v.toFixed(3).padStart(10),
    );
    console.log(
      `${f.mode.padEnd(9)}${cells.join('')}   MRR ${f.overall.mrr.toFixed(3)}, recall@10 ${f.overall.recall.toFixed(3)}`,
    );
    if (args.includes('--per-query') && f.misses.length > 0) console.log(`  not in the top 10: ${f.misses.join('; ')}`);
  }
}

/** Every stored post as the reference ranking reads it. */
async function referenceDocs(db: Db) {
  const rows = await db.query<{
    publication_slug: string;
    slug: string;
    title: string;
    subtitle: string | null;
    body_text: string;
    published_at: Date | null;
  }>(
    `select pu.slug as publication_slug, p.slug, p.title, p.subtitle, p.body_text, p.published_at
       from posts p join publications pu on pu.id = p.publication_id`,
  );
  return rows.map((d) => ({
    publicationSlug: d.publication_slug,
    slug: d.slug,
    title: d.title,
    subtitle: d.subtitle,
    body: d.body_text,
    publishedAt: d.published_at,
  }));
}
