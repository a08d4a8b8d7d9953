import type { Db } from '@/lib/db/types';
import { queryLexemeLadder } from '@/lib/search/analysis/lexemes';
import { EVERY_STEMMING, stem } from '@/lib/search/analysis/stemmers';
import { tokenKind } from '@/lib/search/analysis/tokens';
import { anyLexeme } from '@/lib/search/analysis/tsquery';
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
  /** Set when the word was not indexed and was replaced by the closest indexed lexeme. */
  correctedFrom?: string;
}

interface StatsRow {
  [key: string]: unknown;
  lexeme: string;
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
export async function resolveTerms(
  db: Db,
  terms: string[],
  alongside: Alongside = {},
): Promise<{ terms: ResolvedTerm[]; corpus: number } & AlongsideFacts> {
  const asked = alongside.titledAs !== undefined || alongside.scopedPublications === true;
  if (terms.length === 0 && !asked) return { terms: [], corpus: 0, titled: [], scopedPublications: [] };
  const tokens = terms.map((term) => ({ text: term, kind: tokenKind(term) }));
  // The statistics of the words' lexemes in every language are read with the corpus's languages, in one statement:
  // the ladders below then keep the corpus's languages only.
  const possible = new Set(tokens.flatMap((token) => queryLexemeLadder(token, EVERY_STEMMING).flat()));
  const { languages, corpus, rows, titled, scopedPublications } = await corpusFacts(db, [...possible], alongside);
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
    });
  }
  return { terms: resolved, corpus, titled, scopedPublications };
}

/**
 * What a search reads beside its terms' statistics, in the same statement (lib/search/search-posts.ts): each
 * statement costs the process a write to the database's socket and a read, a large share of a search's time.
 */
export interface Alongside {
  /** Posts titled exactly as this text, ignoring case (index posts_title_lower_idx), newest first, at most `limit`. */
  titledAs?: { title: string; publications: string[] | null; limit: number };
  /** The curated publications' ids (`is_scoped`): the scoped tier. */
  scopedPublications?: boolean;
}

export interface AlongsideFacts {
  /** Ids of the posts titled as asked (empty when not asked). */
  titled: string[];
  /** Ids of the curated publications (empty when not asked). */
  scopedPublications: string[];
}

/** The corpus's size and languages, and the document counts of the lexemes given, in one round trip. */
async function corpusFacts(
  db: Db,
  lexemes: string[],
  alongside: Alongside,
): Promise<{ languages: string[]; corpus: number; rows: StatsRow[] } & AlongsideFacts> {
  const params: unknown[] = [lexemes];
  const param = (value: unknown) => `$${params.push(value)}`;
  const titledAs = alongside.titledAs;
  const titled = titledAs
    ? `array(select id from posts where lower(title) = lower(${param(titledAs.title)})
               and (${param(titledAs.publications)}::uuid[] is null or publication_id = any($${params.length}::uuid[]))
             order by published_at desc nulls last limit ${param(titledAs.limit)})`
    : `'{}'::uuid[]`;
  const scoped = alongside.scopedPublications ? 'array(select id from publications where is_scoped)' : `'{}'::uuid[]`;
  const [row] = await db.query<{
    corpus: number | null;
    languages: string[];
    stats: StatsRow[];
    titled: string[];
    scoped: string[];
  }>(
    `select (select doc_count from search_corpus_stats) as corpus,
            array(select language from search_languages where doc_count > 0) as languages,
            coalesce((select json_agg(s)
                        from (select lexeme, doc_count from search_term_stats where lexeme = any($1::text[])) s),
                      '[]'::json) as stats,
            ${titled} as titled, ${scoped} as scoped`,
    params,
  );
  const rows = row?.stats ?? [];
  return {
    languages: [...new Set(['en', ...(row?.languages ?? [])])],
    corpus: row?.corpus ?? 0,
    rows,
    titled: row?.titled ?? [],
    scopedPublications: row?.scoped ?? [],
  };
}

async function closestLexeme(db: Db, lexeme: string) {
  const edits = allowedEdits(lexeme);
  if (edits === 0) return null;
  // The % operator can use the trigram index (built on lower(lexeme), which equals lexeme: migration
  // 20261122050000); its threshold is lowered for this statement only.
  const candidates = await db.transaction(async (tx) => {
    await tx.exec(`set local pg_trgm.similarity_threshold = ${CANDIDATE_SIMILARITY}`);
    return tx.query<StatsRow>(
      `select lexeme, doc_count
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
