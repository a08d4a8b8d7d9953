import type { z } from 'zod';
import type { TimeWindow, TopicSearchResponse } from '../api/contracts/search';
import type { Db } from '../db/types';
import { loadPostMeta } from './details';
import type { TimeRange } from './lexical/rank';

type Response = z.infer<typeof TopicSearchResponse>;

/**
 * A query with nothing to match on once its time phrase is removed ("latest", "what's new this week"): the newest
 * posts, inside the window when there is one. Relevance is flat (50) and confidence weak: nothing was matched.
 */
export async function browseNewest(
  db: Db,
  input: {
    mode: 'fts' | 'hybrid';
    asOf: string;
    query: string;
    normalizedQuery: string;
    timeWindow: z.infer<typeof TimeWindow> | null;
    limit: number;
    range: TimeRange | null;
    inRange: (date: Date | null) => boolean | undefined;
  },
): Promise<Response> {
  const rows = await db.query<{ id: string; total: number }>(
    `select id, count(*) over ()::int as total from posts
      where ($1::timestamptz is null or (published_at >= $1::timestamptz and published_at < $2::timestamptz))
      order by published_at desc nulls last, id desc
      limit $3`,
    [input.range?.start ?? null, input.range?.end ?? null, input.limit],
  );
  const meta = await loadPostMeta(db, rows.map((row) => row.id));
  const items = rows.flatMap((row) => {
    const post = meta.get(row.id);
    if (!post) return [];
    return [
      {
        publicationSlug: post.publicationSlug,
        slug: post.slug,
        title: post.title,
        subtitle: post.subtitle,
        isScopedPublisher: post.isScoped,
        relevanceScore: 50,
        matchedTokenCount: 0,
        totalTokenCount: 0,
        whyMatched: [input.timeWindow ? `Newest posts in the requested window (${input.timeWindow.label})` : 'Newest posts'],
        publishedAt: post.publishedAt?.toISOString() ?? null,
        ...(input.timeWindow ? { isInTimeWindow: input.inRange(post.publishedAt) === true } : {}),
        snippet: null,
        priceCents: post.priceCents,
      },
    ];
  });
  const total = rows[0]?.total ?? 0;
  return {
    mode: input.mode,
    asOf: input.asOf,
    query: input.query,
    normalizedQuery: input.normalizedQuery,
    matchConfidence: items.length > 0 ? 'weak' : 'none',
    searchTierUsed: 'non_scoped',
    timeWindow: input.timeWindow,
    freshnessCoverage: input.timeWindow
      ? { requestedWindow: input.timeWindow, rankedInWindow: total, researchCandidatesInWindow: total, staleFallbackMode: false }
      : null,
    totalCount: total,
    count: items.length,
    items,
  };
}
