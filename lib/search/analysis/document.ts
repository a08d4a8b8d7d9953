/**
 * A post's search document, built here rather than by to_tsvector: the tsvector (as text for a ::tsvector cast), and
 * each lexeme's ranking weight, which the indexer needs for the per-term upper bounds of exact top-k ranking.
 */
import { normalizeForSearch } from '@/lib/search/query/normalize';
import { utf8Length } from './lexeme';
import { documentLexemes } from './lexemes';
import { tokenize } from './tokens';
import { termWeight } from './ts-rank';
import { quoteLexeme } from './tsquery';

export interface DocumentFields {
  title: string;
  subtitle: string | null;
  /** Publication name and author. */
  publication: string;
  body: string;
}

export interface AnalyzedDocument {
  /** tsvector input text. */
  vector: string;
  /** termWeight of every lexeme: ts_rank(FIELD_WEIGHTS, vector, lexeme, 1), plus TITLE_WEIGHT if in the title. */
  weights: Map<string, number>;
}

// PostgreSQL keeps positions up to 16383 and at most 256 positions per lexeme; the document stays within both so the
// stored vector is exactly what the weights were computed from.
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_LEXEME = 256;
/**
 * PostgreSQL refuses a tsvector whose lexemes and positions take more than 1,048,575 bytes ("string is too long for
 * tsvector"): about 16,000 distinct 40-letter words. A document counts them as tsvector.c does (each lexeme's UTF-8
 * bytes, at most one byte of alignment, a 2-byte count and 2 bytes a position) and stays within this budget.
 */
export const MAX_VECTOR_BYTES = 1_000_000;
// New lexemes stop this far under the budget, which leaves room for every position the known ones may still take: a
// token adds at most 3 lexemes (a number's forms), each at most once a position.
const POSITIONS_RESERVE = 3 * (MAX_POSITION + 1) * 2;
// Label numbers as tsrank.c indexes its weights: D 0, C 1, B 2, A 3.
const FIELDS = [
  { key: 'title', label: 3, letter: 'A' },
  { key: 'subtitle', label: 2, letter: 'B' },
  { key: 'publication', label: 1, letter: 'C' },
  { key: 'body', label: 0, letter: 'D' },
] as const;
const LETTER = ['D', 'C', 'B', 'A'];

/** @param language the analysis language (see analysisLanguage) */
export function analyzeDocument(fields: DocumentFields, language: string): AnalyzedDocument {
  const positions = new Map<string, { at: number[]; labels: number[] }>();
  let position = 0;
  let bytes = 0;
  for (const field of FIELDS) {
    const text = fields[field.key] ?? '';
    // A gap between fields, so a phrase never matches across the end of the title and the start of the body.
    position += 1;
    for (const token of tokenize(normalizeForSearch(text))) {
      position = Math.min(position + 1, MAX_POSITION);
      for (const lexeme of documentLexemes(token, language)) {
        const entry = positions.get(lexeme);
        if (entry === undefined) {
          // A lexeme past the budget is left out (its weight too); the known ones keep their positions.
          const size = utf8Length(lexeme) + 1 + 2 + 2;
          if (bytes + size > MAX_VECTOR_BYTES - POSITIONS_RESERVE) continue;
          bytes += size;
          positions.set(lexeme, { at: [position], labels: [field.label] });
          continue;
        }
        // Past the position limit every token shares the last position; one entry per position, the first field's.
        if (entry.at.length >= MAX_POSITIONS_PER_LEXEME || entry.at[entry.at.length - 1] === position) continue;
        if (bytes + 2 > MAX_VECTOR_BYTES) continue;
        bytes += 2;
        entry.at.push(position);
        entry.labels.push(field.label);
      }
    }
  }
  let length = 0;
  for (const entry of positions.values()) length += entry.at.length;
  const weights = new Map<string, number>();
  const parts: string[] = [];
  for (const [lexeme, entry] of positions) {
    weights.set(lexeme, termWeight(entry.labels, length));
    let text = `${quoted(lexeme)}:`;
    for (let i = 0; i < entry.at.length; i++) text += `${i ? ',' : ''}${entry.at[i]}${LETTER[entry.labels[i]!]}`;
    parts.push(text);
  }
  return { vector: parts.join(' '), weights };
}

// The same lexemes come back in post after post.
const quotedLexemes = new Map<string, string>();
function quoted(lexeme: string): string {
  let text = quotedLexemes.get(lexeme);
  if (text === undefined) {
    text = quoteLexeme(lexeme);
    if (quotedLexemes.size >= 500_000) quotedLexemes.clear();
    quotedLexemes.set(lexeme, text);
  }
  return text;
}
