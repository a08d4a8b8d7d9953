import { type TableRow, typed } from '@/lib/db/typed';
import type { Db } from '@/lib/db/types';
import type { FullTextSetting } from '@/lib/ingest/article/full-text-setting';
import { siteSlugFor } from '@/lib/ingest/feeds/site-slug';
import { encryptSecret } from '@/lib/ingest/secrets/encrypt-secret';
import { FeedUrlError } from '@/lib/ingest/secrets/feed-credentials';
import { type DiscoveredFeed, discoverFeed } from './discover-feed';
import { storableMeta } from './storable-meta';
import type { SyncDeps } from './sync-deps';
import { type SyncReport, syncPublication } from './sync-publication';

export type SourceKind = 'newsletter_platform' | 'rss' | 'podcast';

export interface AddedPublication extends SyncReport {
  kind: SourceKind;
  platform: string;
  feedUrl: string;
  title: string | null;
  /** False when the feed was in the catalogue already (it was synced again). */
  created: boolean;
}

export interface AddOptions {
  /** Where its posts' text comes from (lib/ingest/article), set before the first sync; the stored one (or auto) else. */
  fullText?: FullTextSetting;
}

/**
 * `publications add <url>`: finds the feed behind any URL of the publication, creates the publication (slug from the
 * site's host, see siteSlugFor for two publications on one host) unless the feed is known already, and runs its
 * first sync, so the posts are stored and searchable when this returns.
 */
export async function addPublication(
  db: Db,
  url: string,
  deps: SyncDeps,
  options: AddOptions = {},
): Promise<AddedPublication> {
  const feed = await discoverFeed(url, deps);
  const kind = kindOf(feed);
  const existing = await existingPublication(db, feed);
  const id = existing?.id ?? (await insertPublication(db, feed, kind, deps));
  if (options.fullText) {
    await db.query('update publications set full_text = $2, updated_at = now() where id = $1', [id, options.fullText]);
  }
  const report = await syncPublication(db, id, deps, { prefetched: feed.fetched });
  return {
    ...report,
    kind,
    platform: feed.platform,
    feedUrl: feed.feedUrl,
    title: feed.parsed.meta.title,
    created: !existing,
  };
}

/**
 * The publication this feed belongs to when it is in the catalogue already: the same feed URL, or the same site (the
 * home page added after its feed, or a second feed URL of one site). It is synced, not duplicated.
 */
async function existingPublication(db: Db, feed: DiscoveredFeed): Promise<{ id: string } | undefined> {
  const publications = typed(db).selectFrom('publications').select('id');
  const byFeed = await publications.where('feed_url', '=', feed.feedUrl).executeTakeFirst();
  if (byFeed) return byFeed;
  const taken = await catalogueSlugs(db);
  const slug = siteSlugFor(feed.parsed.meta, feed.feedUrl, { taken });
  if (!slug || !taken.has(slug)) return undefined;
  return publications.where('slug', '=', slug).where('feed_url', 'is not', null).executeTakeFirst();
}

async function catalogueSlugs(db: Db): Promise<Map<string, string>> {
  const rows = await typed(db).selectFrom('publications').select(['slug', 'site_url']).execute();
  return new Map(rows.map((row) => [row.slug, row.site_url]));
}

function kindOf({ parsed, platform }: DiscoveredFeed): SourceKind {
  const withAudio = parsed.items.filter((item) => item.audio !== null).length;
  if (parsed.meta.podcast || (parsed.items.length > 0 && withAudio * 2 >= parsed.items.length)) return 'podcast';
  return platform === 'substack' || platform === 'beehiiv' || platform === 'ghost' ? 'newsletter_platform' : 'rss';
}

async function attachFeed(
  db: Db,
  slug: string,
  feed: DiscoveredFeed,
  kind: SourceKind,
  encrypted: string | null,
): Promise<string> {
  const [row] = await db.query<Pick<TableRow<'publications'>, 'id'>>(
    `update publications set feed_url = $2, source_kind = $3, platform = $4, feed_credentials_encrypted = $5,
            updated_at = now()
      where slug = $1 returning id`,
    [slug, feed.feedUrl, kind, feed.platform, encrypted],
  );
  return row!.id;
}

async function insertPublication(db: Db, feed: DiscoveredFeed, kind: SourceKind, deps: SyncDeps): Promise<string> {
  let encrypted: string | null = null;
  if (feed.credentials) {
    if (!deps.credentialsKey) {
      throw new Error('This feed URL carries credentials; set FEED_CREDENTIALS_SECRET so they can be stored encrypted');
    }
    encrypted = encryptSecret(JSON.stringify(feed.credentials), deps.credentialsKey);
  }
  const meta = storableMeta(feed.parsed.meta);
  // Two adds of feeds on one host at once could pick the same slug: the unique index refuses the second, which
  // then picks again with the first one's slug taken.
  for (let attempt = 0; ; attempt += 1) {
    const taken = await catalogueSlugs(db);
    const slug = siteSlugFor(meta, feed.feedUrl, { taken });
    // The operator's input, said plainly (the admin CLI shows FeedUrlError's message), not a server error.
    if (!slug) throw new FeedUrlError('The feed has no usable site or feed host to name the publication by');
    // The same site without a feed: an e-mail publication of this publisher. Its feed joins it.
    if (taken.has(slug)) return attachFeed(db, slug, feed, kind, encrypted);
    try {
      const [row] = await db.query<Pick<TableRow<'publications'>, 'id'>>(
        `insert into publications (slug, title, description, site_url, feed_url, source_kind, platform, image_url,
                                   language, author_name, author_email, copyright, feed_credentials_encrypted)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
        [
          slug,
          meta.title,
          meta.description,
          meta.siteUrl,
          feed.feedUrl,
          kind,
          feed.platform,
          meta.imageUrl ?? meta.podcast?.imageUrl ?? null,
          meta.language,
          meta.authorName ?? meta.podcast?.author ?? null,
          meta.authorEmail ?? meta.podcast?.ownerEmail ?? null,
          meta.copyright,
          encrypted,
        ],
      );
      return row!.id;
    } catch (error) {
      if (attempt >= 2 || !/unique|duplicate/i.test((error as Error).message)) throw error;
    }
  }
}
