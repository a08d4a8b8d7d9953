import type { PostSummary, PublicationDetail } from '@/lib/api/contracts/publications';
import { ApiError } from '@/lib/api/errors';
import type { TableRow } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';
import { postOrder } from '@/lib/posts/order';
import { absoluteUrl } from './public-url';

// Timestamps inside JSON arrive as Postgres's text, not as Dates.
type PostJson = Pick<TableRow<'posts'>, 'slug' | 'title' | 'subtitle' | 'price_cents'> & {
  published_at: string | null;
};

type Row = Pick<
  TableRow<'publications'>,
  | 'slug'
  | 'title'
  | 'description'
  | 'site_url'
  | 'image_url'
  | 'language'
  | 'author_name'
  | 'author_email'
  | 'copyright'
  | 'last_synced_at'
> & { posts: PostJson[] };

// One statement, not two: on the embedded database each round trip costs about as much as the query itself.
const DETAIL_SQL = `
  select p.slug, p.title, p.description, p.site_url, p.image_url, p.language, p.author_name, p.author_email,
         p.copyright, p.last_synced_at,
         coalesce((
           -- aggregate order is only guaranteed when json_agg is told, not inherited from the subquery
           select json_agg(json_build_object('slug', slug, 'title', title, 'subtitle', subtitle,
                                             'published_at', published_at, 'price_cents', price_cents)
                           order by ${postOrder()})
             from (select slug, title, subtitle, published_at, price_cents, created_at, id
                     from posts
                    where publication_id = p.id
                    order by ${postOrder()}
                    limit $2) recent
         ), '[]'::json) as posts
    from publications p
   where p.slug = $1`;

/** A publication with its newest posts; 404 when the slug is not indexed. */
export async function getPublicationDetail(
  db: Queryable,
  slug: string,
  options: { postLimit: number; baseUrl: string },
): Promise<PublicationDetail> {
  const [row] = await db.query<Row>(DETAIL_SQL, [slug, options.postLimit]);
  if (!row) throw new ApiError({ code: 'not_found', message: `Publication not found: ${slug}` });
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    siteUrl: row.site_url,
    imageUrl: absoluteUrl(row.image_url, options.baseUrl),
    language: row.language,
    authorName: row.author_name,
    authorEmail: row.author_email,
    copyright: row.copyright,
    lastSyncedAt: row.last_synced_at?.toISOString() ?? null,
    posts: row.posts.map(toPostSummary),
  };
}

function toPostSummary(post: PostJson): PostSummary {
  return {
    slug: post.slug,
    title: post.title,
    subtitle: post.subtitle,
    // JSON carries Postgres's timestamp text; the API speaks Date#toISOString.
    publishedAt: post.published_at === null ? null : new Date(post.published_at).toISOString(),
    priceCents: post.price_cents,
  };
}
