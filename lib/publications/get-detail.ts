import type { PostSummary, PublicationDetail } from '../api/contracts/publications';
import { NotFoundError } from '../api/errors';
import type { Queryable } from '../db/types';
import { POST_ORDER } from '../posts/order';
import { absoluteUrl } from './public-url';

interface PublicationRow {
  [key: string]: unknown;
  id: string;
  slug: string;
  title: string | null;
  description: string | null;
  site_url: string;
  image_url: string | null;
  language: string | null;
  author_name: string | null;
  author_email: string | null;
  copyright: string | null;
  last_synced_at: Date | null;
}

interface PostRow {
  [key: string]: unknown;
  slug: string;
  title: string;
  subtitle: string | null;
  published_at: Date | null;
  price_cents: number | null;
}

/** A publication with its newest posts; 404 when the slug is not indexed. */
export async function getPublicationDetail(
  db: Queryable,
  slug: string,
  options: { postLimit: number; baseUrl: string },
): Promise<PublicationDetail> {
  const [publication] = await db.query<PublicationRow>(
    `select id, slug, title, description, site_url, image_url, language, author_name, author_email, copyright,
            last_synced_at
       from publications where slug = $1`,
    [slug],
  );
  if (!publication) throw new NotFoundError(`Publication not found: ${slug}`);

  const posts = await db.query<PostRow>(
    `select slug, title, subtitle, published_at, price_cents
       from posts
      where publication_id = $1
      order by ${POST_ORDER}
      limit $2`,
    [publication.id, options.postLimit],
  );

  return {
    slug: publication.slug,
    title: publication.title,
    description: publication.description,
    siteUrl: publication.site_url,
    imageUrl: absoluteUrl(publication.image_url, options.baseUrl),
    language: publication.language,
    authorName: publication.author_name,
    authorEmail: publication.author_email,
    copyright: publication.copyright,
    lastSyncedAt: publication.last_synced_at?.toISOString() ?? null,
    posts: posts.map(toPostSummary),
  };
}

function toPostSummary(row: PostRow): PostSummary {
  return {
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    publishedAt: row.published_at?.toISOString() ?? null,
    priceCents: row.price_cents,
  };
}
