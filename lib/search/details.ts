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

/**
 * What the response needs of each candidate (no bodies: there may be a few hundred). With `entriesOf`, the entries of
 * those lexemes in the stored vectors of those posts come in the same statement (postings/stored-entries.ts): a
 * search reads the positions its phrase bonus needs with the posts' other facts, not in a statement of their own.
 */
export async function loadPostMeta(
  db: Queryable,
  ids: string[],
  entriesOf?: { ids: string[]; lexemes: string[] },
): Promise<Map<string, PostMeta & { entries?: VectorEntry[] }>> {
  if (ids.length === 0) return new Map();
  const withEntries = entriesOf !== undefined && entriesOf.ids.length > 0;
  const rows = await db.query<{
    id: string;
    publication_slug: string;
    slug: string;
    title: string;
    subtitle: string | null;
    published_at: Date | null;
    price_cents: number | null;
    is_scoped: boolean;
    entries?: StoredEntriesJson | null;
  }>(
    `select p.id, pub.slug as publication_slug, p.slug, p.title, p.subtitle, p.published_at, p.price_cents, pub.is_scoped
            ${withEntries ? `, case when p.id = any($2::uuid[]) then ${storedEntriesSql('p.search_vector', '$3')} end as entries` : ''}
       from posts p join publications pub on pub.id = p.publication_id
      where p.id = any($1::uuid[])`,
    withEntries ? [ids, entriesOf.ids, entriesOf.lexemes] : [ids],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        publicationSlug: row.publication_slug,
        slug: row.slug,
        title: row.title,
        subtitle: row.subtitle,
        publishedAt: row.published_at,
        priceCents: row.price_cents,
        isScoped: row.is_scoped,
        ...(row.entries ? { entries: toVectorEntries(row.entries) } : {}),
      },
    ]),
  );
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
 * Bodies and per-field term matches of the returned page only, for whyMatched and snippets. The fields come from the
 * labels of the query's lexemes in the stored vector, which PostgreSQL picks out (postings/stored-entries.ts): asking
 * it per term and field (a ts_filter each) copied the vector each time, and reading the whole vector's text sent and
 * scanned about as much text as the body for a few lexemes.
 */
export async function loadMatchDetails(
  db: Queryable,
  ids: string[],
  terms: ResolvedTerm[],
): Promise<Map<string, MatchDetail>> {
  if (ids.length === 0) return new Map();
  const lexemes = [...new Set(terms.flatMap((term) => term.lexemes))];
  const rows = await db.query<{ id: string; body_text: string; entries?: StoredEntriesJson }>(
    `select p.id, p.body_text${terms.length > 0 ? `, ${storedEntriesSql('p.search_vector', '$2')} as entries` : ''}
       from posts p where p.id = any($1::uuid[])`,
    terms.length > 0 ? [ids, lexemes] : [ids],
  );
  return new Map(
    rows.map((row) => {
      const labels = new Map<string, number[]>();
      for (const entry of toVectorEntries(row.entries ?? [])) labels.set(entry.lexeme, entry.labels);
      const fields = terms.map((term) => {
        const held = new Set(term.lexemes.flatMap((lexeme) => labels.get(lexeme) ?? []));
        return FIELD_LABELS.filter(([, label]) => held.has(label)).map(([field]) => field);
      });
      return [row.id, { body: row.body_text, fields }];
    }),
  );
}
