import { describe, expect, it } from 'vitest';
import { normalizeForSearch, STOPWORDS } from '@/lib/search/query/normalize';

describe('normalizeForSearch', () => {
  it.each([
    // cashtags
    ['$NVDA beat', 'nvda beat'],
    ["$nvda's guide", "nvda's guide"],
    ['paid $4.20 a share', 'paid $4.20 a share'],
    ['US$ 5', 'us$ 5'],
    // S&P
    ['S&P 500', 'sp500'],
    ['S&P500 futures', 'sp500 futures'],
    ['the s&p rallied', 'the sp500 rallied'],
    ['S&P', 'sp500'],
    ["S&P 500's drawdown", "sp500's drawdown"],
    ['S & P 500', 'sp500'],
    ['S&P 400 and S&P 600', 'sp400 and sp600'],
    ['S&P Global ratings', 'spglobal ratings'],
    ['S&P/ASX 200', 'sp/asx 200'],
    // letter&letter
    ['AT&T', 'att'],
    ["AT&T's dividend", "att's dividend"],
    ['P&G', 'pg'],
    ['M&A pipeline', 'ma pipeline'],
    ['R&D spend', 'rd spend'],
    ['AT&amp;T', 'att'],
    ['Procter & Gamble', 'procter & gamble'],
    ['Johnson&Johnson', 'johnson&johnson'],
    // SEC forms
    ['10-K', '10k'],
    ['10-Q filing', '10q filing'],
    ['8-K', '8k'],
    ['20-F', '20f'],
    ['two 10-Ks', 'two 10k'],
    ['S-1 filed', 's1 filed'],
    ['COVID-19', 'covid-19'],
    ['2024-2025', '2024-2025'],
    // ratios
    ['P/E', 'pe'],
    ['a P/E of 30x', 'a pe of 30x'],
    ['EV/EBITDA', 'evebitda'],
    ['revenue +12% y/y', 'revenue +12% yoy'],
    ['and/or buy/sell', 'and/or buy/sell'],
    // quarters
    ['Q3', 'q3'],
    ['Q3 2026', 'q3 2026'],
    ['3Q26', 'q3 2026'],
    ["3Q'26", 'q3 2026'],
    ['3Q 2026', 'q3 2026'],
    ["Q3'26 results", 'q3 2026 results'],
    ['2Q guide', 'q2 guide'],
    ['1H27', 'h1 2027'],
    ['4h chart', '4h chart'],
    ['5Q', '5q'],
    // share classes
    ['BRK.B', 'brkb'],
    ['$BRK.B', 'brkb'],
    ['BF.A shares', 'bfa shares'],
    ['the U.S. economy', 'the u.s. economy'],
    ['e.g. this', 'e.g. this'],
    // numbers
    ['CPI 4.2%', 'cpi 4.2%'],
    ['1,000,000 units', '1000000 units'],
    ['2024,2025', '2024,2025'],
    // URLs keep words, drop scheme, www, query string
    ['see https://www.ft.com/content/nvidia-q3?x=1&y=$2 now', 'see ft com content nvidia q3 now'],
    ['www.sec.gov/edgar', 'sec gov edgar'],
    // Unicode: NFKC, case, controls, format characters
    ['ＮＶＩＤＩＡ', 'nvidia'],
    ['ﬁnance', 'finance'],
    ['Crédit Agricole', 'crédit agricole'],
    ['nvi\u200bdia', 'nvidia'],
    ['soft\u00adhyphen', 'softhyphen'],
    ['a\u0000b\u0007c', 'a b c'],
    ['line\r\n\tbreaks  here', 'line breaks here'],
    ['\ufeffBOM', 'bom'],
    // ordinary text only lower-cased
    ['The Fed held rates steady.', 'the fed held rates steady.'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeForSearch(input)).toBe(expected);
  });

  it('is idempotent on normalized output', () => {
    const samples = ['$NVDA S&P 500 AT&T 10-K P/E 3Q26 BRK.B 1,000', 'Ｑ３ ’26 https://x.com/a?b=c', 'Crédit\u200b'];
    for (const s of samples) {
      const once = normalizeForSearch(s);
      expect(normalizeForSearch(once)).toBe(once);
    }
  });

  it('meets the indexing budget (< 0.2 ms per KB on symbol-dense 3 KB bodies)', () => {
    const para =
      'Nvidia ($NVDA) posted Q3 2026 revenue of $35.1B, up 94% y/y, beating the S&P 500. The 10-K shows a P/E of 45 ' +
      'and EV/EBITDA of 38. AT&T and P&G lagged; M&A rose. BRK.B added — see https://www.example.com/p/nvda?u=1.\n\n';
    const body = para.repeat(Math.ceil(3072 / para.length)).slice(0, 3072);
    const bodies = Array.from({ length: 1000 }, (_, i) => `${body} ${i}`);
    for (const b of bodies.slice(0, 200)) normalizeForSearch(b); // warm-up
    const t0 = performance.now();
    for (const b of bodies) normalizeForSearch(b);
    const msPerKb = (performance.now() - t0) / ((bodies.length * 3072) / 1024);
    // Measured ~0.05 ms/KB; the assertion is loose so a busy CI machine does not flake.
    expect(msPerKb).toBeLessThan(0.2);
  });
});

describe('STOPWORDS', () => {
  it('has a compact stopword list that includes Postgres english stopwords and question words', () => {
    expect(STOPWORDS.size).toBeGreaterThan(120);
    expect(STOPWORDS.size).toBeLessThan(200);
    for (const w of [
      'what',
      'how',
      'why',
      'which',
      'who',
      'when',
      'is',
      'are',
      'does',
      'should',
      'the',
      'at',
      's',
      't',
    ]) {
      expect(STOPWORDS.has(w)).toBe(true);
    }
    for (const w of ['nvda', 'fed', 'rate', 'new', 'news', 'may', 'up']) expect(STOPWORDS.has(w)).toBe(w === 'up');
  });
});
