import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '@/lib/search/analysis/document';
import { documentLexemes, fold, queryLexemeLadder } from '@/lib/search/analysis/lexemes';
import { analysisLanguage } from '@/lib/search/analysis/stemmers';
import { tokenize } from '@/lib/search/analysis/tokens';
import { anyLexeme, quoteLexeme } from '@/lib/search/analysis/tsquery';
import { snippetFor } from '@/lib/search/explain';
import { normalizeForSearch } from '@/lib/search/query/normalize';

const words = (text: string) => tokenize(normalizeForSearch(text)).map((t) => t.text);

describe('tokenize', () => {
  it.each([
    ['what did analysts say about AT&T 10-K', ['analysts', 'att', '10k']],
    ['S&P 500 outlook', ['sp500', 'outlook']],
    ['Q3 portfolio update: -0.3% vs the S&P 500 +0.2%', ['q3', 'portfolio', 'update', '-0.3%', 'vs', 'sp500', '+0.2%']],
    ['cpi 4.2% and 1,5 vs 2026 and 2-3%', ['cpi', '4.2%', '1,5', 'vs', '2026', '2', '3%']],
    ['typeset −1.5% drop', ['typeset', '-1.5%', 'drop']],
    ['$BRK.B and FY2026 guidance', ['brkb', 'fy2026', 'guidance']],
    ["Nvidia's margin, O'Neill's", ['nvidia', 'margin', "o'neill"]],
    // An apostrophe ends no word, a variation selector after it included (it once made the lexeme à').
    ["Investors' money, À'\u{E0100} and À'", ['investors', 'money', 'à', 'à']],
    // A word is read the same in any context: a digit after a comma led the word 1'ꓐ, a word segmenter left הַהוֹן' and an
    // accent after an apostrophe made à' a word; typed alone they are 1 and ꓐ, הַהוֹן, à.
    [
      ",1'\uA4D0, \u05D4\u05B7\u05D4\u05D5\u05B9\u05DF'東京, \u00E0'\u0301 rock'n'roll",
      ['1', '\uA4D0', '\u05D4\u05B7\u05D4\u05D5\u05B9\u05DF', '東京', '\u00E0', "rock'n'roll"],
    ],
    // Invisible characters go before words are found: a Hangul filler began a word that then began with a mark.
    ["\u3164\u20D0\uFF10 and \u0E01'\u1AB0\uFFA0", ['0', '\u0E01']],
    ['Nestlé, Société Générale and Müller', ['nestlé', 'société', 'générale', 'müller']],
    ['日本銀行の金融政策', ['日本', '銀行', 'の', '金融', '政策']],
    ['Сбербанк повысил прогноз', ['сбербанк', 'повысил', 'прогноз']],
    ['ธนาคารแห่งประเทศไทย', ['ธนาคาร', 'แห่ง', 'ประเทศไทย']],
    [`${'x'.repeat(41)} ok`, ['ok']],
    ['', []],
  ])('%j -> %j', (input, expected) => {
    expect(words(input)).toEqual(expected);
  });
});

describe('lexemes', () => {
  it('folds diacritics in Latin, Greek and Cyrillic only', () => {
    expect(fold('société')).toBe('societe');
    expect(fold('straße')).toBe('strasse');
    expect(fold('øresund')).toBe('oresund');
    expect(fold('ёлка')).toBe('елка');
    expect(fold('nvidia')).toBe('nvidia');
    expect(fold('कंपनी')).toBe('कंपनी');
  });

  it('indexes a word with accents under its accented and its folded stem', () => {
    expect(documentLexemes({ text: 'nestlé', kind: 'word' }, 'en').sort()).toEqual(['nestl', 'nestlé']);
    expect(documentLexemes({ text: 'banques', kind: 'word' }, 'fr')).toEqual(['banqu']);
    expect(documentLexemes({ text: 'earnings', kind: 'word' }, 'en')).toEqual(['earn']);
    expect(documentLexemes({ text: 'fy2026', kind: 'word' }, 'en')).toEqual(['fy2026']);
  });

  it('indexes a number with and without its sign and percent sign', () => {
    expect(documentLexemes({ text: '-0.3%', kind: 'number' }, 'en')).toEqual(['-0.3%', '0.3%', '0.3']);
    expect(documentLexemes({ text: '500', kind: 'number' }, 'en')).toEqual(['500']);
  });

  it('gives a query word its most specific form first, stemmed in every corpus language', () => {
    expect(queryLexemeLadder({ text: '-0.3%', kind: 'number' }, ['en'])).toEqual([['-0.3%'], ['0.3%'], ['0.3']]);
    expect(queryLexemeLadder({ text: 'müller', kind: 'word' }, ['en', 'de'])).toEqual([
      ['müller', 'mull'],
      ['muller', 'mull'],
    ]);
    expect(queryLexemeLadder({ text: 'earnings', kind: 'word' }, ['en'])).toEqual([['earn']]);
  });

  it('reads the analysis language from a language tag, English when unknown', () => {
    expect(analysisLanguage('fr-CA')).toBe('fr');
    expect(analysisLanguage(null)).toBe('en');
    expect(analysisLanguage('not a tag')).toBe('en');
  });
});

describe('analyzeDocument', () => {
  it('weights title over body, keeps fields apart and quotes lexemes', () => {
    const doc = analyzeDocument(
      { title: "O'Neill on Nvidia", subtitle: null, publication: 'The Letter', body: 'nvidia nvidia chips' },
      'en',
    );
    expect(doc.vector).toContain("'o''neil':2A");
    expect(doc.vector).toContain("'nvidia':3A,8D,9D");
    expect(doc.weights.get('nvidia')!).toBeGreaterThan(doc.weights.get('chip')!);
  });

  it('caps positions per lexeme as PostgreSQL does', () => {
    const doc = analyzeDocument({ title: 't', subtitle: null, publication: 'p', body: 'rate '.repeat(400) }, 'en');
    const entry = doc.vector.split(' ').find((part) => part.startsWith("'rate'"))!;
    expect(entry.split(',')).toHaveLength(256);
  });

  it('quotes lexemes for tsquery text', () => {
    expect(quoteLexeme("it's")).toBe("'it''s'");
    // A backslash is no part of any lexeme (lib/search/analysis/lexeme.ts).
    expect(() => quoteLexeme('a\\b')).toThrow(/not a lexeme/);
    expect(anyLexeme(['a', 'b'], 'A')).toBe("('a':A | 'b':A)");
  });
});

describe('snippetFor', () => {
  const term = (lexeme: string) => ({
    term: lexeme,
    lexemes: [lexeme],
    query: '',
    idf: 1,
    docCount: 1,
    unlistedMaxWeight: 0,
    bodyMaxWeight: 0,
    unlistedMaxNewestUs: Number.POSITIVE_INFINITY,
  });

  it('finds the sentence in any script, with or without accents, and by a signed figure', () => {
    const body = 'Markets were calm. 任天堂の決算は好調だった。 Nestlé cut its outlook. The fund returned -0.3% in Q3.';
    expect(snippetFor(body, [term('任天堂')])).toContain('任天堂');
    expect(snippetFor(body, [term('nestl')])).toContain('Nestlé cut');
    expect(snippetFor(body, [term('-0.3%')])).toContain('returned -0.3%');
  });
});
