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

const QUOTE = 39; // '
const BACKSLASH = 92;

export interface ParseOptions {
  /** Read each entry's positions too. */
  positions?: boolean;
  /**
   * Only these lexemes' entries are wanted (a query's, in a post's whole vector): the others are stepped over without
   * building their strings or positions, and `length` is then not counted.
   */
  only?: ReadonlySet<string>;
}

export function parseTsvectorText(
  text: string,
  options: ParseOptions = {},
): { entries: VectorEntry[]; length: number } {
  const withPositions = options.positions === true;
  const only = options.only;
  // Without a backslash in the text, a lexeme ends at the first quote that is not doubled: found by indexOf, and
  // sliced out whole (most lexemes have no quote at all).
  const fast = !text.includes('\\');
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
    if (fast) {
      let end = text.indexOf("'", i);
      let doubled = false;
      while (end !== -1 && text.charCodeAt(end + 1) === QUOTE) {
        doubled = true;
        end = text.indexOf("'", end + 2);
      }
      if (end === -1) throw new Error('unterminated lexeme in tsvector text');
      lexeme = doubled ? text.slice(i, end).replaceAll("''", "'") : text.slice(i, end);
      i = end;
    } else [lexeme, i] = escapedLexeme(text, i);
    i++; // the closing quote
    if (only && !only.has(lexeme)) {
      // Positions and labels hold no space: the next entry starts after the next one.
      const space = text.indexOf(' ', i);
      i = space === -1 ? n : space;
      continue;
    }
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
        // A 3, B 2, C 1; D is written as no letter.
        const letter = text.charCodeAt(i);
        if (letter >= 65 && letter <= 68) {
          labels.push(68 - letter);
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

/** A lexeme where escapes may be (a backslash is in the text), char by char: it and the index of its closing quote. */
function escapedLexeme(text: string, from: number): [string, number] {
  const n = text.length;
  let lexeme = '';
  let i = from;
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
  return [lexeme + text.slice(start, i), i];
}
