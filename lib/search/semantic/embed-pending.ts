import { AiProviderError, BudgetExceededError } from '@/lib/ai/errors';
import { readCapabilities } from '@/lib/db/capabilities';
import type { Db } from '@/lib/db/types';
import { isolateFailures } from '@/lib/post-failures/isolate-failures';
import { clearPostFailures, recordPostFailure } from '@/lib/post-failures/record-failure';
import { type EmbeddablePost, embeddingText } from '@/lib/search/embeddings/document-text';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import { vectorSql } from './index-name';

export interface EmbedPendingOptions {
  batchSize?: number;
  /** Awaited after each batch with the number of vectors it stored: progress, or a pause between batches. */
  onBatch?: (embedded: number) => void | Promise<void>;
  /** Once aborted, no further batch starts. */
  signal?: AbortSignal;
}

/**
 * Embeds every post that has no vector for this model yet and keeps it (computed once), then makes sure the model's
 * HNSW index exists (built after the bulk insert, which is much faster than inserting into an index). Returns the
 * number of posts embedded; 0 without pgvector.
 */
export async function embedPendingPosts(
  db: Db,
  provider: EmbeddingProvider,
  options: EmbedPendingOptions = {},
): Promise<number> {
  if (!(await readCapabilities(db)).vector) return 0;
  const sql = vectorSql(provider);
  const batchSize = options.batchSize ?? 256;
  let total = 0;
  let afterId = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    // Stopped (the database is closing): what is left, and the HNSW index, are for the next run.
    if (options.signal?.aborted) return total;
    const rows = await db.query<PendingRow>(
      `select p.id, p.title, p.subtitle, p.body_text from posts p
        where p.id > $1
          and not exists (select 1 from post_embeddings e where e.post_id = p.id and e.model = ${sql.model})
          and not exists (select 1 from post_failures f
                           where f.post_id = p.id and f.stage = 'embed' and f.next_retry_at > now())
        order by p.id limit $2`,
      [afterId, batchSize],
    );
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1]!.id;
    let stored = 0;
    // A text the provider refuses is quarantined alone; a provider that is down or over budget fails the run instead
    // (every post would be quarantined for nothing), and the job retries it.
    await isolateFailures(
      rows,
      async (some) => {
        stored += await embedAndStore(db, provider, some);
      },
      (row, error) => recordPostFailure(db, { postId: row.id, stage: 'embed', error }),
      { signal: options.signal, isItemFault },
    );
    total += stored;
    await options.onBatch?.(stored);
  }
  // Statistics after a bulk insert (PGlite has no autovacuum): with an empty table's estimates the planner joins
  // a time window's posts to their embeddings by scanning every embedding.
  if (total >= 1000) await db.exec('analyze post_embeddings');
  await db.exec(
    `create index if not exists ${sql.indexName} on post_embeddings
       using hnsw ((${sql.column}) vector_cosine_ops) where model = ${sql.model}`,
  );
  return total;
}

interface PendingRow {
  [key: string]: unknown;
  id: string;
  title: string;
  subtitle: string | null;
  body_text: string;
}

/** Embeds the posts and stores their vectors; returns how many were stored. */
async function embedAndStore(db: Db, provider: EmbeddingProvider, rows: readonly PendingRow[]): Promise<number> {
  const sql = vectorSql(provider);
  const text = (post: EmbeddablePost) => provider.documentText?.(post) ?? embeddingText(post);
  const vectors = await provider.embed(rows.map((row) => text({ ...row, bodyText: row.body_text })));
  // A text with no known word has a zero vector, which has no direction to compare; it is not stored.
  const records = rows
    .map((row, i) => ({ post_id: row.id, embedding: JSON.stringify(vectors[i]) }))
    .filter((_, i) => vectors[i]!.some((value) => value !== 0));
  if (records.length > 0) {
    await db.query(
      `insert into post_embeddings (post_id, model, embedding)
       select r.post_id, ${sql.model}, r.embedding::vector
         from jsonb_to_recordset($1::text::jsonb) as r(post_id uuid, embedding text)
       on conflict (post_id, model) do nothing`,
      [JSON.stringify(records)],
    );
  }
  await clearPostFailures(
    db,
    'embed',
    rows.map((row) => row.id),
  );
  return records.length;
}

/** Whether the failure belongs to the posts embedded (and not to the provider being down or out of budget). */
function isItemFault(error: unknown): boolean {
  if (error instanceof BudgetExceededError) return false;
  if (error instanceof AiProviderError) return error.status !== null && error.status !== 429 && error.status < 500;
  return true;
}
