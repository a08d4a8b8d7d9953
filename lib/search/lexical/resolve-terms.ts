import type { Db } from '@/lib/db/types';
import { queryLexemeLadder } from '@/lib/search/analysis/lexemes';
import { EVERY_STEMMING, stem } from '@/lib/search/analysis/stemmers';
import { tokenKind } from '@/lib/search/analysis/tokens';
import { quantizationIsCertain, quantizedBound } from '@/lib/search/analysis/ts-rank';
import { anyLexeme } from '@/lib/search/analysis/tsquery';
import type { ListStats } from '@/lib/search/index/plan-admission';
import { allowedEdits, editDistance, isDictionaryWord } from './spelling';

export interface ResolvedTerm {
  /** The query word as typed (after normalization). */
  term: string;
  /** The lexemes that stand for it (its stem in each corpus language, or its most specific indexed form); any counts. */
  lexemes: string[];
  /** tsquery text matching any of the lexemes. */
  query: string;
  /** BM25 inverse document frequency. */
  idf: number;
  /** Documents containing it (the largest count among its lexemes). */
  docCount: number;
  /**
   * The max impact of the posts outside its lexemes' champion lists (the largest weight it has in any of them); 0 when
   * the lists hold every post.
   */
  unlistedMaxWeight: number;
  /** The largest weight it has in a post that does not hold it in the title (below TITLE_WEIGHT). */
  bodyMaxWeight: number;
  /**
   * The newest an unlisted post at unlistedMaxWeight's quantized weight can be, in microseconds since 1970: -Infinity
   * when none of them is dated, Infinity when unknown. An unlisted post tying the k-th result there beats it only if
   * newer.
   */
  unlistedMaxNewestUs: number;
  /** Set when the word was not indexed and was replaced by the closest indexed lexeme. */
  correctedFrom?: string;
}

interface StatsRow extends ListStats {
  [key: string]: unknown;
  doc_count: number;
}

// Trigram similarity that shortlists correction candidates; edit distance then decides.
const CANDIDATE_SIMILARITY = 0.2;
const ASCII_WORD = /^[a-z]+$/;

function idf(corpus: number, docCount: number): number {
  // The corpus size and the term counts are read by separate statements: while posts are being indexed, a term can
  // count more documents than the corpus size read a moment earlier. A term is never in more documents than exist, so
  // the idf stays positive (a negative one made every score, and the bounds derived from them, negative).
  const documents = Math.max(corpus, docCount);
  return Math.log(1 + (documents - docCount + 0.5) / (docCount + 0.5));
}

/**
 * Analyses the query words as documents are analysed (lib/search/analysis) and attaches their statistics. A word
 * stands for the first rung of its ladder the index holds ("Nestlé" for the accented form if any post has it, else the
 * folded one), stemmed in every language the corpus has. A word no document contains is corrected to the most similar
 * indexed lexeme when one is close enough ("micorn" -> "micron").
 */
export async function resolveTerms(db: Db, terms: string[]): Promise<{ terms: ResolvedTerm[]; corpus: number }> {
  if (terms.length === 0) return { terms: [], corpus: 0 };
  const tokens = terms.map((term) => ({ text: term, kind: tokenKind(term) }));
  // The statistics of the words' lexemes in every language are read with the corpus's languages, in one statement:
  // the ladders below then keep the corpus's languages only.
  const possible = new Set(tokens.flatMap((token) => queryLexemeLadder(token, EVERY_STEMMING).flat()));
  const { languages, corpus, rows } = await corpusFacts(db, [...possible]);
  const ladders = tokens.map((token) => queryLexemeLadder(token, languages));
  const stats = new Map(rows.map((row) => [row.lexeme, row]));
  const resolved: ResolvedTerm[] = [];
  for (const [index, term] of terms.entries()) {
    const ladder = ladders[index]!;
    const rung = ladder
      .map((lexemes) => lexemes.filter((l) => (stats.get(l)?.doc_count ?? 0) > 0))
      .find((l) => l.length);
    if (rung) {
      const docCount = Math.max(...rung.map((l) => stats.get(l)!.doc_count));
      resolved.push({
        term,
        lexemes: rung,
        query: anyLexeme(rung),
        idf: idf(corpus, docCount),
        docCount,
        ...unlistedMaxima(rung.map((l) => stats.get(l)!)),
      });
      continue;
    }
    const correction =
      ASCII_WORD.test(term) && !(await isDictionaryWord(term)) ? await closestLexeme(db, stem(term, 'en')) : null;
    if (correction) {
      resolved.push({
        term: correction.lexeme,
        lexemes: [correction.lexeme],
        query: anyLexeme([correction.lexeme]),
        idf: idf(corpus, correction.doc_count),
        docCount: correction.doc_count,
        ...unlistedMaxima([correction]),
        correctedFrom: term,
      });
      continue;
    }
    // Matches nothing, but still counts as part of the query (a post covers less of it).
    const lexemes = ladder[0]!;
    resolved.push({
      term,
      lexemes,
      query: anyLexeme(lexemes),
      idf: idf(corpus, 0),
      docCount: 0,
      unlistedMaxWeight: 0,
      bodyMaxWeight: 0,
      unlistedMaxNewestUs: Number.POSITIVE_INFINITY,
    });
  }
  return { terms: resolved, corpus };
}

/**
 * What the statistics of a term's lexemes say of its posts off their champion lists (see ResolvedTerm): for a word
 * standing for several lexemes, the largest of each. The rounds test reads its terms through this too.
 */
export function unlistedMaxima(
  rows: ListStats[],
): Pick<ResolvedTerm, 'unlistedMaxWeight' | 'bodyMaxWeight' | 'unlistedMaxNewestUs'> {
  return {
    unlistedMaxWeight: Math.max(...rows.map((row) => row.top_floor)),
    bodyMaxWeight: Math.max(...rows.map((row) => row.body_floor)),
    unlistedMaxNewestUs: newestAtUnlistedMax(rows),
  };
}

/**
 * The newest date of an unlisted post at the term's max unlisted quantized weight: for a word standing for several
 * lexemes, the newest among those whose max is at that quantized weight. The indexer tracks each date with the
 * quantized weight it computed; when a max sits so close under the next quantum that PostgreSQL's weight could fall in
 * it, the date is unknown.
 */
function newestAtUnlistedMax(rows: ListStats[]): number {
  const max = Math.max(...rows.map((row) => quantizedBound(row.top_floor)));
  const atMax = rows.filter((row) => quantizedBound(row.top_floor) === max);
  if (atMax.some((row) => !quantizationIsCertain(row.top_floor))) return Number.POSITIVE_INFINITY;
  return Math.max(...atMax.map((row) => row.floor_published_us ?? Number.NEGATIVE_INFINITY));
}

/** The indexed posts and their languages, in one round trip. */
/**
 * The corpus's size and languages, and the statistics of the lexemes given. The statistics travel as JSON, whose
 * numbers are the columns' own text (a real prints as the shortest decimal that reads back as it), read as the driver
 * reads the columns.
 */
async function corpusFacts(
  db: Db,
  lexemes: string[],
): Promise<{ languages: string[]; corpus: number; rows: StatsRow[] }> {
  const [row] = await db.query<{ corpus: number | null; languages: string[]; stats: StatsRow[] }>(
    `select (select doc_count from search_corpus_stats) as corpus,
            array(select language from search_languages where doc_count > 0) as languages,
            coalesce((select json_agg(s)
                        from (select lexeme, doc_count, top_floor, body_floor, floor_published_us
                                from search_term_stats where lexeme = any($1::text[])) s), '[]'::json) as stats`,
    [lexemes],
  );
  // JSON writes NaN and the infinities as strings: numbers again here.
  const rows = (row?.stats ?? []).map((stats) => ({
    ...stats,
    top_floor: Number(stats.top_floor),
    body_floor: Number(stats.body_floor),
    floor_published_us: stats.floor_published_us === null ? null : Number(stats.floor_published_us),
  }));
  return { languages: [...new Set(['en', ...(row?.languages ?? [])])], corpus: row?.corpus ?? 0, rows };
}

async function closestLexeme(db: Db, lexeme: string) {
  const edits = allowedEdits(lexeme);
  if (edits === 0) return null;
  // The % operator can use the trigram index (built on lower(lexeme), which equals lexeme: migration
  // 20261122050000); its threshold is lowered for this statement only.
  const candidates = await db.transaction(async (tx) => {
    await tx.exec(`set local pg_trgm.similarity_threshold = ${CANDIDATE_SIMILARITY}`);
    return tx.query<StatsRow>(
      `select lexeme, doc_count, top_floor, body_floor, floor_published_us
         from search_term_stats
        where lower(lexeme) % $1 and doc_count > 0
        order by similarity(lexeme, $1) desc, doc_count desc
        limit 20`,
      [lexeme],
    );
  });
  const scored = candidates
    .filter((c) => ASCII_WORD.test(c.lexeme))
    .map((c) => ({ ...c, distance: editDistance(lexeme, c.lexeme) }))
    .filter((c) => c.distance <= edits)
    .sort((a, b) => a.distance - b.distance || b.doc_count - a.doc_count);
  return scored[0] ?? null;
}
