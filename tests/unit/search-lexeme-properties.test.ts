/**
 * Issue 23: whatever text a feed carries, search analysis emits only valid lexemes, in documents and in queries. The
 * definition is restated here from its parts (not by calling isLexeme alone), so a wrong isLexeme fails too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeDocument, MAX_VECTOR_BYTES } from '@/lib/search/analysis/document';
import { isLexeme, MAX_LEXEME_BYTES, toLexeme } from '@/lib/search/analysis/lexeme';
import { documentLexemes, queryLexemeLadder } from '@/lib/search/analysis/lexemes';
import { stem } from '@/lib/search/analysis/stemmers';
import { tokenize, tokenKind } from '@/lib/search/analysis/tokens';
import { anyLexeme, quoteLexeme } from '@/lib/search/analysis/tsquery';
import { normalizeForSearch } from '@/lib/search/query/normalize';
import { prepareQuery } from '@/lib/search/query/prepare';
import { STOPWORDS } from '@/lib/search/query/stopwords';
import {
  HOSTILE_PIECES,
  hostilePiece,
  hostilePost,
  hostileText,
  LANGUAGES,
  language,
  longWord,
  MARKS,
} from '@/tests/helpers/hostile-text';

const NOW = new Date('2026-11-20T15:00:00Z');
// PostgreSQL: a lexeme is under 2048 bytes (MAXSTRLEN), a tsvector's lexemes and positions at most 1,048,575 bytes.
const PG_MAX_LEXEME_BYTES = 2047;
const PG_MAX_VECTOR_BYTES = 1_048_575;
const PG_MAX_POSITION = 16_383;

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** Fails with the reason when `lexeme` is not what the analysis may emit. */
function expectLexeme(lexeme: unknown) {
  expect(typeof lexeme).toBe('string');
  const text = lexeme as string;
  const shown = JSON.stringify(text);
  expect(text.length, shown).toBeGreaterThan(0);
  expect(text, `${shown} holds a lone surrogate`).not.toMatch(/\p{Cs}/u);
  expect(text.normalize('NFC'), `${shown} is not NFC`).toBe(text);
  expect(text, `${shown} has no letter or digit`).toMatch(/[\p{L}\p{N}]/u);
  expect(text, `${shown} holds a control, format, private-use or unassigned code point, or a space`).not.toMatch(
    /[\p{C}\p{Z}\s]/u,
  );
  expect(text, `${shown} holds an invisible code point`).not.toMatch(/\p{Default_Ignorable_Code_Point}/u);
  expect(text, `${shown} holds a symbol or other punctuation`).toMatch(/^[\p{L}\p{M}\p{N}'+\-.,%]+$/u);
  expect(utf8(text), `${shown} is too long`).toBeLessThanOrEqual(Math.min(MAX_LEXEME_BYTES, PG_MAX_LEXEME_BYTES));
  expect(isLexeme(text), `isLexeme(${shown})`).toBe(true);
}

interface VectorEntry {
  lexeme: string;
  positions: number[];
}

/** The tsvector text analyzeDocument writes, read back; fails unless every character of it is accounted for. */
function parseVector(vector: string): VectorEntry[] {
  const entries: VectorEntry[] = [];
  const pattern = /'((?:[^'\\]|''|\\\\)+)':(\d+[ABCD]?(?:,\d+[ABCD]?)*)/gu;
  let rebuilt = '';
  for (const match of vector.matchAll(pattern)) {
    rebuilt += `${rebuilt ? ' ' : ''}${match[0]}`;
    entries.push({
      lexeme: match[1]!.replaceAll("''", "'").replaceAll('\\\\', '\\'),
      positions: match[2]!.split(',').map((p) => Number.parseInt(p, 10)),
    });
  }
  expect(rebuilt, 'the vector is a list of quoted lexemes with positions').toBe(vector);
  return entries;
}

/** An upper bound of the bytes PostgreSQL counts against its 1 MB limit (tsvector.c, uniqueentry). */
function pgVectorBytes(entries: VectorEntry[]): number {
  return entries.reduce((sum, e) => sum + utf8(e.lexeme) + 1 + 2 + 2 * e.positions.length, 0);
}

describe('the definition of a lexeme', () => {
  it('toLexeme gives null or a valid lexeme, and is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(hostilePiece, hostileText(4)), (raw) => {
        const lexeme = toLexeme(raw);
        if (lexeme === null) return;
        expectLexeme(lexeme);
        expect(toLexeme(lexeme)).toBe(lexeme);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['', null],
    ['\uFE0F', null],
    ['\u0301\u0301', null],
    ['\u3164', null],
    ['a\u0000', null],
    ['\uD800a', null],
    ['❤', null],
    ['-', null],
    ["'", null],
    ['a b', null],
    ['x'.repeat(MAX_LEXEME_BYTES + 1), null],
    ['e\u0301', 'é'],
    ['a\uFE0Fb', 'ab'],
    ['nvidia', 'nvidia'],
    ['-0.3%', '-0.3%'],
    ["o'neil", "o'neil"],
    ['東京', '東京'],
  ])('toLexeme(%j) = %j', (raw, expected) => {
    expect(toLexeme(raw)).toBe(expected);
  });

  it('refuses to quote what is not a lexeme, so nothing else reaches tsvector or tsquery text', () => {
    expect(quoteLexeme("o'neil")).toBe("'o''neil'");
    expect(() => quoteLexeme('')).toThrow(/not a lexeme/);
    expect(() => quoteLexeme('\uFE0F')).toThrow(/not a lexeme/);
    expect(() => anyLexeme(['a', ''])).toThrow(/not a lexeme/);
  });
});

describe('the old failure: a post with "❤️" (U+2764 U+FE0F)', () => {
  it('yields no token and no lexeme for the emoji or its variation selector', () => {
    expect(tokenize(normalizeForSearch('I ❤️ it'))).toEqual([]);
    expect(tokenize(normalizeForSearch('Dividends ❤️'))).toEqual([{ text: 'dividends', kind: 'word' }]);
    // What the old tokenizer produced from it: a token of the variation selector alone, whose folded form is empty.
    expect(documentLexemes({ text: '\uFE0F', kind: 'word' }, 'en')).toEqual([]);
    expect(queryLexemeLadder({ text: '\uFE0F', kind: 'word' }, ['en'])).toEqual([]);
  });

  it('indexes the rest of the post as before', () => {
    const doc = analyzeDocument(
      { title: 'We ❤️ dividends', subtitle: null, publication: 'Letter', body: 'Nestlé ❤️ 👍🏽 yields' },
      'en',
    );
    expect(doc.vector).toBe("'dividend':2A 'letter':5C 'nestlé':7D 'nestl':7D 'yield':8D");
    expect([...doc.weights.keys()].sort()).toEqual(['dividend', 'letter', 'nestl', 'nestlé', 'yield']);
  });
});

describe('documents', () => {
  it('every token of any text is a lexeme and no stopword', () => {
    fc.assert(
      fc.property(hostileText(20), (text) => {
        for (const token of tokenize(normalizeForSearch(text))) {
          expectLexeme(token.text);
          expect(STOPWORDS.has(token.text)).toBe(false);
          expect(token.kind).toBe(tokenKind(token.text));
        }
      }),
      { numRuns: 1000 },
    );
  });

  // The kind is the text's (documentLexemes remembers a token's lexemes by its text).
  it('every lexeme of any token, valid or not, is valid', () => {
    fc.assert(
      fc.property(fc.oneof(hostilePiece, hostileText(3)), language, (text, lang) => {
        for (const lexeme of documentLexemes({ text, kind: tokenKind(text) }, lang)) expectLexeme(lexeme);
      }),
      { numRuns: 1000 },
    );
  });

  it('the tsvector of any post holds only valid lexemes within PostgreSQL limits, and its weights are its own', () => {
    fc.assert(
      fc.property(hostilePost, language, (post, lang) => {
        const doc = analyzeDocument(post, lang);
        const entries = parseVector(doc.vector);
        for (const entry of entries) {
          expectLexeme(entry.lexeme);
          expect(entry.positions.length).toBeGreaterThan(0);
          expect(entry.positions.length).toBeLessThanOrEqual(256);
          for (const [i, p] of entry.positions.entries()) {
            expect(p).toBeGreaterThan(i === 0 ? 0 : entry.positions[i - 1]!);
            expect(p).toBeLessThanOrEqual(PG_MAX_POSITION);
          }
        }
        expect(new Set(entries.map((e) => e.lexeme)).size).toBe(entries.length);
        expect(new Set(doc.weights.keys())).toEqual(new Set(entries.map((e) => e.lexeme)));
        expect(pgVectorBytes(entries)).toBeLessThanOrEqual(PG_MAX_VECTOR_BYTES);
      }),
      { numRuns: 500 },
    );
  });

  it('every word of a post is found by the query ladder of that word', () => {
    fc.assert(
      fc.property(hostilePost, language, (post, lang) => {
        const doc = analyzeDocument(post, lang);
        for (const text of [post.title, post.subtitle ?? '', post.publication, post.body]) {
          for (const token of tokenize(normalizeForSearch(text))) {
            const ladder = queryLexemeLadder(token, [lang]);
            expect(
              ladder.some((rung) => rung.some((lexeme) => doc.weights.has(lexeme))),
              JSON.stringify(token),
            ).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('queries', () => {
  it('every term of any query is a lexeme whose ladder has only valid, non-empty rungs', () => {
    fc.assert(
      fc.property(hostileText(10), fc.subarray(LANGUAGES), (q, extra) => {
        const languages = ['en', ...extra];
        const { terms } = prepareQuery(q, NOW);
        for (const term of terms) {
          expectLexeme(term);
          expect(STOPWORDS.has(term)).toBe(false);
          const ladder = queryLexemeLadder({ text: term, kind: tokenKind(term) }, languages);
          expect(ladder.length, JSON.stringify(term)).toBeGreaterThan(0);
          for (const rung of ladder) {
            expect(rung.length).toBeGreaterThan(0);
            for (const lexeme of rung) expectLexeme(lexeme);
            // What resolveTerms and rank.ts build from a rung.
            expect(anyLexeme(rung)).toContain(quoteLexeme(rung[0]!));
            expect(anyLexeme(rung, 'A')).toContain(':A');
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('the ladder of any token, valid or not, holds only valid lexemes and no empty rung', () => {
    fc.assert(
      fc.property(fc.oneof(hostilePiece, hostileText(3)), (text) => {
        for (const rung of queryLexemeLadder({ text, kind: tokenKind(text) }, LANGUAGES)) {
          expect(rung.length).toBeGreaterThan(0);
          for (const lexeme of rung) expectLexeme(lexeme);
        }
      }),
      { numRuns: 1000 },
    );
  });

  // What the stemmers strip (Irish and French elisions, the Arabic article and tatweel, Greek and Turkish endings),
  // around marks: what is left may be nothing, or marks alone.
  const AFFIXES = ["m'", "d'", "l'", 'n-', 't-', 'ـ', 'ال', 'و', 'ους', 'ları', 'ler', 'ing', 's', 'ement', 'ungen'];
  const stemmable = fc
    .tuple(fc.constantFrom(...AFFIXES), fc.constantFrom('', ...MARKS), fc.constantFrom('', '', '', '', ...AFFIXES))
    .map((parts) => parts.join(''));

  it.each([
    ["m'\u0336", 'ga'],
    ['ـ\u20D6', 'ar'],
    ['ـ\u064F', 'ar'],
    ['ους', 'el'],
    ['ları', 'tr'],
  ])('the stem of %j in %s is a lexeme', (word, lang) => {
    expectLexeme(word);
    expectLexeme(stem(word, lang));
    for (const lexeme of documentLexemes({ text: word, kind: 'word' }, lang)) expectLexeme(lexeme);
  });

  it('a stemmer never turns a lexeme into something that is not one', () => {
    const words = fc.oneof(fc.constantFrom(...HOSTILE_PIECES), hostilePiece, stemmable).map(toLexeme);
    fc.assert(
      fc.property(words, language, (word, lang) => {
        if (word === null) return;
        const stemmed = stem(word, lang);
        expectLexeme(stemmed);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the size of a tsvector', () => {
  it('stops adding lexemes before PostgreSQL would refuse the vector, keeping the positions of known ones', () => {
    const words = Array.from({ length: 30_000 }, (_, i) => longWord(i));
    const body = `${words.join(' ')} ${longWord(0)}`;
    const doc = analyzeDocument({ title: longWord(0), subtitle: null, publication: 'Letter', body }, 'fr');
    const entries = parseVector(doc.vector);
    const bytes = pgVectorBytes(entries);
    expect(bytes).toBeLessThanOrEqual(MAX_VECTOR_BYTES);
    expect(MAX_VECTOR_BYTES).toBeLessThan(PG_MAX_VECTOR_BYTES);
    // Most of the budget is used, and not every word made it.
    expect(bytes).toBeGreaterThan(MAX_VECTOR_BYTES * 0.8);
    expect(entries.length).toBeLessThan(2 * words.length);
    expect(new Set(doc.weights.keys())).toEqual(new Set(entries.map((e) => e.lexeme)));
    // The first word, in the title, the body and again at the end (past the last position), keeps all three.
    const first = documentLexemes({ text: longWord(0), kind: 'word' }, 'fr');
    expect(first).toHaveLength(2);
    for (const lexeme of first) {
      expect(entries.find((e) => e.lexeme === lexeme)?.positions).toEqual([2, 7, PG_MAX_POSITION]);
    }
  });
});
