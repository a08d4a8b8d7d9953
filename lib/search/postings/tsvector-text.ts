/**
 * Reads PostgreSQL's text output of a tsvector (`'lexeme':1A,5,9B 'other':3`): each lexeme with the field labels of its
 * positions, and the document length ts_rank divides by (the number of positions). tsvectorout doubles a quote or a
 * backslash inside a lexeme and writes no letter for label D.
 */

export interface VectorEntry {
  lexeme: string;
  /** Label numbers in position order, as tsrank.c indexes its weights: D 0, C 1, B 2, A 3. */
  labels: number[];
  /** The positions, when asked for (withPositions). */
  positions?: number[];
}

const LABEL: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };
const QUOTE = 39; // '
const BACKSLASH = 92;

export function parseTsvectorText(text: string, withPositions = false): { entries: VectorEntry[]; length: number } {
  const entries: VectorEntry[] = [];
  let length = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && text.charCodeAt(i) === 32) i++;
    if (i >= n) break;
    if (text.charCodeAt(i) !== QUOTE) throw new Error(`unexpected tsvector text at ${i}`);
    i++;
    let lexeme = '';
    let start = i;
    for (;;) {
      if (i >= n) throw new Error('unterminated lexeme in tsvector text');
      const c = text.charCodeAt(i);
      if (c === QUOTE || c === BACKSLASH) {
        // A doubled quote or backslash stands for one; a single quote ends the lexeme.
        if (c === QUOTE && text.charCodeAt(i + 1) !== QUOTE) break;
        lexeme += text.slice(start, i + 1);
        i += 2;
        start = i;
        continue;
      }
      i++;
    }
    lexeme += text.slice(start, i);
    i++; // the closing quote
    const labels: number[] = [];
    const positions: number[] | undefined = withPositions ? [] : undefined;
    if (text.charCodeAt(i) === 58 /* : */) {
      i++;
      for (;;) {
        let position = 0;
        while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) {
          position = position * 10 + text.charCodeAt(i) - 48;
          i++;
        }
        positions?.push(position);
        const letter = text[i];
        if (letter !== undefined && letter in LABEL) {
          labels.push(LABEL[letter]!);
          i++;
        } else labels.push(0);
        if (text.charCodeAt(i) !== 44 /* , */) break;
        i++;
      }
    }
    // cnt_length counts a lexeme stored without positions as one.
    length += labels.length || 1;
    entries.push(positions ? { lexeme, labels, positions } : { lexeme, labels });
  }
  return { entries, length };
}
