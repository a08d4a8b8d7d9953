import type { Db } from '@/lib/db/types';
import type { ResolvedTerm } from '@/lib/search/lexical/resolve-terms';
import { resolveTerms } from '@/lib/search/lexical/resolve-terms';
import type { WatchFacts } from '@/lib/watches/event-payload';
import { type MinConfidence, minCoverage } from '@/lib/watches/topic-key';
import type { PostFacts } from './post-facts';
import { scoreTopic, type TopicMatch } from './score-topic';

interface CandidateRow extends WatchFacts {
  [key: string]: unknown;
  terms: string[];
  min_confidence: MinConfidence;
  created_at: Date;
  /** The lexemes of the watch's key (topic-key.ts) that some post of the batch holds. */
  keys: string[];
}

/**
 * Topic watches a batch of new posts matches, without a search per watch: one statement finds the watches whose key
 * terms (their rarest, topic-key.ts) a post of the batch holds, with what scoring needs of them; each post's
 * candidates are then scored in memory, against that post alone, with the terms resolved once for the batch as search
 * resolves a query's. A watch whose key a post does not hold cannot match it, so is never read for it.
 */
export async function matchTopics(
  db: Db,
  posts: readonly PostFacts[],
): Promise<Array<{ watch: WatchFacts; post: PostFacts; match: TopicMatch }>> {
  const lexemes = [...new Set(posts.flatMap((post) => [...post.lexemes.keys()]))];
  if (lexemes.length === 0) return [];
  const latest = new Date(Math.max(...posts.map((post) => post.createdAt.getTime())));
  const watches = await db.query<CandidateRow>(
    `select w.id, w.kind, null::text as ticker, w.query, null::text as "publicationSlug", w.base_url as "baseUrl",
            w.terms, w.min_confidence, w.created_at, array_agg(t.lexeme) as keys
       from watch_terms t join watches w on w.id = t.watch_id
      where t.lexeme = any($1::text[]) and w.created_at <= $2
      group by w.id`,
    [lexemes, latest],
  );
  if (watches.length === 0) return [];
  const resolved = await resolveTerms(db, [...new Set(watches.flatMap((w) => w.terms))]);
  const byTerm = new Map<string, ResolvedTerm>();
  for (const term of resolved.terms) byTerm.set(term.correctedFrom ?? term.term, term);
  const matches: Array<{ watch: WatchFacts; post: PostFacts; match: TopicMatch }> = [];
  for (const watch of watches) {
    const terms = watch.terms.map((term) => byTerm.get(term)).filter((t): t is ResolvedTerm => t !== undefined);
    for (const post of posts) {
      // Each watch is read once for the batch: a post is matched once per watch it holds a key of.
      if (watch.created_at > post.createdAt || !watch.keys.some((lexeme) => post.lexemes.has(lexeme))) continue;
      const match = scoreTopic(post, terms, minCoverage(watch.min_confidence));
      if (!match || (watch.min_confidence === 'strong' && match.confidence !== 'strong')) continue;
      const { id, kind, ticker, query, publicationSlug, baseUrl } = watch;
      matches.push({ watch: { id, kind, ticker, query, publicationSlug, baseUrl }, post, match });
    }
  }
  return matches;
}
