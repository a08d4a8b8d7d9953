/**
 * Lexemes as tsvector/tsquery input text. Lexemes come from any script and may hold apostrophes, signs, percent
 * signs or backslashes; quoting is what keeps them one lexeme and never an operator.
 */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** tsquery text matching any of the lexemes, optionally only in positions with the given weight labels ("A"). */
export function anyLexeme(lexemes: readonly string[], labels = ''): string {
  const parts = lexemes.map((lexeme) => `${quoteLexeme(lexeme)}${labels ? `:${labels}` : ''}`);
  return parts.length === 1 ? parts[0]! : `(${parts.join(' | ')})`;
}
