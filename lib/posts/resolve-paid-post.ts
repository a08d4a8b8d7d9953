import { sql } from 'kysely';
import type { z } from 'zod';
import type { PaidPublicationPost, PostPath } from '@/lib/api/contracts/paid';
import { ApiError } from '@/lib/api/errors';
import { appContext } from '@/lib/app/process-context';
import { typed } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';
import { env } from '@/lib/env';
import { sendJobEvents } from '@/lib/jobs/send';
import { enforceRateLimit } from '@/lib/rate-limits/enforce';
import { rateLimitPolicy } from '@/lib/rate-limits/policies';
import { countWords } from './teaser';

export type PaidPostContent = Omit<z.infer<typeof PaidPublicationPost>, 'paymentInfo'>;

export interface ResolvedPaidPost {
  content: PaidPostContent;
  storedPriceCents: number | null;
  /**
   * The post's text is the feed's teaser (posts.teaser), so its summary covers the teaser alone: how many words the
   * feed carries, and whether its article page was tried (and could not be read) or was never fetched. Null for an
   * article. The challenge says so before anyone pays; the response body stays as the spec has it.
   */
  teaser: { words: number; pageTried: boolean } | null;
}

const SUMMARY_RETRY_AFTER_SECONDS = 30;

/**
 * Resolves a paid post before any payment is considered: 404 when the publication or post is unknown, 503
 * summary_not_ready (and a generation request) when the summary does not exist yet. The path has already been
 * validated and normalized by its contract (PostPathParams).
 */
export async function resolvePaidPost(
  db: Queryable,
  { publicationSlug, postSlug }: PostPath,
  requester: { ip: string } | null = null,
): Promise<ResolvedPaidPost> {
  const row = await typed(db)
    .selectFrom('publications as pu')
    .innerJoin('posts as po', (join) => join.onRef('po.publication_id', '=', 'pu.id').on('po.slug', '=', postSlug))
    .leftJoin('post_summaries as s', 's.post_id', 'po.id')
    .select([
      'po.id',
      'po.publication_id',
      'pu.slug as publication_slug',
      'po.guid',
      'po.slug',
      'po.title',
      'po.subtitle',
      'po.description',
      'po.url',
      'po.author',
      'po.image_url',
      'po.published_at',
      'po.created_at',
      'po.updated_at',
      'po.price_cents',
      'po.page_outcome',
      // The text only for a teaser (a few dozen words), not every article's body on every paid request.
      sql<string | null>`case when po.teaser then po.body_text end`.as('teaser_text'),
      's.summary',
    ])
    .where('pu.slug', '=', publicationSlug)
    .executeTakeFirst();
  if (!row) {
    const [publication] = await db.query(`select 1 from publications where slug = $1`, [publicationSlug]);
    throw new ApiError({
      code: 'not_found',
      message: publication
        ? `Post not found: ${publicationSlug}/${postSlug}`
        : `Publication not found: ${publicationSlug}`,
    });
  }
  if (row.summary === null) {
    // Asking for generation costs us money and queue space, so it has a limit of its own per client (429 over it).
    const policy = rateLimitPolicy('generation', env());
    if (policy && requester) await enforceRateLimit(db, (await appContext()).limits, policy, `ip:${requester.ip}`);
    await requestSummary(db, row.id);
    throw new ApiError({
      code: 'summary_not_ready',
      message: 'The summary of this post is not ready yet. It has been requested; retry later. Nothing was charged.',
      headers: { 'Retry-After': String(SUMMARY_RETRY_AFTER_SECONDS) },
    });
  }
  return {
    storedPriceCents: row.price_cents,
    teaser:
      row.teaser_text === null
        ? null
        : {
            words: countWords(row.teaser_text),
            pageTried: row.page_outcome !== null && row.page_outcome !== 'pending',
          },
    content: {
      id: row.id,
      publicationId: row.publication_id,
      publicationSlug: row.publication_slug,
      guid: row.guid,
      slug: row.slug,
      title: row.title,
      subtitle: row.subtitle,
      description: row.description,
      url: row.url,
      author: row.author,
      imageUrl: row.image_url,
      publishedAt: row.published_at?.toISOString() ?? null,
      synthesizedSummary: row.summary,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    },
  };
}

/** How long repeated requests for one not-ready summary wait before the generation event is sent again. */
const RESEND_AFTER = '5 minutes';

/**
 * Records the demand and asks for the summary (the generate-summary job). Repeats bump the counter; the event is sent
 * again only once RESEND_AFTER has passed (a generation that failed is retried then), so a burst of requests for
 * one post queues one generation, not one per request.
 */
async function requestSummary(db: Queryable, postId: string): Promise<void> {
  const [row] = await db.query<{ send: boolean }>(
    `insert into summary_requests (post_id, last_sent_at) values ($1, now())
     on conflict (post_id) do update set
       request_count = summary_requests.request_count + 1,
       last_sent_at = case
         when summary_requests.last_sent_at is null or summary_requests.last_sent_at < now() - $2::interval then now()
         else summary_requests.last_sent_at end
     returning last_sent_at = now() as send`,
    [postId, RESEND_AFTER],
  );
  if (row?.send) await sendJobEvents([{ name: 'posts/summary.requested', data: { postId } }], db);
}
