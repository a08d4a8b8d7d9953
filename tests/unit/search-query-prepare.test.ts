import { describe, expect, it } from 'vitest';
import { TimeWindow } from '@/lib/api/contracts/search';
import { MAX_QUERY_TERMS, prepareQuery } from '@/lib/search/query/prepare';

const NOW = new Date('2026-11-18T14:05:00.000Z'); // Wednesday
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;

describe('prepareQuery examples', () => {
  it.each([
    ['nvidia earnings this week', 'nvidia earnings', ['nvidia', 'earnings'], 'this_week'],
    ['latest on $NVDA', 'on nvda', ['nvda'], 'latest_recent'],
    ['S&P 500 outlook past 10 days', 'sp500 outlook', ['sp500', 'outlook'], 'last_n_days'],
    ['Fed rate cuts', 'fed rate cuts', ['fed', 'rate', 'cuts'], null],
    ['latest nvidia news this week', 'nvidia news', ['nvidia', 'news'], 'this_week'],
    ["last week's CPI", 'cpi', ['cpi'], 'last_week'],
    ['BRK.B 3Q26 P/E', 'brkb q3 2026 pe', ['brkb', 'q3', '2026', 'pe'], null],
    ['Ｎｖｉｄｉａ ｔｈｉｓ ｗｅｅｋ', 'nvidia', ['nvidia'], 'this_week'],
    ['latest', '', [], 'latest_recent'],
  ])('%j', (q, normalizedQuery, terms, label) => {
    const p = prepareQuery(q, NOW);
    expect(p.original).toBe(q);
    expect(p.normalizedQuery).toBe(normalizedQuery);
    expect(p.terms).toEqual(terms);
    expect(p.timeWindow?.label ?? null).toBe(label);
  });

  it('keeps finance symbols of a question and drops question words', () => {
    const p = prepareQuery("What did analysts say about AT&T's 10-K?", NOW);
    expect(p.terms).toEqual(expect.arrayContaining(['att', '10k', 'analysts']));
    expect(p.terms).not.toContain('what');
    expect(p.terms).not.toContain('at');
    expect(p.timeWindow).toBeNull();
  });

  it('resolves the window at now', () => {
    expect(prepareQuery('S&P 500 outlook past 10 days', NOW).timeWindow).toEqual({
      label: 'last_n_days',
      startIso: '2026-11-09T00:00:00.000Z',
      endIso: '2026-11-18T14:05:00.000Z',
      days: 10,
    });
  });

  it(`keeps the first ${MAX_QUERY_TERMS} distinct terms`, () => {
    const words = Array.from({ length: 20 }, (_, i) => `w${i}`);
    const p = prepareQuery(['w0', 'w0', 'the', ...words].join(' '), NOW);
    expect(p.terms).toEqual(words.slice(0, MAX_QUERY_TERMS));
  });
});

// Deterministic PRNG (mulberry32) so a failure reproduces.
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  '&',
  '|',
  '!',
  ':',
  '*',
  '(',
  ')',
  '<',
  '-',
  '>',
  '<->',
  '"',
  "'",
  '’',
  '\\',
  '/',
  '$',
  '%',
  '.',
  ',',
  ';',
  '?',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u200b',
  '\u200f',
  '\u202e',
  '\u2066',
  '\ufeff',
  '\u00ad',
  '\ud800',
  '\udfff',
  '😀',
  '👩‍💻',
  'مرحبا',
  'שלום',
  'ǅ',
  'İ',
  'ß',
  'ﬀ',
  'Ｑ３',
  '①',
  ' ',
  '  ',
  '\n',
  '\t',
  'S&P',
  '500',
  'AT&T',
  'm&a',
  '10-K',
  'P/E',
  '3Q26',
  "'26",
  'BRK.B',
  '$NVDA',
  'http://',
  'www.',
  '1,000',
  '4.2',
  'last',
  'past',
  'this',
  'week',
  'weeks',
  'month',
  '3',
  'three',
  'days',
  'hours',
  'latest',
  'recent',
  'today',
  'nvidia',
  'fed',
  'the',
  'what',
  'a',
  'x',
];

function randomQuery(next: () => number): string {
  const n = Math.floor(next() * 40);
  let s = '';
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(next() * PIECES.length)];
  return s;
}

function expectSafe(q: string): void {
  const p = prepareQuery(q, NOW);
  expect(p.terms.length).toBeLessThanOrEqual(MAX_QUERY_TERMS);
  expect(new Set(p.terms).size).toBe(p.terms.length);
  // A term is one word or one number, in any script: no spaces, no tsquery operators.
  for (const t of p.terms) expect(t).toMatch(/^(?:[+-]?\d+(?:[.,]\d+)*%?|[\p{L}\p{M}\p{N}]+(?:'[\p{L}\p{M}]+)*)$/u);
  expect(p.normalizedQuery).not.toMatch(CONTROL_OR_FORMAT);
  expect(p.normalizedQuery).toBe(p.normalizedQuery.trim());
  if (p.timeWindow) TimeWindow.parse(p.timeWindow);
}

describe('prepareQuery on hostile input', () => {
  it('never throws and yields only plain-word terms (fuzz, fixed seed)', () => {
    const next = rng(20261118);
    for (let i = 0; i < 3000; i++) {
      const q = randomQuery(next);
      try {
        expectSafe(q);
      } catch (e) {
        throw new Error(`failed for ${JSON.stringify(q)}: ${String(e)}`);
      }
    }
  });

  it.each([
    ['tsquery operators', 'nvidia & !amd | (intel:* <-> \'arm\') \\ "quoted"'],
    ['only operators', '&|!:*()<->'],
    ['NUL and controls', 'fed\u0000rate\u0007cuts\u001b[0m'],
    ['emoji', '🚀 nvidia 🚀 to the moon 🌕'],
    ['RTL', '\u202eAAPL\u202c أرباح אנבידיה'],
    ['lone surrogates', '\ud800nvidia\udfff'],
    ['non-string at runtime', undefined as unknown as string],
  ])('%s', (_name, q) => {
    expectSafe(q);
  });

  it('keeps plain words out of operator soup', () => {
    expect(prepareQuery("nvidia & !amd | (intel:* <-> 'arm')", NOW).terms).toEqual(['nvidia', 'amd', 'intel', 'arm']);
  });

  it.each([
    ['junk', '&|!:*()<->"\'\\$%'],
    ['time words', 'last past this week '],
    ['separators', ', '],
    ['digits', '1'],
    ['letters', 'a'],
    ['symbols', 'S&P AT&T 3Q26 '],
    ['cashtags', '$'],
    ['articles', 'the '],
  ])('stays fast on 100 KB of %s (linear, no regex blow-up)', (_name, unit) => {
    const big = unit.repeat(Math.ceil(100_000 / unit.length));
    const small = big.slice(0, 10_000);
    const t0 = performance.now();
    expectSafe(small);
    expectSafe(big);
    // A quadratic pass over 100 KB takes seconds; linear work here takes a few ms.
    expect(performance.now() - t0).toBeLessThan(500);
  });
});
