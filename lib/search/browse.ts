import type { Db } from '@/lib/db/types';
import { postOrder } from '@/lib/posts/order';
import type { TimeRange } from '@/lib/search/types';
import { loadPostMeta, postItemFields } from './details';
import type { TopicSearchResult } from './result';

/**
 * A query with nothing to match on once its time phrase is removed ("latest", "what's new this week"): the newest
 * posts, inside the window when there is one. Relevance is flat (50) and confidence weak: nothing was matched.
 */
export async function browseNewest(
  db: Db,
  base: Pick<TopicSearchResult, 'mode' | 'asOf' | 'query' | 'normalizedQuery' | 'timeWindow'>,
  input: {
    limit: number;
    range: TimeRange | null;
    inRange: (date: Date | null) => boolean | undefined;
    /** Only posts of these publications (ids), when given. */
    publications?: string[] | null;
  },
): Promise<TopicSearchResult> {
  const rows = await db.query<{ id: string; total: number }>(
    `select id, count(*) over ()::int as total from posts
      where ($1::timestamptz is null or (published_at >= $1::timestamptz and published_at < $2::timestamptz))
        and ($4::uuid[] is null or publication_id = any($4::uuid[]))
      order by ${postOrder()}
      limit $3`,
    [input.range?.start ?? null, input.range?.end ?? null, input.limit, input.publications ?? null],
  );
  const meta = await loadPostMeta(
    db,
    rows.map((row) => row.id),
  );
  const items = rows.flatMap((row) => {
    const post = meta.get(row.id);
    if (!post) return [];
    return [
      {
        ...postItemFields(post, input.inRange(post.publishedAt)),
        relevanceScore: 50,
        matchedTokenCount: 0,
        totalTokenCount: 0,
        whyMatched: [
          base.timeWindow ? `Newest posts in the requested window (${base.timeWindow.label})` : 'Newest posts',
        ],
        snippet: null,
      },
    ];
  });
  const total = rows[0]?.total ?? 0;
  return {
    ...base,
    matchConfidence: items.length > 0 ? 'weak' : 'none',
    searchTierUsed: 'non_scoped',
    freshnessCoverage: base.timeWindow
      ? {
          requestedWindow: base.timeWindow,
          rankedInWindow: total,
          researchCandidatesInWindow: total,
          staleFallbackMode: false,
        }
      : null,
    totalCount: total,
    count: items.length,
    items,
  };
}

/** A query whose words no post holds: nothing matched, nothing returned. */
export function noMatch(
  base: Pick<TopicSearchResult, 'mode' | 'asOf' | 'query' | 'normalizedQuery' | 'timeWindow'>,
): TopicSearchResult {
  return {
    ...base,
    matchConfidence: 'none',
    searchTierUsed: 'non_scoped',
    freshnessCoverage: base.timeWindow
      ? { requestedWindow: base.timeWindow, rankedInWindow: 0, researchCandidatesInWindow: 0, staleFallbackMode: false }
      : null,
    totalCount: 0,
    count: 0,
    items: [],
  };
}
