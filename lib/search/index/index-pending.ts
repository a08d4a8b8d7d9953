import { readCapabilities } from '@/lib/db/capabilities';
import type { Db, Queryable } from '@/lib/db/types';
import { normalizeForSearch } from '@/lib/search/query/normalize';

interface PendingRow {
  [key: string]: unknown;
  id: string;
  title: string;
  subtitle: string | null;
  body_text: string;
  publication: string;
  previously_indexed: boolean;
}

// Weighted document: title A, subtitle B, publication name and author C, body D. The texts arrive normalized.
const UPDATE_SQL = `
  update posts p
     set search_vector = setweight(to_tsvector('english', r.title), 'A')
                      || setweight(to_tsvector('english', r.subtitle), 'B')
                      || setweight(to_tsvector('english', r.publication), 'C')
                      || setweight(to_tsvector('english', r.body), 'D'),
         search_indexed_at = now()
    from jsonb_to_recordset($1::text::jsonb) as r(id uuid, title text, subtitle text, publication text, body text)
   where p.id = r.id`;

// Document frequencies move by the lexemes a batch removes and adds, so re-indexing a changed post stays exact.
const LEXEMES_OF = `select lexeme, count(*)::int as n
                      from posts, unnest(tsvector_to_array(search_vector)) as lexeme
                     where id = any($1::uuid[]) and search_vector is not null
                     group by lexeme`;

const MAINTAIN_AFTER = 1000;
// Advisory lock key of the search indexer (any constant no other lock uses).
const SEARCH_INDEX_LOCK = 7_420_001;

/**
 * Builds the search document of every post waiting for it (new or changed: search_indexed_at is null), in batches,
 * keeping the BM25 statistics in step in the same transaction. Returns the number of posts indexed.
 */
export async function indexPendingPosts(db: Db, options: { batchSize?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  const vector = (await readCapabilities(db)).vector;
  let total = 0;
  for (;;) {
    const indexed = await db.transaction((tx) => indexBatch(tx, batchSize, vector));
    if (indexed === 0) {
      // After a bulk change PGlite (which has no autovacuum) needs what autovacuum would do: fresh statistics, or the
      // planner keeps estimating from an empty table and scans every match of a common word instead of walking the
      // newest posts; and a visibility map, or counting the posts of a time window reads every row instead of the
      // published_at index alone (40 ms instead of 1 ms at 100,000 posts). VACUUM must run outside a transaction.
      if (total >= MAINTAIN_AFTER) {
        await db.exec('vacuum (analyze) posts');
        await db.exec('analyze search_term_stats');
      }
      return total;
    }
    total += indexed;
  }
}

/**
 * One batch, in one transaction under one advisory lock: indexers in several processes (concurrent feed syncs) take
 * turns. Without it two batches update the shared lexeme counts in different orders and deadlock, and both could
 * pick the same pending post and count it twice. The pending posts are read after the lock is held.
 */
async function indexBatch(tx: Queryable, batchSize: number, vector: boolean): Promise<number> {
  await tx.query('select pg_advisory_xact_lock($1)', [SEARCH_INDEX_LOCK]);
  const rows = await tx.query<PendingRow>(
    `select p.id, p.title, p.subtitle, p.body_text,
            concat_ws(' ', pub.title, pub.author_name) as publication,
            p.search_vector is not null as previously_indexed
       from posts p join publications pub on pub.id = p.publication_id
      where p.search_indexed_at is null
      order by p.id
      limit $1`,
    [batchSize],
  );
  if (rows.length === 0) return 0;
  const documents = rows.map((row) => ({
    id: row.id,
    title: normalizeForSearch(row.title),
    subtitle: normalizeForSearch(row.subtitle ?? ''),
    publication: normalizeForSearch(row.publication),
    body: normalizeForSearch(row.body_text),
  }));
  const ids = rows.map((row) => row.id);
  const newlyIndexed = rows.filter((row) => !row.previously_indexed).length;
  // A changed post's embedding describes its old text: dropped here, it is computed again by embedPendingPosts.
  const changed = rows.filter((row) => row.previously_indexed).map((row) => row.id);
  if (vector && changed.length > 0) {
    await tx.query('delete from post_embeddings where post_id = any($1::uuid[])', [changed]);
  }
  await tx.query(
    `update search_term_stats s set doc_count = s.doc_count - old.n from (${LEXEMES_OF}) old where s.lexeme = old.lexeme`,
    [ids],
  );
  await tx.query(UPDATE_SQL, [JSON.stringify(documents)]);
  await tx.query(
    `insert into search_term_stats (lexeme, doc_count) ${LEXEMES_OF}
     on conflict (lexeme) do update set doc_count = search_term_stats.doc_count + excluded.doc_count`,
    [ids],
  );
  await tx.query('update search_corpus_stats set doc_count = doc_count + $1', [newlyIndexed]);
  return rows.length;
}
