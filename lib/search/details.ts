import type { Queryable } from '@/lib/db/types';
import type { ResolvedTerm } from './lexical/resolve-terms';

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

const FIELD_WEIGHT: Record<Field, string> = { title: 'a', subtitle: 'b', publication: 'c', body: 'd' };

/** Bodies and per-field term matches of the returned page only, for whyMatched and snippets. */
export async function loadMatchDetails(
  db: Queryable,
  ids: string[],
  terms: ResolvedTerm[],
): Promise<Map<string, MatchDetail>> {
  if (ids.length === 0) return new Map();
  const fields = Object.keys(FIELD_WEIGHT) as Field[];
  const checks = terms.flatMap((_term, t) =>
    fields.map(
      (field) => `ts_filter(p.search_vector, '{${FIELD_WEIGHT[field]}}') @@ $${t + 2}::tsquery as m_${t}_${field}`,
    ),
  );
  const rows = await db.query<Record<string, unknown> & { id: string; body_text: string }>(
    `select p.id, p.body_text${checks.length > 0 ? `, ${checks.join(', ')}` : ''}
       from posts p where p.id = any($1::uuid[])`,
    [ids, ...terms.map((term) => term.query)],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { body: row.body_text, fields: terms.map((_, t) => fields.filter((field) => row[`m_${t}_${field}`] === true)) },
    ]),
  );
}
