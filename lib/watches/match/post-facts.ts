import type { Queryable } from '@/lib/db/types';
import { parseTsvectorText } from '@/lib/search/postings/tsvector-text';

/** What matching and the event need of a new post: its metadata, and its search document as search stored it. */
export interface PostFacts {
  id: string;
  publicationId: string;
  publicationSlug: string;
  publicationTitle: string | null;
  slug: string;
  title: string;
  subtitle: string | null;
  author: string | null;
  url: string;
  publishedAt: Date | null;
  createdAt: Date;
  /** Each lexeme of the stored search vector with its field labels (D 0, C 1, B 2, A 3). */
  lexemes: Map<string, number[]>;
  /** The document length ts_rank divides by (its positions). */
  length: number;
}

interface Row {
  [key: string]: unknown;
  id: string;
  publication_id: string;
  publication_slug: string;
  publication_title: string | null;
  slug: string;
  title: string;
  subtitle: string | null;
  author: string | null;
  url: string;
  published_at: Date | null;
  created_at: Date;
  vector: string | null;
}

/**
 * The posts among `ids`; with `indexedOnly`, those search has indexed (one not indexed yet has no document to match
 * topics against, nor its tickers recorded). The vector is read only when topics are to be matched.
 */
export async function loadPostFacts(
  db: Queryable,
  ids: readonly string[],
  options: { vector: boolean; indexedOnly: boolean },
): Promise<PostFacts[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<Row>(
    `select p.id, p.publication_id, pub.slug as publication_slug, pub.title as publication_title, p.slug, p.title,
            p.subtitle, p.author, p.url, p.published_at, p.created_at,
            ${options.vector ? 'p.search_vector::text' : 'null'} as vector
       from posts p join publications pub on pub.id = p.publication_id
      where p.id = any($1::uuid[]) and ($2::boolean = false or p.search_indexed_at is not null)`,
    [ids, options.indexedOnly],
  );
  return rows.map((row) => {
    const parsed = row.vector ? parseTsvectorText(row.vector) : { entries: [], length: 0 };
    return {
      id: row.id,
      publicationId: row.publication_id,
      publicationSlug: row.publication_slug,
      publicationTitle: row.publication_title,
      slug: row.slug,
      title: row.title,
      subtitle: row.subtitle,
      author: row.author,
      url: row.url,
      publishedAt: row.published_at,
      createdAt: row.created_at,
      lexemes: new Map(parsed.entries.map((entry) => [entry.lexeme, entry.labels])),
      length: parsed.length,
    };
  });
}
