import { TIME_WINDOW_SEMANTICS } from './query/time-window';
import { MIN_LEXICAL_COVERAGE, SCOPE, SCORING } from './score';

/** A 0-1 fraction on the 0-100 scale, without floating-point residue (0.55 * 100 is 55.00000000000001). */
const onScale = (fraction: number) => Math.round(fraction * 1000) / 10;

/** How search behaves, in words, for the OpenAPI description (one source: the constants the code runs on). */
export function describeSearch(): string {
  const windows = Object.entries(TIME_WINDOW_SEMANTICS).map(([label, text]) => `- \`${label}\`: ${text}`);
  return [
    'Lexical (`fts`: weighted title, subtitle, publication and body fields, BM25-style term rarity, misspelling correction) or hybrid (lexical fused with semantic similarity of embeddings; when embeddings or pgvector are unavailable the search runs lexically and `mode` says `fts`). Results are candidates to buy, not evidence.',
    '',
    `relevanceScore is on a 0-100 scale: 100 x the fused relevance (lexical ${SCORING.lexicalWeight} : semantic ${SCORING.semanticWeight}), where lexical relevance is the idf-weighted share of the query a post covers, scaled by its score against the best, and semantic relevance maps cosine similarity ${SCORING.similarityFloor}-${SCORING.similarityCeiling} onto 0-1.`,
    `A post is a match, and only matches are returned, when the query words it holds carry at least ${Math.round(MIN_LEXICAL_COVERAGE * 100)}% of the query's idf weight (a word no post holds included), when (hybrid) it is among the semantic side's nearest posts with a semantic relevance that alone reaches ${onScale(SCORING.minimumRelevance / SCORING.semanticWeight)}, or when its title is the query. totalCount is the number of matches in the answer's scope (its tier, and its time window unless staleFallbackMode), whatever \`limit\` is; a query no post matches answers totalCount 0 and matchConfidence \`none\`.`,
    `matchConfidence is \`strong\` when the best result reaches ${onScale(SCORING.strong)}, \`weak\` from ${onScale(SCORING.weak)}, otherwise \`none\` (treat as no useful match).`,
    `searchTierUsed is \`scoped\` when the best result and at least ${SCOPE.scopedTierMinimum} strong results among the first ${SCOPE.tierProbe} are from curated publishers (then only theirs are returned), otherwise \`non_scoped\`.`,
    '',
    `Time phrases in \`q\` set \`timeWindow\` (UTC; removed from the text before matching, like intent words such as "latest"). In-window posts rank first; when fewer than ${SCOPE.thinWindow} posts in the window match the query's words, older matches follow them and \`freshnessCoverage.staleFallbackMode\` is true. Windows:`,
    ...windows,
  ].join('\n');
}
