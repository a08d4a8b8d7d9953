import type { Queryable } from '@/lib/db/types';
import type { ResolvedTerm } from './lexical/resolve-terms';
import { parseTsvectorText } from './postings/tsvector-text';

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

/** What the response needs of each candidate (no bodies: there may be a few hundred). */
export async function loadPostMeta(db: Queryable, ids: string[]): Promise<Map<string, PostMeta>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{
    id: string;
    publication_slug: string;
    slug: string;
    title: string;
    subtitle: string | null;
    published_at: Date | null;
    price_cents: number | null;
    is_scoped: boolean;
  }>(
    `select p.id, pub.slug as publication_slug, p.slug, p.title, p.subtitle, p.published_at, p.price_cents, pub.is_scoped
       from posts p join publications pub on pub.id = p.publication_id
      where p.id = any($1::uuid[])`,
    [ids],
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
 * stored vector's labels, read here: asking PostgreSQL (a ts_filter per term and field) copied the vector each time.
 */
export async function loadMatchDetails(
  db: Queryable,
  ids: string[],
  terms: ResolvedTerm[],
): Promise<Map<string, MatchDetail>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; body_text: string; vector: string | null }>(
    `select p.id, p.body_text${terms.length > 0 ? ', p.search_vector::text as vector' : ''}
       from posts p where p.id = any($1::uuid[])`,
    [ids],
  );
  const only = new Set(terms.flatMap((term) => term.lexemes));
  return new Map(
    rows.map((row) => {
      const labels = new Map<string, number[]>();
      if (row.vector) {
        for (const entry of parseTsvectorText(row.vector, { only }).entries) labels.set(entry.lexeme, entry.labels);
      }
      const fields = terms.map((term) => {
        const held = new Set(term.lexemes.flatMap((lexeme) => labels.get(lexeme) ?? []));
        return FIELD_LABELS.filter(([, label]) => held.has(label)).map(([field]) => field);
      });
      return [row.id, { body: row.body_text, fields }];
    }),
  );
}
