import { TIME_WINDOW_SEMANTICS } from './query/time-window';
import { SCORING } from './score';

/** A 0-1 fraction on the 0-100 scale, without floating-point residue (0.55 * 100 is 55.00000000000001). */
const onScale = (fraction: number) => Math.round(fraction * 1000) / 10;

/** How search behaves, in words, for the OpenAPI description (one source: the constants the code runs on). */
export function describeSearch(): string {
  const windows = Object.entries(TIME_WINDOW_SEMANTICS).map(([label, text]) => `- \`${label}\`: ${text}`);
  return [
    'Lexical (`fts`: weighted title, subtitle, publication and body fields, BM25-style term rarity, misspelling correction) or hybrid (lexical fused with semantic similarity of embeddings; when embeddings or pgvector are unavailable the search runs lexically and `mode` says `fts`). Results are candidates to buy, not evidence.',
    '',
    `relevanceScore is on a 0-100 scale: 100 x the fused relevance (lexical ${SCORING.lexicalWeight} : semantic ${SCORING.semanticWeight}), where lexical relevance is the idf-weighted share of the query a post covers and semantic relevance maps cosine similarity ${SCORING.similarityFloor}-${SCORING.similarityCeiling} onto 0-1. Results below ${onScale(SCORING.minimumRelevance)} are not returned.`,
    `matchConfidence is \`strong\` when the best result reaches ${onScale(SCORING.strong)}, \`weak\` from ${onScale(SCORING.weak)}, otherwise \`none\` (treat as no useful match).`,
    'searchTierUsed is `scoped` when curated publishers alone give at least three strong results (then only they are returned), otherwise `non_scoped`.',
    '',
    'Time phrases in `q` set `timeWindow` (UTC; removed from the text before matching, like intent words such as "latest"). In-window posts rank first; when fewer than `limit` qualify, older results fill the page and `freshnessCoverage.staleFallbackMode` is true. Windows:',
    ...windows,
  ].join('\n');
}
