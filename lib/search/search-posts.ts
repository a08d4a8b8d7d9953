import type { z } from 'zod';
import type { TopicSearchPostItem } from '@/lib/api/contracts/search';
import { readCapabilities } from '@/lib/db/capabilities';
import type { Db } from '@/lib/db/types';
import { browseNewest } from './browse';
import { loadMatchDetails, loadPostMeta, type PostMeta, postItemFields } from './details';
import type { EmbeddingProvider } from './embeddings/provider';
import { snippetFor, whyMatched } from './explain';
import { resolveTerms } from './lexical/resolve-terms';
import { prepareQuery } from './query/prepare';
import type { TopicSearchResult } from './result';
import { retrieve } from './retrieve';
import { confidenceOf, fuse, lexicalRelevance, SCORING, semanticRelevance } from './score';

export type SearchMode = 'fts' | 'hybrid' | 'semantic';

export interface SearchRequest {
  q: string;
  limit: number;
  /** `semantic` (dense only) exists for evaluation; the API offers fts and hybrid. */
  mode: SearchMode;
  now: Date;
}

type Item = z.infer<typeof TopicSearchPostItem>;

interface Ranked {
  meta: PostMeta;
  relevance: number;
  similarity: number | null;
  matched: number;
  coverage: number | null;
  inWindow: boolean | undefined;
}

/** Minimum strong results from curated publishers for the search to stay in the scoped tier. */
const SCOPED_TIER_MINIMUM = 3;

/** A search waits this long for a remote query embedding, once, before it answers lexically. */
const QUERY_EMBEDDING_TIMEOUT_MS = 3000;

/**
 * The query's vector, or null when the provider fails or is slow: hybrid search then answers as lexical search (the
 * response's mode says 'fts') instead of failing the request.
 */
async function embedQuery(embeddings: EmbeddingProvider, query: string): Promise<number[] | null> {
  try {
    return (await embeddings.embed([query], { timeoutMs: QUERY_EMBEDDING_TIMEOUT_MS, maxRetries: 0 }))[0]!;
  } catch (error) {
    console.warn(`[search] query embedding failed, answering lexically: ${(error as Error).message}`);
    return null;
  }
}

export async function searchPosts(
  db: Db,
  request: SearchRequest,
  deps: { embeddings: EmbeddingProvider | null },
): Promise<TopicSearchResult> {
  const prepared = prepareQuery(request.q, request.now);
  const window = prepared.timeWindow;
  const range = window ? { start: window.startIso, end: window.endIso } : null;
  const inRange = (date: Date | null) =>
    range ? date !== null && date.toISOString() >= range.start && date.toISOString() < range.end : undefined;

  const { terms, corpus } = await resolveTerms(db, prepared.terms);
  const lexicalOn = request.mode !== 'semantic' && terms.length > 0;
  const semanticPossible = request.mode !== 'fts' && deps.embeddings !== null && (await readCapabilities(db)).vector;
  const vector =
    semanticPossible && prepared.normalizedQuery ? await embedQuery(deps.embeddings!, prepared.normalizedQuery) : null;
  const semanticOn = vector?.some((value) => value !== 0) ?? false;

  const base = {
    mode: semanticOn && request.mode !== 'fts' ? ('hybrid' as const) : ('fts' as const),
    asOf: request.now.toISOString(),
    query: request.q,
    normalizedQuery: prepared.normalizedQuery,
    timeWindow: window,
  };

  if (!lexicalOn && !semanticOn) {
    // Nothing to match on ("latest", "this week"): the newest posts, inside the window when there is one.
    return browseNewest(db, base, { limit: request.limit, range, inRange });
  }

  const { evidence, lexicalCandidatesInWindow } = await retrieve(db, {
    terms: lexicalOn ? terms : [],
    corpus,
    vector: semanticOn ? vector : null,
    embeddings: deps.embeddings,
    range,
    limit: request.limit,
  });
  const meta = await loadPostMeta(db, [...evidence.keys()]);
  const bestScore = Math.max(0, ...[...evidence.values()].map((e) => e.lexical?.score ?? 0));

  const ranked: Ranked[] = [];
  for (const [id, e] of evidence) {
    const post = meta.get(id);
    if (!post) continue;
    const lexical = lexicalOn ? (e.lexical ? lexicalRelevance(e.lexical, bestScore) : 0) : null;
    const semantic = semanticOn ? semanticRelevance(e.similarity ?? -1) : null;
    ranked.push({
      meta: post,
      relevance: fuse(lexical, semantic),
      similarity: e.similarity ?? null,
      matched: e.lexical?.matched ?? 0,
      coverage: e.lexical && e.lexical.matched > 0 ? e.lexical.matched / terms.length : null,
      inWindow: inRange(post.publishedAt),
    });
  }
  const gated = ranked
    .filter((r) => r.relevance >= SCORING.minimumRelevance)
    .sort(
      (a, b) =>
        b.relevance - a.relevance || (b.meta.publishedAt?.getTime() ?? 0) - (a.meta.publishedAt?.getTime() ?? 0),
    );

  // With a window, in-window posts rank first; older ones only fill a thin window.
  const inWindow = window ? gated.filter((r) => r.inWindow) : gated;
  const older = window ? gated.filter((r) => !r.inWindow) : [];
  const staleFallbackMode = window !== null && inWindow.length < request.limit && older.length > 0;
  const ordered = staleFallbackMode ? [...inWindow, ...older] : inWindow;

  // Curated publishers first: stay in the scoped tier when it alone answers the query well, and never when the best
  // answer is elsewhere (a post searched by its exact title must not be hidden because its publisher is not curated).
  const scopedStrong = ordered.filter((r) => r.meta.isScoped && r.relevance >= SCORING.strong).length;
  const scoped = ordered[0]?.meta.isScoped === true && scopedStrong >= Math.min(request.limit, SCOPED_TIER_MINIMUM);
  const results = scoped ? ordered.filter((r) => r.meta.isScoped) : ordered;
  const page = results.slice(0, request.limit);

  const details = await loadMatchDetails(
    db,
    page.map((r) => r.meta.id),
    lexicalOn ? terms : [],
  );
  const items: Item[] = page.map((r) => {
    const detail = details.get(r.meta.id);
    return {
      ...postItemFields(r.meta, r.inWindow),
      relevanceScore: Math.round(r.relevance * 1000) / 10,
      matchedTokenCount: r.matched,
      totalTokenCount: r.matched > 0 ? terms.length : 0,
      ...(r.coverage !== null ? { topicCoverageRatio: Math.round(r.coverage * 1000) / 1000 } : {}),
      whyMatched: whyMatched({
        terms: lexicalOn ? terms : [],
        detail,
        similarity: semanticOn ? r.similarity : null,
        fused: lexicalOn && semanticOn,
        inWindowLabel: r.inWindow ? window!.label : null,
      }),
      snippet: detail ? snippetFor(detail.body, terms) : null,
    };
  });

  return {
    ...base,
    matchConfidence: confidenceOf(results[0]?.relevance),
    searchTierUsed: scoped ? 'scoped' : 'non_scoped',
    freshnessCoverage: window
      ? {
          requestedWindow: window,
          rankedInWindow: inWindow.length,
          researchCandidatesInWindow: Math.max(lexicalCandidatesInWindow, ranked.filter((r) => r.inWindow).length),
          staleFallbackMode,
        }
      : null,
    totalCount: results.length,
    count: items.length,
    items,
  };
}
