import type { Db } from '@/lib/db/types';
import type { ResolvedTerm } from '@/lib/search/lexical/resolve-terms';
import { resolveTerms } from '@/lib/search/lexical/resolve-terms';
import type { WatchFacts } from '@/lib/watches/event-payload';
import type { PostFacts } from './post-facts';
import { scoreTopic, type TopicMatch } from './score-topic';

interface TopicWatchRow extends WatchFacts {
  [key: string]: unknown;
  terms: string[];
  min_confidence: 'weak' | 'strong';
  created_at: Date;
}

/**
 * Topic watches a batch of new posts matches, without a search per watch: each post's lexemes find the watches that
 * hold one of them (watch_terms, one index lookup per post), and only those candidates are scored, against that post
 * alone, with the terms resolved once for the batch as search resolves a query's.
 */
export async function matchTopics(
  db: Db,
  posts: readonly PostFacts[],
): Promise<Array<{ watch: WatchFacts; post: PostFacts; match: TopicMatch }>> {
  const candidates = new Map<string, Set<string>>();
  for (const post of posts) {
    if (post.lexemes.size === 0) continue;
    const rows = await db.query<{ watch_id: string }>(
      `select distinct t.watch_id from watch_terms t join watches w on w.id = t.watch_id
        where t.lexeme = any($1::text[]) and w.created_at <= $2`,
      [[...post.lexemes.keys()], post.createdAt],
    );
    if (rows.length > 0) candidates.set(post.id, new Set(rows.map((r) => r.watch_id)));
  }
  if (candidates.size === 0) return [];
  const watchIds = [...new Set([...candidates.values()].flatMap((ids) => [...ids]))];
  const watches = await db.query<TopicWatchRow>(
    `select w.id, w.kind, w.ticker, w.query, null::text as "publicationSlug", w.base_url as "baseUrl", w.terms,
            w.min_confidence, w.created_at
       from watches w where w.id = any($1::uuid[])`,
    [watchIds],
  );
  const resolved = await resolveTerms(db, [...new Set(watches.flatMap((w) => w.terms))]);
  const byTerm = new Map<string, ResolvedTerm>();
  for (const term of resolved.terms) byTerm.set(term.correctedFrom ?? term.term, term);
  const byId = new Map(watches.map((w) => [w.id, w]));
  const matches: Array<{ watch: WatchFacts; post: PostFacts; match: TopicMatch }> = [];
  for (const post of posts) {
    for (const id of candidates.get(post.id) ?? []) {
      const watch = byId.get(id);
      if (!watch) continue;
      const terms = watch.terms.map((term) => byTerm.get(term)).filter((t): t is ResolvedTerm => t !== undefined);
      const match = scoreTopic(post, terms);
      if (!match || (watch.min_confidence === 'strong' && match.confidence !== 'strong')) continue;
      matches.push({
        watch: {
          id: watch.id,
          kind: watch.kind,
          ticker: null,
          query: watch.query,
          publicationSlug: null,
          baseUrl: watch.baseUrl,
        },
        post,
        match,
      });
    }
  }
  return matches;
}
