import { type TableRow, typed } from '@/lib/db/typed';
import type { Db } from '@/lib/db/types';
import { fullTextSetting } from '@/lib/ingest/article/full-text-setting';
import { knownArticlePages } from '@/lib/ingest/article/known-pages';
import { pageBudget } from '@/lib/ingest/article/page-budget';
import { earliestPageDue } from '@/lib/ingest/article/page-retry';
import { withArticleText } from '@/lib/ingest/article/with-article-text';
import { FeedParseError } from '@/lib/ingest/feeds/feed-parse-error';
import type { FeedItem, ParsedFeed } from '@/lib/ingest/feeds/feed-types';
import { parseFeed } from '@/lib/ingest/feeds/parse-feed';
import { FetchError } from '@/lib/ingest/fetch/fetch-error';
import type { FetchResult } from '@/lib/ingest/fetch/fetch-resource';
import { SecretError } from '@/lib/ingest/secrets/encrypt-secret';
import { FeedUrlError, splitFeedCredentials } from '@/lib/ingest/secrets/feed-credentials';
import { describeError } from '@/lib/post-failures/describe-error';
import { listPostFailures } from '@/lib/post-failures/list-failures';
import type { PostFailure } from '@/lib/post-failures/stage';
import type { PostDraft, RefusedItem } from '@/lib/posts/post-draft';
import { storableGuid } from '@/lib/posts/storable-draft';
import { upsertPosts } from '@/lib/posts/upsert-posts';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { matchNewPosts } from '@/lib/watches/match/match-posts';
import { type KnownEpisodeText, withEpisodeText } from './episode-text';
import { fetchFeed, readCredentials } from './fetch-feed';
import { itemDraft } from './item-draft';
import { keepPublicationImage } from './keep-image';
import { recordNotModified, recordSyncFailure, recordSyncSuccess } from './record-sync';
import type { SyncDeps } from './sync-deps';

export interface SyncReport {
  publicationId: string;
  slug: string;
  outcome: 'updated' | 'not_modified' | 'failed';
  added: number;
  updated: number;
  unchanged: number;
  /** Posts whose text is new or changed: their summaries, picks and embeddings are to be generated. */
  changedPostIds: string[];
  /** Feed items not stored, each with its reason; every other item is a post. */
  itemsRefused: RefusedItem[];
  /** The publication's posts quarantined at a processing stage (stored and listed, retried with backoff). */
  postsFailed: PostFailure[];
  error: string | null;
  nextPollAt: string;
}

const PUBLICATION_COLUMNS = [
  'id',
  'slug',
  'feed_url',
  'feed_credentials_encrypted',
  'feed_etag',
  'feed_last_modified',
  'consecutive_failures',
  'source_kind',
  'image_url',
  'image_raw_key',
  'full_text',
  'page_due_at',
] as const;

type PublicationRow = Pick<TableRow<'publications'>, (typeof PUBLICATION_COLUMNS)[number]>;

export interface SyncOptions {
  /** The feed as `publications add` already fetched it, so it is not fetched twice. */
  prefetched?: Extract<FetchResult, { status: 200 }>;
  log?: (line: string) => void;
}

/**
 * One publication's feed sync: a conditional GET (a 304 changes only the check time), the feed parsed and its items
 * upserted by guid, metadata refreshed, the next poll planned from how often it publishes, and new or changed posts
 * indexed for search before this returns. A feed that cannot be fetched or parsed records its error on the
 * publication and backs off; it never throws for that, so one bad feed never stops the others.
 */
export async function syncPublication(
  db: Db,
  publicationId: string,
  deps: SyncDeps,
  options: SyncOptions = {},
): Promise<SyncReport> {
  const log = options.log ?? (() => {});
  const publication = await typed(db)
    .selectFrom('publications')
    .select(PUBLICATION_COLUMNS)
    .where('id', '=', publicationId)
    .executeTakeFirst();
  if (!publication) throw new Error(`No publication ${publicationId}`);
  if (!publication.feed_url) throw new Error(`${publication.slug} has no feed: its posts arrive by e-mail`);
  const report = {
    publicationId,
    slug: publication.slug,
    added: 0,
    updated: 0,
    unchanged: 0,
    changedPostIds: [],
    itemsRefused: [],
    postsFailed: [],
  };
  const now = deps.now();
  try {
    const credentials = readCredentials(publication.feed_credentials_encrypted, deps);
    // Article pages are due (left over by an earlier sync's budget, or a failed one's retry): a 304 would not reach
    // their items, so the feed is fetched whole.
    const pagesDue =
      (deps.articlePagesPerSync ?? 0) > 0 && publication.page_due_at !== null && publication.page_due_at <= now;
    const fetched =
      options.prefetched ??
      (await fetchFeed(
        publication.feed_url,
        credentials,
        deps,
        pagesDue ? {} : { etag: publication.feed_etag, lastModified: publication.feed_last_modified },
      ));
    // A permanent redirect moves the feed for good; its credentials stay encrypted where they are.
    const feedUrl = fetched.permanentUrl ? splitFeedCredentials(fetched.permanentUrl).publicUrl : publication.feed_url;
    if (fetched.status === 304) {
      const next = await recordNotModified(db, publicationId, now, { ...fetched, feedUrl });
      return { ...report, outcome: 'not_modified', error: null, nextPollAt: next.at.toISOString() };
    }
    const parsed = parseFeed(fetched.text, { feedUrl: splitFeedCredentials(fetched.finalUrl).publicUrl, now });
    const { drafts, refused } = await draftsOf(db, publication, parsed, deps, now, log);
    const stored = await upsertPosts(db, publicationId, drafts);
    await recordPagesDue(db, publicationId, drafts, deps, now);
    const next = await recordSyncSuccess(db, publicationId, now, { ...fetched, meta: parsed.meta, feedUrl });
    await keepPublicationImage(
      db,
      publication,
      parsed.meta.imageUrl ?? parsed.meta.podcast?.imageUrl ?? null,
      deps,
      log,
    );
    // Posts that cannot be indexed are quarantined there, never failing this sync (lib/post-failures).
    await indexPendingPosts(db);
    const changedPostIds = [...stored.added, ...stored.updated]
      .filter((post) => post.textChanged)
      .map((post) => post.id);
    // The watches they match get their events now, as rows; the job that follows a sync delivers them.
    await matchNewPosts(db, changedPostIds);
    return {
      ...report,
      outcome: 'updated',
      // In the feed but not stored: left out by the parser (empty, duplicate guid), unreadable, or refused by the database.
      itemsRefused: [...parsed.refused, ...refused, ...stored.refused],
      postsFailed: await publicationFailures(db, publicationId),
      added: stored.added.length,
      updated: stored.updated.length,
      unchanged: stored.unchanged,
      changedPostIds,
      error: null,
      nextPollAt: next.at.toISOString(),
    };
  } catch (error) {
    if (!isFeedFailure(error)) throw error;
    const message = (error as Error).message;
    log(`sync ${publication.slug} failed: ${message}`);
    const next = await recordSyncFailure(db, publicationId, now, {
      message,
      retryAfterSeconds: error instanceof FetchError ? error.retryAfterSeconds : undefined,
      previousFailures: publication.consecutive_failures,
    });
    return { ...report, outcome: 'failed', error: message, nextPollAt: next.at.toISOString() };
  }
}

/** Failures that belong to the feed (recorded on it); anything else is ours and is thrown for the job to retry. */
function isFeedFailure(error: unknown): boolean {
  return (
    error instanceof FetchError ||
    error instanceof FeedParseError ||
    error instanceof FeedUrlError ||
    error instanceof SecretError
  );
}

async function draftsOf(
  db: Db,
  publication: PublicationRow,
  parsed: ParsedFeed,
  deps: SyncDeps,
  now: Date,
  log: (line: string) => void,
): Promise<{ drafts: PostDraft[]; refused: RefusedItem[] }> {
  // An episode's text comes from its transcript (else the show notes); a newsletter item that merely links an audio
  // file keeps its full text.
  const isEpisode = (item: FeedItem) =>
    item.transcripts.length > 0 || (item.audio !== null && publication.source_kind === 'podcast');
  const episodes = parsed.items.filter(isEpisode);
  const known = episodes.length > 0 ? await knownEpisodeTexts(db, publication.id, episodes) : new Map();
  // Any other item may be a teaser whose article page is to be read (lib/ingest/article), as the publication allows.
  const setting = fullTextSetting(publication.full_text);
  const articles = setting === 'feed' ? [] : parsed.items.filter((item) => !isEpisode(item));
  const knownPages = await knownArticlePages(
    db,
    publication.id,
    articles.map((item) => storableGuid(item.guid)),
  );
  const budget = pageBudget(deps.articlePagesPerSync ?? 0);
  const drafts: PostDraft[] = [];
  const refused: RefusedItem[] = [];
  for (const item of parsed.items) {
    // One item the HTML pipeline cannot handle is refused with its reason; the feed's other items go on.
    try {
      const draft = itemDraft(item, parsed.meta);
      drafts.push(
        isEpisode(item)
          ? await withEpisodeText(draft, item, {
              publicationSlug: publication.slug,
              known: known.get(item.guid),
              deps,
              log,
            })
          : await withArticleText(draft, {
              setting,
              known: knownPages.get(storableGuid(item.guid)),
              hasLink: item.url !== null,
              budget,
              deps,
              now,
              log,
            }),
      );
    } catch (error) {
      refused.push({ guid: item.guid, title: item.title, reason: `not read: ${describeError(error)}` });
    }
  }
  return { drafts, refused };
}

/**
 * When the next article page of this feed's items is due (publications.page_due_at): the next sync after it fetches
 * the feed whole, since a 304 would not reach those items. Not kept when this process fetches no pages.
 */
async function recordPagesDue(db: Db, publicationId: string, drafts: PostDraft[], deps: SyncDeps, now: Date) {
  const due =
    (deps.articlePagesPerSync ?? 0) > 0
      ? earliestPageDue(
          drafts.map((draft) => draft.page),
          now,
        )
      : null;
  await db.query('update publications set page_due_at = $2 where id = $1', [publicationId, due]);
}

async function publicationFailures(db: Db, publicationId: string): Promise<PostFailure[]> {
  const failures = await listPostFailures(db, { publicationId });
  return failures.map(({ postId, stage, reason }) => ({ postId, stage, reason }));
}

async function knownEpisodeTexts(db: Db, publicationId: string, items: FeedItem[]) {
  const rows = await db.query<KnownEpisodeText & { guid: string; [key: string]: unknown }>(
    `select guid, body_text as "bodyText", text_source as "textSource", raw_key as "rawKey",
            raw_content_type as "rawContentType"
       from posts where publication_id = $1 and guid = any($2::text[])`,
    [publicationId, items.map((item) => item.guid)],
  );
  return new Map(rows.map((row) => [row.guid, row]));
}
