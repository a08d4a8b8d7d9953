/**
 * Lexemes as tsvector/tsquery input text. Lexemes come from any script and may hold apostrophes, signs or percent
 * signs (never a backslash); quoting is what keeps them one lexeme and never an operator. Only a lexeme (./lexeme.ts)
 * is quoted: anything else is a defect of the analysis, refused here rather than by PostgreSQL, which would refuse the
 * whole document or query with it.
 */
import { isLexeme } from './lexeme';

export function quoteLexeme(lexeme: string): string {
  if (!isLexeme(lexeme)) throw new Error(`not a lexeme: ${JSON.stringify(lexeme)}`);
  return `'${lexeme.replaceAll("'", "''")}'`;
}

/** tsquery text matching any of the lexemes, optionally only in positions with the given weight labels ("A"). */
export function anyLexeme(lexemes: readonly string[], labels = ''): string {
  if (lexemes.length === 0) throw new Error('no lexeme to match');
  const parts = lexemes.map((lexeme) => `${quoteLexeme(lexeme)}${labels ? `:${labels}` : ''}`);
  return parts.length === 1 ? parts[0]! : `(${parts.join(' | ')})`;
}
