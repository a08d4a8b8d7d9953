import { sql } from 'kysely';
import { contentHash } from '@/lib/ai/content-hash';
import { makeWay } from '@/lib/db/make-way';
import type { PostsTable } from '@/lib/db/schema';
import { type TableRow, typed } from '@/lib/db/typed';
import type { Db, Queryable } from '@/lib/db/types';
import { detectLanguage } from '@/lib/ingest/language/detect-language';
import { describeError } from '@/lib/post-failures/describe-error';
import { isDataFault } from '@/lib/post-failures/is-item-fault';
import { isolateFailures } from '@/lib/post-failures/isolate-failures';
import type { PostDraft, RefusedItem } from './post-draft';
import { postSlugBase, uniquePostSlug } from './post-slug';
import { storableDraft } from './storable-draft';

export interface StoredPostRef {
  id: string;
  slug: string;
  /**
   * The text changed (or the post is new): its summary and picks are to be generated. Also true when only whether the
   * text is a teaser changed: its summary is generated again (it says so in its first line).
   */
  textChanged: boolean;
}

export interface UpsertReport {
  added: StoredPostRef[];
  updated: StoredPostRef[];
  unchanged: number;
  /** Drafts the database refused even as storable text (each tried alone); the others are stored. */
  refused: RefusedItem[];
}

// The columns a draft writes, in the order of values().
const COLUMNS = [
  'title',
  'subtitle',
  'description',
  'url',
  'author',
  'image_url',
  'audio_url',
  'content_html',
  'body_text',
  'content_hash',
  'text_source',
  'language',
  'published_at',
  'raw_key',
  'raw_content_type',
  'teaser',
  'page_outcome',
  'page_checked_at',
  'page_feed_hash',
] as const satisfies readonly (keyof PostsTable)[];

// Columns that are not text, as unnest's arrays are cast.
const COLUMN_TYPES: Partial<Record<(typeof COLUMNS)[number], string>> = {
  published_at: 'timestamptz',
  teaser: 'boolean',
  page_checked_at: 'timestamptz',
};

/** What a stored post is compared on to tell whether a draft changes it: its identity and what a draft writes. */
const EXISTING_COLUMNS = ['id', 'guid', 'slug', ...COLUMNS] as const;

type ExistingRow = Pick<TableRow<'posts'>, (typeof EXISTING_COLUMNS)[number]>;

/**
 * Stores a source's posts by guid, a few hundred per transaction: a new guid is inserted with a slug unique in the publication;
 * a known guid keeps its slug forever (paid URLs stay valid) and is updated only when something changed. A changed
 * title or text is re-indexed for search (its embedding is dropped by the indexer), and a changed text drops its
 * summary and picks so they are generated again from the new text. Nothing changes for an identical re-sync.
 */
export async function upsertPosts(db: Db, publicationId: string, sourceDrafts: PostDraft[]): Promise<UpsertReport> {
  const report: UpsertReport = { added: [], updated: [], unchanged: 0, refused: [] };
  if (sourceDrafts.length === 0) return report;
  // The language as the source states it, else detected from the text, so non-English posts are labelled.
  const drafts = sourceDrafts.map(storableDraft).map((draft) => ({
    ...draft,
    language: draft.language ?? detectLanguage(draft.bodyText),
  }));
  // Stored a chunk per transaction: PGlite has one connection, which a transaction holds, so a 10,000-item feed in one
  // transaction kept every search waiting for 16 s. One draft the database still refuses must not cost the others:
  // on a failure the chunk is stored in halves until the draft at fault stands alone and is refused with its reason.
  for (let start = 0; start < drafts.length; start += UPSERT_CHUNK) {
    if (start > 0) await makeWay(db);
    await storeIsolatingFailures(db, publicationId, drafts.slice(start, start + UPSERT_CHUNK), report);
  }
  return report;
}

const UPSERT_CHUNK = 200;

async function storeIsolatingFailures(db: Db, publicationId: string, drafts: PostDraft[], report: UpsertReport) {
  await isolateFailures(
    drafts,
    async (some) => {
      const stored = await db.transaction((tx) => storeDrafts(tx, publicationId, some));
      report.added.push(...stored.added);
      report.updated.push(...stored.updated);
      report.unchanged += stored.unchanged;
    },
    async (draft, error) => {
      report.refused.push({ guid: draft.guid, title: draft.title, reason: `not stored: ${describeError(error)}` });
    },
    // A lost connection fails every draft alike: the caller fails (and is retried) instead of refusing them all.
    { isItemFault: isDataFault },
  );
}

async function storeDrafts(
  tx: Queryable,
  publicationId: string,
  drafts: readonly PostDraft[],
): Promise<Omit<UpsertReport, 'refused'>> {
  const report = { added: [] as StoredPostRef[], updated: [] as StoredPostRef[], unchanged: 0 };
  const posts = typed(tx).selectFrom('posts').where('publication_id', '=', publicationId);
  const existing = await posts
    .select(EXISTING_COLUMNS)
    .where('guid', '=', (eb) => eb.fn.any(sql<string[]>`${drafts.map((draft) => draft.guid)}::text[]`))
    .execute();
  const byGuid = new Map(existing.map((row) => [row.guid, row]));
  const taken = new Set((await posts.select('slug').execute()).map((row) => row.slug));
  const fresh: { draft: PostDraft; slug: string; hash: string }[] = [];
  for (const draft of drafts) {
    const hash = contentHash(draft.bodyText);
    const row = byGuid.get(draft.guid);
    if (!row) {
      const slug = uniquePostSlug(postSlugBase(draft), taken);
      taken.add(slug);
      fresh.push({ draft, slug, hash });
      continue;
    }
    const textChanged = row.content_hash !== hash && contentHash(row.body_text) !== hash;
    if (!textChanged && !fieldsChanged(row, draft)) {
      report.unchanged += 1;
      continue;
    }
    await updatePost(tx, row, draft, hash, textChanged || searchDocumentChanged(row, draft));
    if (textChanged) await invalidateGenerated(tx, row.id);
    // The same text found to be (or no longer be) a teaser: the summary's first line says which, so it is written again.
    const teaserChanged = !textChanged && row.teaser !== (draft.teaser ?? false);
    if (teaserChanged) await tx.query('delete from post_summaries where post_id = $1', [row.id]);
    report.updated.push({ id: row.id, slug: row.slug, textChanged: textChanged || teaserChanged });
  }
  report.added.push(...(await insertPosts(tx, publicationId, fresh)));
  return report;
}

/**
 * New posts in one statement (one round trip for a chunk instead of one per post: on PGlite each statement is a turn
 * a waiting search has to queue behind).
 */
async function insertPosts(
  tx: Queryable,
  publicationId: string,
  fresh: { draft: PostDraft; slug: string; hash: string }[],
): Promise<StoredPostRef[]> {
  if (fresh.length === 0) return [];
  const columns = fresh.map(({ draft, hash }) => values(draft, hash));
  // Dates and booleans as text, declared text[] and cast from there: both drivers then send the array as is. (Declared
  // boolean[], postgres.js serializes each element by the declared type and turns the text 'true' into false.)
  const arrays = COLUMNS.map((_, i) => columns.map((row) => asText(row[i])));
  const rows = await tx.query<Pick<TableRow<'posts'>, 'id' | 'guid'>>(
    `insert into posts (publication_id, guid, slug, ${COLUMNS.join(', ')})
     select $1, * from unnest($2::text[], $3::text[], ${COLUMNS.map((column, i) => `$${i + 4}::text[]${COLUMN_TYPES[column] ? `::${COLUMN_TYPES[column]}[]` : ''}`).join(', ')})
     returning id, guid`,
    [publicationId, fresh.map((f) => f.draft.guid), fresh.map((f) => f.slug), ...arrays],
  );
  const idByGuid = new Map(rows.map((row) => [row.guid, row.id]));
  return fresh.map(({ draft, slug }) => ({ id: idByGuid.get(draft.guid)!, slug, textChanged: true }));
}

function asText(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return String(value);
  return value ?? null;
}

function values(draft: PostDraft, hash: string): unknown[] {
  return [
    draft.title,
    draft.subtitle,
    draft.description,
    draft.url,
    draft.author,
    draft.imageUrl,
    draft.audioUrl,
    draft.contentHtml,
    draft.bodyText,
    hash,
    draft.textSource,
    draft.language,
    draft.publishedAt,
    draft.rawKey ?? null,
    draft.rawContentType ?? null,
    draft.teaser ?? false,
    draft.page?.outcome ?? null,
    draft.page?.checkedAt ?? null,
    draft.page?.feedHash ?? null,
  ];
}

async function updatePost(tx: Queryable, row: ExistingRow, draft: PostDraft, hash: string, reindex: boolean) {
  const assignments = COLUMNS.map((column, i) => `${column} = $${i + 2}`).join(', ');
  await tx.query(
    `update posts set ${assignments}, updated_at = now()${reindex ? ', search_indexed_at = null' : ''} where id = $1`,
    [row.id, ...values(draft, hash)],
  );
}

/** The summary and picks describe the old text: gone, so the paid route answers 503 until they are generated again. */
async function invalidateGenerated(tx: Queryable, postId: string) {
  await tx.query('delete from post_summaries where post_id = $1', [postId]);
  await tx.query('delete from stock_picks where post_id = $1', [postId]);
  await tx.query('delete from pick_extractions where post_id = $1', [postId]);
}

/**
 * Whether the post's search document must be built again: its title, subtitle and language make it. A new date needs
 * no new document: the search_changes trigger hands it to the postings in memory, and SQL reads it from the row.
 */
function searchDocumentChanged(row: ExistingRow, draft: PostDraft): boolean {
  return row.title !== draft.title || row.subtitle !== draft.subtitle || row.language !== draft.language;
}

function fieldsChanged(row: ExistingRow, draft: PostDraft): boolean {
  return (
    row.title !== draft.title ||
    row.subtitle !== draft.subtitle ||
    row.description !== draft.description ||
    row.url !== draft.url ||
    row.author !== draft.author ||
    row.image_url !== draft.imageUrl ||
    row.audio_url !== draft.audioUrl ||
    row.content_html !== draft.contentHtml ||
    row.text_source !== draft.textSource ||
    row.language !== draft.language ||
    (row.published_at?.getTime() ?? null) !== (draft.publishedAt?.getTime() ?? null) ||
    (draft.rawKey !== undefined && row.raw_key !== draft.rawKey) ||
    row.teaser !== (draft.teaser ?? false) ||
    row.page_outcome !== (draft.page?.outcome ?? null) ||
    (row.page_checked_at?.getTime() ?? null) !== (draft.page?.checkedAt?.getTime() ?? null) ||
    row.page_feed_hash !== (draft.page?.feedHash ?? null)
  );
}
