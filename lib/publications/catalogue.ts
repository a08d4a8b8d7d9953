import type { TableRow } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';
import { postOrder } from '@/lib/posts/order';

/**
 * Read models for the website (landing page catalogue and publication pages). They carry more than the API
 * contracts (source kind, curation, summary readiness, podcast marker) and keep image URLs as stored, because the
 * pages render them relative to their own origin.
 */

export type SourceKind = 'newsletter_platform' | 'rss' | 'podcast' | 'email';

export interface CataloguePost {
  slug: string;
  title: string;
  subtitle: string | null;
  publishedAt: Date | null;
  priceCents: number | null;
  isPodcast: boolean;
  summaryReady: boolean;
  /** Its text is the feed's teaser (posts.teaser): its summary covers the teaser only, said before anyone pays. */
  teaser: boolean;
}

export interface CataloguePublication {
  slug: string;
  title: string | null;
  description: string | null;
  siteUrl: string;
  sourceKind: SourceKind;
  platform: string | null;
  imageUrl: string | null;
  authorName: string | null;
  isScoped: boolean;
  lastSyncedAt: Date | null;
}

export interface CatalogueEntry extends CataloguePublication {
  posts: CataloguePost[];
}

export interface PublicationPage extends CataloguePublication {
  language: string | null;
  copyright: string | null;
  posts: CataloguePost[];
  /** All its posts, and how many of them are teasers (not only those shown). */
  postCount: number;
  teaserCount: number;
}

const PUBLICATION_COLUMNS = `p.slug, p.title, p.description, p.site_url, p.source_kind, p.platform, p.image_url,
  p.author_name, p.is_scoped, p.last_synced_at`;

type PublicationRow = Pick<
  TableRow<'publications'>,
  | 'slug'
  | 'title'
  | 'description'
  | 'site_url'
  | 'platform'
  | 'image_url'
  | 'author_name'
  | 'is_scoped'
  | 'last_synced_at'
> & { source_kind: SourceKind };

// Aliases of a left join, hence all nullable; a type, not an interface, so that query<> accepts it as a row.
type PostColumns = {
  post_slug: string | null;
  post_title: string | null;
  post_subtitle: string | null;
  post_published_at: Date | null;
  post_price_cents: number | null;
  post_is_podcast: boolean | null;
  post_summary_ready: boolean | null;
  post_teaser: boolean | null;
};

type CatalogueRow = PublicationRow & PostColumns;

// Selects the post columns of a row aliased `r` (posts) joined to `s` (post_summaries).
const POST_COLUMNS = `r.slug as post_slug, r.title as post_title, r.subtitle as post_subtitle,
  r.published_at as post_published_at, r.price_cents as post_price_cents,
  r.audio_url is not null as post_is_podcast, s.post_id is not null as post_summary_ready, r.teaser as post_teaser`;

/**
 * Every publication with its newest posts, in one statement. The lateral subquery walks
 * posts_publication_recent_idx per publication and stops after `postsPerPublication` rows, so the cost grows with
 * the number of publications, not posts. Summary readiness is joined after the limit so it is looked up only for
 * the posts shown. Publications without posts still appear (left join), with an empty list.
 */
export async function listCatalogue(
  db: Queryable,
  options: { postsPerPublication: number },
): Promise<CatalogueEntry[]> {
  const rows = await db.query<CatalogueRow>(
    `select ${PUBLICATION_COLUMNS}, ${POST_COLUMNS}
       from publications p
       left join lateral (
         select id, slug, title, subtitle, published_at, created_at, price_cents, audio_url, teaser
           from posts
          where publication_id = p.id
          order by ${postOrder()}
          limit $1
       ) r on true
       left join post_summaries s on s.post_id = r.id
      order by p.is_scoped desc, lower(coalesce(p.title, p.slug)), p.slug, ${postOrder('r')}`,
    [options.postsPerPublication],
  );

  // Rows arrive grouped by publication (the outer order keeps them contiguous), posts already in order.
  const entries: CatalogueEntry[] = [];
  for (const row of rows) {
    let entry = entries.at(-1);
    if (!entry || entry.slug !== row.slug) {
      entry = { ...toPublication(row), posts: [] };
      entries.push(entry);
    }
    const post = toPost(row);
    if (post) entry.posts.push(post);
  }
  return entries;
}

/** A publication with its newest posts for its web page; null when the slug is not indexed. */
export async function getPublicationPage(
  db: Queryable,
  slug: string,
  options: { postLimit: number },
): Promise<PublicationPage | null> {
  const [publication] = await db.query<
    PublicationRow &
      Pick<TableRow<'publications'>, 'id' | 'language' | 'copyright'> & { post_count: number; teaser_count: number }
  >(
    `select p.id, ${PUBLICATION_COLUMNS}, p.language, p.copyright,
            (select count(*)::int from posts where publication_id = p.id) as post_count,
            (select count(*)::int from posts where publication_id = p.id and teaser) as teaser_count
       from publications p where p.slug = $1`,
    [slug],
  );
  if (!publication) return null;

  const posts = await db.query<CatalogueRow>(
    `select ${POST_COLUMNS}
       from (
         select id, slug, title, subtitle, published_at, created_at, price_cents, audio_url, teaser
           from posts
          where publication_id = $1
          order by ${postOrder()}
          limit $2
       ) r
       left join post_summaries s on s.post_id = r.id
      order by ${postOrder('r')}`,
    [publication.id, options.postLimit],
  );

  return {
    ...toPublication(publication),
    language: publication.language,
    copyright: publication.copyright,
    posts: posts.flatMap((row) => toPost(row) ?? []),
    postCount: publication.post_count,
    teaserCount: publication.teaser_count,
  };
}

function toPublication(row: PublicationRow): CataloguePublication {
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    siteUrl: row.site_url,
    sourceKind: row.source_kind,
    platform: row.platform,
    imageUrl: row.image_url,
    authorName: row.author_name,
    isScoped: row.is_scoped,
    lastSyncedAt: row.last_synced_at,
  };
}

function toPost(row: PostColumns): CataloguePost | null {
  // A publication without posts yields one row whose post columns are all null.
  if (row.post_slug === null || row.post_title === null) return null;
  return {
    slug: row.post_slug,
    title: row.post_title,
    subtitle: row.post_subtitle,
    publishedAt: row.post_published_at,
    priceCents: row.post_price_cents,
    isPodcast: row.post_is_podcast === true,
    summaryReady: row.post_summary_ready === true,
    teaser: row.post_teaser === true,
  };
}
