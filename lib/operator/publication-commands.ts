import { z } from 'zod';
import type { TableRow } from '@/lib/db/typed';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { FULL_TEXT_SETTINGS } from '@/lib/ingest/article/full-text-setting';
import { retryFailedEmails } from '@/lib/ingest/email/failed-emails';
import { mapSender } from '@/lib/ingest/email/map-sender';
import { FetchError } from '@/lib/ingest/fetch/fetch-error';
import { type ReprocessResult, reprocessPost } from '@/lib/ingest/reprocess/reprocess-post';
import { FeedUrlError } from '@/lib/ingest/secrets/feed-credentials';
import { addPublication } from '@/lib/ingest/sync/add-publication';
import { FeedNotFoundError } from '@/lib/ingest/sync/discover-feed';
import { configuredSyncDeps } from '@/lib/ingest/sync/sync-deps';
import { type SyncReport, syncPublication } from '@/lib/ingest/sync/sync-publication';
import { generationEvents } from '@/lib/jobs/generation-events';
import { listJobRuns } from '@/lib/jobs/list-runs';
import { sendJobEvents } from '@/lib/jobs/send';
import { listPostFailures } from '@/lib/post-failures/list-failures';
import { makeFailuresDue } from '@/lib/post-failures/record-failure';
import { dueRetryEvents } from '@/lib/post-failures/retry-events';
import { listTeasers } from '@/lib/posts/list-teasers';
import { listPublicationsForOperator } from '@/lib/publications/list-for-operator';
import { PublicationInUseError, removePublication } from '@/lib/publications/remove';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { type CommandDefinition, CommandError, define } from './command';
import { textTable } from './text-table';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
const oneTarget = (what: string) => z.tuple([z.string().min(1).max(2000)], `takes one ${what}`);
const flag = z.literal(true, 'is a flag and takes no value');
const fullText = z.enum(FULL_TEXT_SETTINGS, `is one of ${FULL_TEXT_SETTINGS.join(', ')}`);
const SYNC_CONCURRENCY = 8;

/** Feed and sender problems are the operator's input, said plainly; anything else is ours and propagates. */
function asCommandError(error: unknown): never {
  if (error instanceof FetchError || error instanceof FeedNotFoundError || error instanceof FeedUrlError) {
    throw new CommandError(error.message);
  }
  throw error;
}

/** After a sync: embeddings for the changed posts, and their summaries when generated on ingest. */
async function followUp(db: Db, reports: SyncReport[]) {
  await sendJobEvents(
    generationEvents(
      reports.flatMap((report) => report.changedPostIds),
      env(),
    ),
    db,
  );
}

function row(report: SyncReport) {
  const { changedPostIds, publicationId, ...rest } = report;
  return { ...rest, changed: changedPostIds.length };
}

type SyncRow = ReturnType<typeof row>;

function syncTable(rows: SyncRow[]): string {
  const table = textTable(
    ['publication', 'outcome', 'added', 'updated', 'unchanged', 'refused', 'failed', 'error'],
    rows.map((r) =>
      [
        r.slug,
        r.outcome,
        r.added,
        r.updated,
        r.unchanged,
        r.itemsRefused.length,
        r.postsFailed.length,
        r.error ?? '',
      ].map(String),
    ),
  );
  return [table, problems(rows)].filter(Boolean).join('\n\n');
}

/** Per-item problems under a sync's table: items not stored and posts quarantined, each with its reason. */
function problems(rows: Pick<SyncRow, 'slug' | 'itemsRefused' | 'postsFailed'>[]): string {
  const lines = rows.flatMap((r) => [
    ...r.itemsRefused.map((item) => [r.slug, 'refused', item.guid ?? item.title ?? '', item.reason]),
    ...r.postsFailed.map((post) => [r.slug, `failed: ${post.stage}`, post.postId, post.reason]),
  ]);
  if (lines.length === 0) return '';
  return `${textTable(['publication', 'problem', 'item or post', 'reason'], lines)}\n(npm run admin -- posts failed lists every quarantined post)`;
}

/**
 * `posts reprocess --failed`: every quarantined post is due now; the index stage is retried here and now, mails kept
 * raw are filed again, and the other stages are queued for their jobs. What still fails is listed with its new reason.
 */
async function retryFailed(db: Db) {
  const retried = await makeFailuresDue(db);
  await indexPendingPosts(db);
  const emails = await retryFailedEmails(db, await configuredSyncDeps());
  await sendJobEvents([...(await dueRetryEvents(db)), ...generationEvents(emails.filed, env())], db);
  const stillFailed = await listPostFailures(db, {});
  return {
    retried,
    emailsFiled: emails.filed.length,
    emailsStillFailed: emails.failed,
    // Summaries, picks and embeddings run in their jobs: `posts failed` shows how they went.
    stillFailed: stillFailed
      .filter((f) => f.stage === 'index')
      .map(({ postId, stage, reason }) => ({ postId, stage, reason })),
  };
}

export const PUBLICATION_COMMANDS: CommandDefinition[] = [
  define({
    name: 'publications add',
    summary: 'Add a newsletter, blog or podcast by any URL of it (or map an e-mail sender), then sync it.',
    usage: 'publications add <url | e-mail address> [--publication SLUG] [--full-text feed|fetch|auto]',
    args: z.strictObject({
      _: oneTarget('URL or e-mail address'),
      publication: z.string().min(1).optional(),
      'full-text': fullText.optional(),
    }),
    async run(db, args) {
      const [target] = args._;
      if (EMAIL.test(target)) {
        if (args['full-text']) throw new CommandError('--full-text applies to feeds only');
        const mapped = await mapSender(db, target, args.publication ?? null);
        return { ...mapped, kind: 'email' };
      }
      if (args.publication) throw new CommandError('--publication applies to e-mail senders only');
      const added = await addPublication(db, target, await configuredSyncDeps(), {
        fullText: args['full-text'],
      }).catch(asCommandError);
      await followUp(db, [added]);
      const { changedPostIds, publicationId, added: postsAdded, updated, unchanged, ...rest } = added;
      return { ...rest, postsAdded, postsUpdated: updated, postsUnchanged: unchanged };
    },
    render(result) {
      if (result.kind === 'email') return JSON.stringify(result, null, 2);
      const r = result as unknown as SyncRow & { postsAdded: number; postsUpdated: number; postsUnchanged: number };
      const head = `${r.slug}: ${r.outcome}, ${r.postsAdded} added, ${r.postsUpdated} updated, ${r.postsUnchanged} unchanged${r.error ? ` (${r.error})` : ''}`;
      return [head, problems([r])].filter(Boolean).join('\n\n');
    },
  }),
  define({
    name: 'publications set',
    summary:
      "Change a publication's settings: --full-text feed (never fetch article pages), fetch (every item's page) or auto (only teasers' pages, the default).",
    usage: 'publications set <slug> --full-text feed|fetch|auto',
    args: z.strictObject({ _: oneTarget('publication slug'), 'full-text': fullText }),
    async run(db, args) {
      const [slug] = args._;
      // The feed is fetched whole at its next sync (no conditional request), so every item is read under the new
      // setting rather than only those that change.
      const [row] = await db.query<Pick<TableRow<'publications'>, 'slug' | 'full_text' | 'feed_url'>>(
        `update publications set full_text = $2, feed_etag = null, feed_last_modified = null, updated_at = now()
          where slug = $1 returning slug, full_text, feed_url`,
        [slug.toLowerCase(), args['full-text']],
      );
      if (!row) throw new CommandError(`No publication ${slug}`);
      return {
        slug: row.slug,
        fullText: row.full_text,
        note: row.feed_url
          ? `applies from its next sync (npm run admin -- sync ${row.slug} runs it now)`
          : 'its posts arrive by e-mail: the setting applies only to feeds',
      };
    },
  }),
  define({
    name: 'publications list',
    summary: 'List publications with their sync state, last error, full-text setting and teaser count.',
    usage: 'publications list',
    args: z.strictObject({}),
    async run(db) {
      return { publications: await listPublicationsForOperator(db) };
    },
  }),
  define({
    name: 'publications remove',
    summary: 'Remove a publication and its posts (refused once its posts were sold; needs --yes).',
    usage: 'publications remove <slug> --yes',
    args: z.strictObject({ _: oneTarget('publication slug'), yes: flag.optional() }),
    async run(db, args) {
      const [slug] = args._;
      if (!args.yes) {
        const [found] = await db.query<{ posts: number }>(
          `select count(po.id)::int as posts from publications pu left join posts po on po.publication_id = pu.id
            where pu.slug = $1 group by pu.id`,
          [slug],
        );
        if (!found) throw new CommandError(`No publication ${slug}`);
        throw new CommandError(
          `Removing ${slug} deletes it and its ${found.posts} posts with their summaries and picks. Repeat with --yes to confirm.`,
        );
      }
      const result = await removePublication(db, slug).catch((error: unknown) => {
        if (error instanceof PublicationInUseError) throw new CommandError(error.message);
        throw error;
      });
      if (!result.removed) throw new CommandError(`No publication ${slug}`);
      return { slug, ...result };
    },
  }),
  define({
    name: 'sync',
    summary: 'Fetch feeds now: one publication, or every publication with a feed.',
    usage: 'sync (<slug> | --all)',
    args: z
      .strictObject({ _: oneTarget('publication slug').optional(), all: flag.optional() })
      .refine((args) => (args._ === undefined) !== (args.all === undefined), 'give a publication slug or --all'),
    async run(db, args, context) {
      const filter = args.all ? 'feed_url is not null' : 'slug = $1';
      const targets = await db.query<Pick<TableRow<'publications'>, 'id' | 'slug' | 'feed_url'>>(
        `select id, slug, feed_url from publications where ${filter} order by slug`,
        args.all ? [] : [args._![0]],
      );
      if (!args.all && targets.length === 0) throw new CommandError(`No publication ${args._![0]}`);
      if (!args.all && !targets[0]!.feed_url)
        throw new CommandError(`${args._![0]} has no feed: its posts arrive by e-mail`);
      const deps = await configuredSyncDeps();
      const reports: SyncReport[] = [];
      const queue = [...targets];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          reports.push(await syncPublication(db, next.id, deps));
          context?.progress?.(reports.length, targets.length, next.slug);
        }
      };
      await Promise.all(Array.from({ length: Math.min(SYNC_CONCURRENCY, targets.length) }, worker));
      await followUp(db, reports);
      reports.sort((a, b) => a.slug.localeCompare(b.slug));
      const total = (key: 'added' | 'updated' | 'unchanged') => reports.reduce((sum, report) => sum + report[key], 0);
      return {
        publications: reports.length,
        added: total('added'),
        updated: total('updated'),
        unchanged: total('unchanged'),
        failed: reports.filter((report) => report.outcome === 'failed').length,
        results: reports.map(row),
      };
    },
    render: (result) => syncTable(result.results as SyncRow[]),
  }),
  define({
    name: 'posts reprocess',
    summary:
      "Run posts through today's parsers again from their raw sources (e-mails, transcripts) or their feed; --failed retries every quarantined post and failed mail now.",
    usage: 'posts reprocess (<publicationSlug>/<postSlug> | --publication SLUG | --failed)',
    args: z
      .strictObject({
        _: oneTarget('<publicationSlug>/<postSlug>').optional(),
        publication: z.string().min(1).optional(),
        failed: flag.optional(),
      })
      .refine(
        (args) => [args._, args.publication, args.failed].filter((given) => given !== undefined).length === 1,
        'give a post path, --publication or --failed',
      ),
    async run(db, args) {
      if (args.failed) return retryFailed(db);
      const [pub, post] = args._ ? args._[0].toLowerCase().split('/') : [args.publication!.toLowerCase(), undefined];
      const posts = await db.query<Pick<TableRow<'posts'>, 'id' | 'publication_id'>>(
        `select p.id, p.publication_id from posts p join publications pub on pub.id = p.publication_id
          where pub.slug = $1 and ($2::text is null or p.slug = $2) order by p.published_at desc nulls last`,
        [pub, post ?? null],
      );
      if (posts.length === 0) throw new CommandError(`No post ${args._?.[0] ?? `in ${args.publication}`}`);
      const deps = await configuredSyncDeps();
      const results: ReprocessResult[] = [];
      for (const { id } of posts) results.push(await reprocessPost(db, id, deps));
      // Feed posts are rebuilt by fetching their feed again, once, without the conditional headers.
      const feeds = [
        ...new Set(posts.filter((_, i) => results[i]!.outcome === 'needs_feed').map((p) => p.publication_id)),
      ];
      const syncs: SyncReport[] = [];
      for (const publicationId of feeds) {
        await db.query('update publications set feed_etag = null, feed_last_modified = null where id = $1', [
          publicationId,
        ]);
        syncs.push(await syncPublication(db, publicationId, deps));
      }
      const changed = results.filter((r) => r.textChanged).map((r) => r.postId);
      await sendJobEvents(generationEvents([...changed, ...syncs.flatMap((s) => s.changedPostIds)], env()), db);
      return {
        posts: results.length,
        fromRaw: results.filter((r) => r.from !== 'feed').map(({ postId, ...r }) => r),
        feedsResynced: syncs.map(row),
      };
    },
  }),
  define({
    name: 'posts teasers',
    summary:
      "Posts whose text is still the feed's teaser, newest first, with what their article page gave (pending, paywalled, blocked, unreadable, failed).",
    usage: 'posts teasers [--publication SLUG] [--limit N]',
    args: z.strictObject({
      publication: z.string().min(1).optional(),
      limit: z.coerce.number().int().min(1).max(10_000).optional(),
    }),
    async run(db, args) {
      const posts = await listTeasers(db, {
        publicationSlug: args.publication?.toLowerCase(),
        limit: args.limit ?? 100,
      });
      return { teasers: posts.length, posts };
    },
    render(result) {
      const posts = result.posts as Awaited<ReturnType<typeof listTeasers>>;
      if (posts.length === 0) return 'No teasers.';
      return textTable(
        ['post', 'page', 'checked at', 'url'],
        posts.map((p) => [`${p.publication}/${p.post}`, p.pageOutcome ?? 'not fetched', p.pageCheckedAt ?? '', p.url]),
      );
    },
  }),
  define({
    name: 'jobs',
    summary: 'Background job runs (local engine): counts per status and the latest runs with their errors.',
    usage: 'jobs [--failed] [--limit N]',
    args: z.strictObject({ failed: flag.optional(), limit: z.coerce.number().int().min(1).max(1000).optional() }),
    async run(db, args) {
      const engine = env().jobsEngine;
      return { engine, ...(await listJobRuns(db, { failedOnly: args.failed === true, limit: args.limit })) };
    },
  }),
];
