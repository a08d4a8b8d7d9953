import type { PublicationSearchItem } from '@/lib/api/contracts/publications';
import type { TableRow } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';
import { normalizePublicationSlug } from './slug';

export const PUBLICATION_SEARCH_LIMIT = 3;

// Below this trigram score a candidate is noise, not a match.
const MIN_SCORE = 0.45;

type Row = Pick<TableRow<'publications'>, 'slug' | 'title' | 'author_name' | 'site_url'>;

/** Input that reads as an address (has a scheme, or a dot and no spaces) is matched as a host. */
function hostOf(query: string): string | null {
  const looksLikeAddress = /^[a-z][a-z0-9+.-]*:\/\//i.test(query) || (/\./.test(query) && !/\s/.test(query));
  return looksLikeAddress && !query.includes('@') ? normalizePublicationSlug(query) : null;
}

/**
 * Finds at most three publications by slug, pasted site/newsletter/feed URL, contact or inbound address, title
 * (which is the show name for podcasts) or author. Exact identifiers win; names match by trigram similarity so a
 * typo or a partial name still finds the publication.
 */
export async function searchPublications(db: Queryable, query: string): Promise<PublicationSearchItem[]> {
  const text = query.trim().toLowerCase();
  const host = hostOf(text);
  // "compounding ledger" should find compoundingledger.substack.com: compare without spaces and punctuation too.
  const compact = text.replace(/[^a-z0-9]+/g, '');

  const rows = await db.query<Row>(
    `select slug, title, author_name, site_url
       from (
         select p.slug, p.title, p.author_name, p.site_url,
                greatest(
                  case when p.slug = $2 or lower(p.feed_url) = $1 then 1.0 else 0 end,
                  case when lower(p.author_email) = $1 or lower(p.inbound_email) = $1 then 1.0 else 0 end,
                  case when lower(p.title) = $1 then 0.98 else 0 end,
                  case when lower(p.author_name) = $1 then 0.95 else 0 end,
                  case when length($3) >= 4 and strpos(replace(p.slug, '.', ''), $3) > 0 then 0.9 else 0 end,
                  word_similarity($1, lower(coalesce(p.title, ''))) * 0.9,
                  word_similarity($1, lower(coalesce(p.author_name, ''))) * 0.85,
                  similarity($1, p.slug) * 0.8
                ) as score
           from publications p
       ) ranked
      where score >= $4
      order by score desc, lower(coalesce(title, slug)), slug
      limit $5`,
    [text, host ?? '', compact, MIN_SCORE, PUBLICATION_SEARCH_LIMIT],
  );
  return rows.map((row) => ({
    publicationSlug: row.slug,
    title: row.title,
    author: row.author_name,
    siteUrl: row.site_url,
  }));
}
