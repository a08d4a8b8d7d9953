import type { Db } from '@/lib/db/types';
import { allowedEdits, editDistance, isDictionaryWord } from './spelling';

export interface ResolvedTerm {
  /** The query word as typed (after normalization). */
  term: string;
  /** Its stemmed lexemes; usually one. */
  lexemes: string[];
  /** tsquery text matching the term: its lexemes AND-ed. */
  query: string;
  /** BM25 inverse document frequency. */
  idf: number;
  /** Documents containing it. */
  docCount: number;
  /** Set when the word was not indexed and was replaced by the closest indexed lexeme. */
  correctedFrom?: string;
}

interface LexemeRow {
  [key: string]: unknown;
  ord: number;
  lexeme: string;
  doc_count: number;
  corpus: number;
}

// Trigram similarity that shortlists correction candidates; edit distance then decides.
const CANDIDATE_SIMILARITY = 0.2;
// Lexemes are stems of [a-z0-9] words; anything else never reaches a tsquery.
const SAFE_LEXEME = /^[a-z0-9]+$/;

function idf(corpus: number, docCount: number): number {
  return Math.log(1 + (corpus - docCount + 0.5) / (docCount + 0.5));
}

/**
 * Stems the query words with the same text-search configuration as the documents and attaches their document
 * frequencies. Stop words vanish here. A word no document contains is corrected to the most similar indexed lexeme
 * when one is close enough ("micorn" -> "micron").
 */
export async function resolveTerms(db: Db, terms: string[]): Promise<{ terms: ResolvedTerm[]; corpus: number }> {
  if (terms.length === 0) return { terms: [], corpus: 0 };
  const rows = await db.query<LexemeRow>(
    `select t.ord::int as ord, l.lexeme, coalesce(s.doc_count, 0) as doc_count,
            (select doc_count from search_corpus_stats) as corpus
       from unnest($1::text[]) with ordinality as t(term, ord)
       cross join lateral unnest(tsvector_to_array(to_tsvector('english', t.term))) as l(lexeme)
       left join search_term_stats s on s.lexeme = l.lexeme
      order by t.ord`,
    [terms],
  );
  const corpus = rows[0]?.corpus ?? 0;
  const resolved: ResolvedTerm[] = [];
  for (const [index, term] of terms.entries()) {
    const lexemeRows = rows.filter((row) => row.ord === index + 1 && SAFE_LEXEME.test(row.lexeme));
    if (lexemeRows.length === 0) continue;
    const docCount = Math.min(...lexemeRows.map((row) => row.doc_count));
    if (docCount === 0 && lexemeRows.length === 1 && !(await isDictionaryWord(term))) {
      const correction = await closestLexeme(db, lexemeRows[0]!.lexeme);
      if (correction) {
        resolved.push({
          term: correction.lexeme,
          lexemes: [correction.lexeme],
          query: correction.lexeme,
          idf: idf(corpus, correction.doc_count),
          docCount: correction.doc_count,
          correctedFrom: term,
        });
        continue;
      }
    }
    const lexemes = lexemeRows.map((row) => row.lexeme);
    resolved.push({ term, lexemes, query: lexemes.join(' & '), idf: idf(corpus, docCount), docCount });
  }
  return { terms: resolved, corpus };
}

async function closestLexeme(db: Db, lexeme: string) {
  const edits = allowedEdits(lexeme);
  if (edits === 0) return null;
  // The % operator can use the trigram index (built on lower(lexeme), which equals lexeme: migration
  // 20261122050000); its threshold is lowered for this statement only.
  const candidates = await db.transaction(async (tx) => {
    await tx.exec(`set local pg_trgm.similarity_threshold = ${CANDIDATE_SIMILARITY}`);
    return tx.query<{ lexeme: string; doc_count: number }>(
      `select lexeme, doc_count
         from search_term_stats
        where lower(lexeme) % $1 and doc_count > 0
        order by similarity(lexeme, $1) desc, doc_count desc
        limit 20`,
      [lexeme],
    );
  });
  const scored = candidates
    .filter((c) => SAFE_LEXEME.test(c.lexeme))
    .map((c) => ({ ...c, distance: editDistance(lexeme, c.lexeme) }))
    .filter((c) => c.distance <= edits)
    .sort((a, b) => a.distance - b.distance || b.doc_count - a.doc_count);
  return scored[0] ?? null;
}
