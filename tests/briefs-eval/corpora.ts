/**
 * The two databases the briefs eval asks its questions of, each an in-memory PGlite migrated, filled and indexed for
 * search as the service does it (indexForSearch: lexical documents, and vectors when an embedder is given): the demo
 * corpus of the search eval, and the real-text corpus. Two databases rather than one, because a real-text question
 * judged by reading the real posts must not be answered by a demo post nobody judged for it.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { composeBrief } from '@/lib/briefs/compose';
import { LEAD_MEANING } from '@/lib/briefs/lead-meaning';
import type { BriefGenerator } from '@/lib/briefs/types';
import { migrate, readMigrations } from '@/lib/db/migrate';
import { openPglite } from '@/lib/db/pglite';
import type { Db } from '@/lib/db/types';
import { seedDemoCorpus } from '@/lib/demo/load';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import { indexForSearch } from '@/lib/search/index/index-for-search';
import { embedPendingPosts } from '@/lib/search/semantic/embed-pending';
import { type EvalPost, judgeAt } from '@/tests/search-eval/judge';
import { EVAL_NOW, EVAL_POSTS, EVAL_SEED, loadEvalPosts } from '@/tests/search-eval/judged-queries';
import type { Judgments } from '@/tests/search-eval/metrics';
import type { BriefCorpus, JudgedQuestion } from './question-types';
import { storeRealCorpus } from './real-corpus-db';
import type { BriefFn, PostTextFn } from './run';

/** The clock of every brief: the demo corpus's (its time windows are judged at it); the real posts are older. */
export const BRIEFS_EVAL_NOW = EVAL_NOW;

export interface EvalCorpus {
  corpus: BriefCorpus;
  db: Db;
  judge(question: JudgedQuestion): Judgments;
  postText: PostTextFn;
  brief(generator: BriefGenerator): BriefFn;
}

export async function openEvalCorpus(
  corpus: BriefCorpus,
  embeddings: EmbeddingProvider | null,
  log: (line: string) => void,
  options: { leadMeanings: boolean; dataDir?: string | null } = { leadMeanings: true },
): Promise<EvalCorpus> {
  const cache = options.dataDir ? cachedDir(options.dataDir, corpus, embeddings, options.leadMeanings) : null;
  const reuse = cache?.ready() ?? false;
  if (cache && !reuse) rmSync(cache.dir, { recursive: true, force: true });
  const db = await openPglite(cache?.dir ?? null);
  if (cache && reuse) log(`${corpus} corpus: reusing ${cache.dir}`);
  else await migrate(db);
  let judge: EvalCorpus['judge'];
  if (corpus === 'demo') {
    if (!reuse) await seedDemoCorpus(db, { seed: EVAL_SEED, posts: EVAL_POSTS, now: EVAL_NOW });
    const posts = loadEvalPosts();
    judge = (question) => judgeDemo(question, posts);
  } else {
    const keyOf = reuse ? await realKeys(db) : (await storeRealCorpus(db)).keyOf;
    judge = (question) => {
      if (question.corpus !== 'real') throw new Error(`${question.id} is not a real-text question`);
      return new Map(
        Object.entries(question.relevant).map(([id, grade]) => {
          const key = keyOf.get(id);
          if (!key) throw new Error(`${question.id}: no real-text post ${id}`);
          return [key, grade];
        }),
      );
    };
  }
  if (!reuse) {
    await indexForSearch(db, embeddings, log);
    // The briefs' own index, as the service builds it in the background (lib/briefs/lead-meaning.ts).
    if (options.leadMeanings) {
      const started = performance.now();
      const embedded = await embedPendingPosts(db, LEAD_MEANING);
      log(`lead meanings: ${embedded} posts embedded in ${Math.round(performance.now() - started)} ms`);
    }
    cache?.markReady();
  }
  return {
    corpus,
    db,
    judge,
    postText: async (key) => {
      const slash = key.indexOf('/');
      const rows = await db.query<{ title: string; body_text: string }>(
        `select p.title, p.body_text from posts p join publications pub on pub.id = p.publication_id
          where pub.slug = $1 and p.slug = $2`,
        [key.slice(0, slash), key.slice(slash + 1)],
      );
      return rows[0] ? [rows[0].title, rows[0].body_text] : null;
    },
    brief: (generator) => (question) =>
      composeBrief(db, { question: question.question, window: question.window }, generator, {
        now: BRIEFS_EVAL_NOW,
        embeddings,
      }),
  };
}

/**
 * An eval database kept on disk (BRIEFS_EVAL_DATA_DIR) to skip the minutes of filling and indexing on the next run: one
 * directory per corpus, ranking and lead index, reused while its stamp (the migrations and what was indexed) matches,
 * rebuilt otherwise. A change to how posts are stored or indexed that the stamp does not see needs the directory
 * deleted by hand.
 */
function cachedDir(base: string, corpus: BriefCorpus, embeddings: EmbeddingProvider | null, lead: boolean) {
  const dir = path.resolve(base, `${corpus}-${embeddings?.id ?? 'fts'}-${lead ? LEAD_MEANING.id : 'no-lead'}`);
  const stampFile = path.join(dir, 'eval-ready.json');
  const stamp = JSON.stringify({
    migrations: readMigrations().map((m) => `${m.version}_${m.name}`),
    corpus,
    embeddings: embeddings?.id ?? null,
    lead: lead ? LEAD_MEANING.id : null,
  });
  return {
    dir,
    ready: () => existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp,
    markReady: () => writeFileSync(stampFile, stamp),
  };
}

/** The result key of each real-text fixture id, from a database storeRealCorpus filled. */
async function realKeys(db: Db): Promise<Map<string, string>> {
  const rows = await db.query<{ guid: string; publication_slug: string; slug: string }>(
    `select p.guid, pu.slug as publication_slug, p.slug
       from posts p join publications pu on pu.id = p.publication_id where pu.slug like '%.real-text.example'`,
  );
  return new Map(rows.map((r) => [r.guid, `${r.publication_slug}/${r.slug}`]));
}

function judgeDemo(question: JudgedQuestion, posts: readonly EvalPost[]): Judgments {
  if (question.corpus !== 'demo') throw new Error(`${question.id} is not a demo question`);
  const query = {
    id: question.id,
    q: question.question,
    category: 'question' as const,
    facets: question.facets,
    match: question.match,
    window: question.within,
  };
  return judgeAt(query, posts, EVAL_NOW);
}
