import type { Queryable } from '@/lib/db/types';
import type { ResolvedTerm } from './lexical/resolve-terms';
import { type StoredEntriesJson, storedEntriesSql, toVectorEntries } from './postings/stored-entries';
import type { VectorEntry } from './postings/tsvector-text';

export interface PostMeta {
  id: string;
  publicationSlug: string;
  slug: string;
  title: string;
  subtitle: string | null;
  publishedAt: Date | null;
  priceCents: number | null;
  isScoped: boolean;
}

export type Field = 'title' | 'subtitle' | 'publication' | 'body';

export interface MatchDetail {
  body: string;
  /** For each resolved term (by index), the fields it occurs in. */
  fields: Field[][];
}

/** What the response needs of each post (no bodies): browsing and a ticker's latest posts. */
export async function loadPostMeta(db: Queryable, ids: string[]): Promise<Map<string, PostMeta>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<MetaRow>(`select ${META_COLUMNS} ${META_FROM} where p.id = any($1::uuid[])`, [ids]);
  return new Map(rows.map((row) => [row.id, metaOf(row)]));
}

/**
 * A search's candidate: its facts, the entries of the query's lexemes in its vector, and its body (for the snippet)
 * when it was read with them (null: read with the page, `loadBodies`).
 */
export interface Candidate extends PostMeta {
  body: string | null;
  entries: VectorEntry[];
}

/**
 * The candidates of a ranking pass in one statement: the facts the ranking and the response need, and the entries of
 * the query's lexemes in the stored vector (postings/stored-entries.ts), whose positions give the phrase bonus and
 * whose labels give whyMatched's fields. With `bodies`, their bodies too: when a pass has about a page of candidates
 * (a lexical search's), the page is among them, and reading their bodies here saves the statement that would read the
 * page's; a pass of many (the semantic side's fifty) leaves its bodies to that statement.
 */
export async function loadCandidates(
  db: Queryable,
  ids: string[],
  lexemes: string[],
  options: { bodies: boolean },
): Promise<Map<string, Candidate>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<MetaRow & { body_text?: string; entries: StoredEntriesJson | null }>(
    `select ${META_COLUMNS}${options.bodies ? ', p.body_text' : ''},
            ${storedEntriesSql('p.search_vector', '$2')} as entries
       ${META_FROM} where p.id = any($1::uuid[])`,
    [ids, lexemes],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { ...metaOf(row), body: row.body_text ?? null, entries: row.entries ? toVectorEntries(row.entries) : [] },
    ]),
  );
}

/** The bodies of the page's candidates read without them (loadCandidates), in one statement. */
export async function loadBodies(db: Queryable, candidates: Candidate[]): Promise<void> {
  const unread = candidates.filter((candidate) => candidate.body === null);
  if (unread.length === 0) return;
  const rows = await db.query<{ id: string; body_text: string }>(
    'select id, body_text from posts where id = any($1::uuid[])',
    [unread.map((candidate) => candidate.id)],
  );
  const bodies = new Map(rows.map((row) => [row.id, row.body_text]));
  for (const candidate of unread) candidate.body = bodies.get(candidate.id) ?? '';
}

interface MetaRow {
  [key: string]: unknown;
  id: string;
  publication_slug: string;
  slug: string;
  title: string;
  subtitle: string | null;
  published_at: Date | null;
  price_cents: number | null;
  is_scoped: boolean;
}

const META_COLUMNS =
  'p.id, pub.slug as publication_slug, p.slug, p.title, p.subtitle, p.published_at, p.price_cents, pub.is_scoped';
const META_FROM = 'from posts p join publications pub on pub.id = p.publication_id';

function metaOf(row: MetaRow): PostMeta {
  return {
    id: row.id,
    publicationSlug: row.publication_slug,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    publishedAt: row.published_at,
    priceCents: row.price_cents,
    isScoped: row.is_scoped,
  };
}

/**
 * The fields of a search item that describe the post itself, the same for ranked and for browsed results.
 * `inWindow` is undefined when the query has no time window, and then the item has no isInTimeWindow.
 */
export function postItemFields(post: PostMeta, inWindow: boolean | undefined) {
  return {
    publicationSlug: post.publicationSlug,
    slug: post.slug,
    title: post.title,
    subtitle: post.subtitle,
    isScopedPublisher: post.isScoped,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    ...(inWindow === undefined ? {} : { isInTimeWindow: inWindow }),
    priceCents: post.priceCents,
  };
}

// Each field with its label number as parseTsvectorText gives them (D 0 ... A 3), in the order whyMatched lists them.
const FIELD_LABELS: Array<[Field, number]> = [
  ['title', 3],
  ['subtitle', 2],
  ['publication', 1],
  ['body', 0],
];

/**
 * whyMatched's fields of a candidate: for each term, the fields its lexemes occur in, from the labels of their entries
 * in the stored vector (asking PostgreSQL per term and field, a ts_filter each, copied the vector each time).
 */
export function matchDetailOf(candidate: Candidate, terms: ResolvedTerm[]): MatchDetail {
  const labels = new Map<string, number[]>();
  for (const entry of candidate.entries) labels.set(entry.lexeme, entry.labels);
  const fields = terms.map((term) => {
    const held = new Set(term.lexemes.flatMap((lexeme) => labels.get(lexeme) ?? []));
    return FIELD_LABELS.filter(([, label]) => held.has(label)).map(([field]) => field);
  });
  // A page's bodies are all read by now (loadBodies); a post deleted meanwhile has none.
  return { body: candidate.body ?? '', fields };
}
