import { readCapabilities } from '@/lib/db/capabilities';
import { makeWay } from '@/lib/db/make-way';
import type { Db, Queryable } from '@/lib/db/types';
import { isDataFault, PostAnalysisError } from '@/lib/post-failures/is-item-fault';
import { isolateFailures } from '@/lib/post-failures/isolate-failures';
import { clearPostFailures, recordPostFailure } from '@/lib/post-failures/record-failure';
import { type AnalyzedDocument, analyzeDocument } from '@/lib/search/analysis/document';
import { analysisLanguage } from '@/lib/search/analysis/stemmers';
import { PRUNE_CHANGES_SQL } from '@/lib/search/postings/live-postings';
import { recordTickerMentions } from '@/lib/tickers/record-mentions';

interface PendingRow {
  [key: string]: unknown;
  id: string;
  title: string;
  subtitle: string | null;
  body_text: string;
  publication: string;
  language: string | null;
  previously_indexed: boolean;
}

// Document frequencies move by the lexemes a batch removes and adds, so re-indexing a changed post stays exact.
const OLD_LEXEMES = `select lexeme, count(*)::int as n
                       from posts, unnest(tsvector_to_array(search_vector)) as lexeme
                      where id = any($1::uuid[]) and search_vector is not null
                      group by lexeme`;

// The next pending posts in id order after $2, at most $1; a post quarantined at the index stage waits for its retry.
const PENDING_IDS = `select id from posts
                      where search_indexed_at is null and id > $2::uuid
                        and not exists (select 1 from post_failures f
                                         where f.post_id = posts.id and f.stage = 'index' and f.next_retry_at > now())
                      order by id limit $1`;
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

const MAINTAIN_AFTER = 1000;
// Posts per batch, each one transaction. PGlite's one connection is held for a whole batch (seconds for thousands of
// posts; `npm run bench`, docs/benchmarks.md), so there a batch stays short enough for searches to get their turn
// between batches at little cost in all.
const DEFAULT_BATCH = { pglite: 500, postgres: 5000 } as const;
// Posts analysed per statement that stores their vectors.
const ANALYSIS_CHUNK = 500;
// Advisory lock key of the search indexer (any constant no other lock uses).
const SEARCH_INDEX_LOCK = 7_420_001;

export interface IndexPendingOptions {
  /** Posts per batch (one transaction each). */
  batchSize?: number;
  /** Awaited after each committed batch with the number it indexed: progress, or a pause between batches. */
  onBatch?: (indexed: number) => void | Promise<void>;
  /** Once aborted, no further batch starts; the posts not reached stay pending. */
  signal?: AbortSignal;
}

/**
 * Builds the search document of every post waiting for it (new or changed: search_indexed_at is null), in batches,
 * keeping the ranking statistics (document counts) in step in the same transaction. A post that cannot be indexed
 * never fails the batch, the caller or the posts after it: it is quarantined (post_failures, stage index) and tried
 * again after its backoff. Returns the number of posts indexed.
 */
export async function indexPendingPosts(db: Db, options: IndexPendingOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH[db.kind];
  const vector = (await readCapabilities(db)).vector;
  let total = 0;
  // Batches go up the ids from where the last one stopped: the posts behind it are indexed, and their dead entries in
  // the pending index would otherwise be stepped over again by every batch (in a large corpus, seconds per batch).
  // Posts added behind it meanwhile are found by one more pass from the start.
  let after: string | null = null;
  for (;;) {
    if (options.signal?.aborted) return total;
    const from: string | null = after;
    const range: { batchSize: number; after: string | null } = { batchSize, after: from };
    const batch: BatchResult | null = await db
      .transaction((tx) => indexBatch(tx, range, vector, db.kind === 'postgres'))
      .catch(async (error: unknown): Promise<BatchResult | null> => {
        if (options.signal?.aborted) throw error;
        // A post whose text the analysis fails on is known by name: quarantined, and the batch runs again without it.
        if (error instanceof PostAnalysisError) {
          await recordPostFailure(db, { postId: error.postId, stage: 'index', error: error.cause });
          return null;
        }
        // The database refused a post's data: it is found and quarantined, and the rest of the batch goes in. Any
        // other failure (the connection, the server) is no post's fault and fails the run, leaving the posts pending.
        if (!isDataFault(error)) throw error;
        return indexIsolatingFailures(db, range, vector, options.signal);
      });
    if (batch === null) continue;
    if (batch.found === 0 && from !== null) {
      after = null;
      continue;
    }
    after = batch.lastId;
    if (batch.found === 0) {
      // The postings' change log keeps a day (lib/search/postings/live-postings.ts).
      await db.exec(PRUNE_CHANGES_SQL);
      // After a bulk change PGlite (which has no autovacuum) needs what autovacuum would do: fresh statistics, or the
      // planner keeps estimating from an empty table; and a visibility map, or counting the posts of a time window
      // reads every row instead of the published_at index alone. VACUUM must run outside a transaction.
      if (total >= MAINTAIN_AFTER) {
        await db.exec('vacuum (analyze) posts');
        await db.exec('analyze search_term_stats');
      }
      // The tickers each post just indexed names, read from the same text (GET /api/v1/tickers/{ticker} counts
      // them); posts indexed before the recorder existed are read by indexForSearch at start-up.
      if (total > 0) await recordTickerMentions(db, { signal: options.signal });
      return total;
    }
    total += batch.indexed;
    // A caller with its own pacing (the background run) makes way itself; anyone else lets requests go first here.
    if (options.onBatch) await options.onBatch(batch.indexed);
    else await makeWay(db);
  }
}

/**
 * The batch again, halved until each post that fails stands alone (lib/post-failures/isolate-failures.ts): those are
 * quarantined at the index stage with their error and retried later with backoff; every other post is indexed.
 */
async function indexIsolatingFailures(
  db: Db,
  range: { batchSize: number; after: string | null },
  vector: boolean,
  signal: AbortSignal | undefined,
): Promise<BatchResult> {
  const ids = (await db.query<{ id: string }>(PENDING_IDS, [range.batchSize, range.after ?? FIRST_ID])).map(
    (r) => r.id,
  );
  let indexed = 0;
  await isolateFailures(
    ids,
    async (some) => {
      const batch = await db.transaction((tx) => indexBatch(tx, { ids: some }, vector, db.kind === 'postgres'));
      indexed += batch.indexed;
    },
    (postId, error) =>
      recordPostFailure(db, {
        postId,
        stage: 'index',
        error: error instanceof PostAnalysisError ? error.cause : error,
      }),
    { signal, isItemFault: (error) => error instanceof PostAnalysisError || isDataFault(error) },
  );
  return { found: ids.length, indexed, lastId: ids.at(-1) ?? null };
}

interface BatchResult {
  /** Pending posts the batch took up (indexed, or quarantined when it failed). */
  found: number;
  indexed: number;
  /** The highest id indexed; null when none was. */
  lastId: string | null;
}

/**
 * One batch, in one transaction under one advisory lock: indexers in several processes (concurrent feed syncs) take
 * turns. Without it two batches update the shared lexeme counts in different orders and deadlock, and both could
 * pick the same pending post and count it twice. The pending posts are read after the lock is held.
 */
async function indexBatch(
  tx: Queryable,
  range: { batchSize: number; after: string | null } | { ids: readonly string[] },
  vector: boolean,
  overlap: boolean,
): Promise<BatchResult> {
  await tx.query('select pg_advisory_xact_lock($1)', [SEARCH_INDEX_LOCK]);
  const rows = await tx.query<PendingRow>(
    // The batch's ids first, walking the pending index in order: joined directly, the planner (its statistics taken
    // before a bulk change) reads every pending row and sorts them to keep the first few thousand.
    `with pending as materialized (${'ids' in range ? 'select unnest($1::uuid[]) as id' : PENDING_IDS})
     select p.id, p.title, p.subtitle, p.body_text,
            concat_ws(' ', pub.title, pub.author_name) as publication,
            coalesce(p.language, pub.language) as language,
            p.search_vector is not null as previously_indexed
       from pending join posts p on p.id = pending.id join publications pub on pub.id = p.publication_id
      where p.search_indexed_at is null
      order by p.id`,
    'ids' in range ? [range.ids] : [range.batchSize, range.after ?? FIRST_ID],
  );
  if (rows.length === 0) return { found: 0, indexed: 0, lastId: null };
  const ids = rows.map((row) => row.id);
  const languages = rows.map((row) => analysisLanguage(row.language));
  const previouslyIndexed = rows.filter((row) => row.previously_indexed).map((row) => row.id);
  if (previouslyIndexed.length > 0) await forgetOldDocuments(tx, previouslyIndexed, vector);

  // Each chunk's vectors are stored while the next chunk is analysed: on PostgreSQL the server parses and indexes
  // one while this process analyses the other (PGlite runs in this thread, so there each waits for the last).
  const documents: AnalyzedDocument[] = [];
  const stored: Promise<unknown>[] = [];
  for (let start = 0; start < rows.length; start += ANALYSIS_CHUNK) {
    const chunk = rows.slice(start, start + ANALYSIS_CHUNK);
    const analyzed = chunk.map((row, i) => {
      try {
        return analyzeDocument(
          { title: row.title, subtitle: row.subtitle, publication: row.publication, body: row.body_text },
          languages[start + i]!,
        );
      } catch (error) {
        throw new PostAnalysisError(row.id, error);
      }
    });
    documents.push(...analyzed);
    const storing = tx.query(
      `update posts p set search_vector = r.vector::tsvector, search_indexed_at = now()
         from unnest($1::uuid[], $2::text[]) as r (id, vector)
        where p.id = r.id`,
      [chunk.map((row) => row.id), analyzed.map((d) => d.vector)],
    );
    if (!overlap) await storing;
    // Handled here so a failure while the next chunk is analysed is not reported as unhandled; Promise.all below
    // still rejects with it.
    storing.catch(() => {});
    stored.push(storing);
    // A turn of the event loop, in which the driver sends the statement.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(stored);
  const docCounts = new Map<string, number>();
  for (const document of documents) {
    for (const lexeme of document.weights.keys()) docCounts.set(lexeme, (docCounts.get(lexeme) ?? 0) + 1);
  }
  await tx.query(
    `insert into search_term_stats (lexeme, doc_count)
     select * from unnest($1::text[], $2::int[])
     on conflict (lexeme) do update set doc_count = search_term_stats.doc_count + excluded.doc_count`,
    [[...docCounts.keys()], [...docCounts.values()]],
  );
  await tx.query('update search_corpus_stats set doc_count = doc_count + $1', [rows.length - previouslyIndexed.length]);
  const newLanguages = languages.filter((_, i) => !rows[i]!.previously_indexed);
  if (newLanguages.length > 0) {
    await tx.query(
      `insert into search_languages (language, doc_count)
       select language, count(*) from unnest($1::text[]) as l (language) group by language
       on conflict (language) do update set doc_count = search_languages.doc_count + excluded.doc_count`,
      [newLanguages],
    );
  }
  await clearPostFailures(tx, 'index', ids);
  return { found: rows.length, indexed: rows.length, lastId: rows.at(-1)!.id };
}

/** A changed post's old document leaves the counts; its embedding, of the old text, goes. */
async function forgetOldDocuments(tx: Queryable, ids: string[], vector: boolean) {
  if (vector) await tx.query('delete from post_embeddings where post_id = any($1::uuid[])', [ids]);
  const old = await tx.query<{ lexeme: string; n: number }>(OLD_LEXEMES, [ids]);
  const lexemes = old.map((row) => row.lexeme);
  await tx.query(
    `update search_term_stats s set doc_count = s.doc_count - a.n
       from unnest($1::text[], $2::int[]) as a (lexeme, n) where s.lexeme = a.lexeme`,
    [lexemes, old.map((row) => row.n)],
  );
}
