import { describe, expect, it } from 'vitest';
import { Budget } from '@/lib/ai/client';
import { contentHash } from '@/lib/ai/content-hash';
import { BudgetExceededError } from '@/lib/ai/errors';
import { extractByRules, RULES_GENERATOR } from '@/lib/ai/picks/offline';
import { postProcessPicks } from '@/lib/ai/picks/post-process';
import { EXTRACTIVE_GENERATOR, ExtractiveSummarizer } from '@/lib/ai/summaries/offline';
import { normalizeTicker } from '@/lib/ai/text/tickers';

const POST = [
  'Nvidia (NVDA) reported data center revenue of $35.1bn, up 94% y/y, and guided above consensus again.',
  'Gross margin held at 75%, which matters more than the headline beat because Blackwell ramps are expensive.',
  '',
  'We are initiating a position in Broadcom ($AVGO) at around $1,520, as one of our higher-conviction ideas. Custom AI ASICs are becoming a second engine.',
  'We trimmed Nvidia (NVDA) by a third near $180 to lock in gains while keeping a core position.',
  '',
  'We remain short Intel (INTC) into the next earnings report. As always, size positions to your own risk tolerance.',
].join('\n');

describe('content hash', () => {
  it('ignores whitespace-only changes and changes with the words', () => {
    expect(contentHash('a  b\r\nc ')).toBe(contentHash('a b c'));
    expect(contentHash('a b c')).not.toBe(contentHash('a b d'));
    expect(contentHash('x')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('extractive summarizer', () => {
  it('renders the fixed structure from sentences of the post, verbatim', async () => {
    const r = await new ExtractiveSummarizer().summarize({ title: 'Nvidia results', text: POST });
    expect(r.generator).toBe(EXTRACTIVE_GENERATOR);
    expect(r.inputHash).toBe(contentHash(POST));
    expect(r.text).toMatch(
      /^Takeaway: .+\n\nKey points:\n(- .+\n)+\nStance: (Bullish|Bearish|Neutral|Mixed)( on .+)?\.\n\nTickers mentioned: .+$/,
    );
    // The calls come first, attributed and naming the company; every other point is a sentence of the post.
    expect(r.structured.keyPoints.slice(0, 3)).toEqual([
      'The author buys Broadcom (AVGO).',
      'The author trims Nvidia (NVDA).',
      'The author stays short Intel (INTC).',
    ]);
    for (const point of [r.structured.takeaway, ...r.structured.keyPoints.slice(3)]) expect(POST).toContain(point);
    expect(r.structured.keyPoints.length).toBeGreaterThanOrEqual(4);
    expect(r.text).toContain(
      'Stance: Mixed on Broadcom (AVGO, bullish), Nvidia (NVDA, bullish) and Intel (INTC, bearish).',
    );
    expect(r.structured.tickers).toEqual(expect.arrayContaining(['NVDA', 'AVGO', 'INTC']));
  });

  it('rejects hostile input with a typed error', async () => {
    await expect(new ExtractiveSummarizer().summarize({ title: 'x', text: '   ' })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    // biome-ignore lint/suspicious/noExplicitAny: hostile input on purpose
    await expect(new ExtractiveSummarizer().summarize(null as any)).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

describe('rule-based pick extractor', () => {
  const one = (sentence: string) => extractByRules({ title: 't', text: sentence });
  it.each([
    ['We are initiating a position in Nvidia (NVDA) at around $180.', 'NVDA', 'NEW_POSITION', 'LONG'],
    ['This week we bought $AMD for the model portfolio.', 'AMD', 'NEW_POSITION', 'LONG'],
    ['We added to Broadcom (AVGO) on the pullback to $1,400.', 'AVGO', 'ADD', 'LONG'],
    ['We continue to hold Adobe (ADBE) and would not sell at 15x forward earnings.', 'ADBE', 'HOLD', 'LONG'],
    ['Our call: Mastercard (MA) is a buy below $486.', 'MA', 'RECOMMENDATION', 'LONG'],
    ['We trimmed Micron (MU) by a third near $166.', 'MU', 'REDUCE', 'LONG'],
    ['We sold the rest of our Nike ($NKE) shares at $70 and are moving on.', 'NKE', 'EXIT', 'LONG'],
    ['We are short Tesla (TSLA) at $400, with a stop at $450.', 'TSLA', 'NEW_POSITION', 'SHORT'],
    ['We rate Invesco QQQ Trust (QQQ) a sell, with a price target of $556.', 'QQQ', 'RECOMMENDATION', 'SHORT'],
    ['We covered our Intel (INTC) short at $20 and are now flat.', 'INTC', 'EXIT', 'SHORT'],
  ])('%s', (sentence, ticker, action, direction) => {
    const [pick, ...rest] = one(sentence);
    expect(rest).toHaveLength(0);
    expect(pick).toMatchObject({ ticker, action, direction, evidenceQuote: sentence, generator: RULES_GENERATOR });
    expect(pick!.activePick).toBe(action !== 'EXIT');
  });

  it('reads instrument type and conviction cues', () => {
    const [option] = one('We are buying the NVDA Jan 16 180/200 call spread for $6.10.');
    expect(option).toMatchObject({ instrumentType: 'OPTION', direction: 'LONG', tickerExchange: null });
    const [put] = one('We are buying the GLD Sep 18 400/360 put spread for $13, a bearish position.');
    expect(put).toMatchObject({ instrumentType: 'OPTION', direction: 'SHORT' });
    const [etf] = one('We bought SPDR Gold Shares (GLD) as a small, speculative position.');
    expect(etf).toMatchObject({ instrumentType: 'ETF', authorConviction: 1, convictionLabel: 'Low conviction' });
    const [top] = one('Our top pick is Nvidia (NVDA), our highest-conviction idea.');
    expect(top).toMatchObject({ authorConviction: 5, convictionLabel: 'Highest conviction', tickerExchange: 'NASDAQ' });
  });

  it('ignores commentary, negations and common-word tickers used as words', () => {
    expect(one('Nvidia (NVDA) reported revenue of $35bn, up 94%.')).toEqual([]);
    expect(one('We are not buying Nvidia (NVDA) at this price.')).toEqual([]);
    expect(one('We bought it NOW, before the C suite changed.')).toEqual([]);
  });

  it('gives stable callIds that change when the text changes', () => {
    const a = extractByRules({ title: 't', text: POST });
    const b = extractByRules({ title: 't', text: POST });
    expect(a.map((p) => p.ticker)).toEqual(['AVGO', 'NVDA', 'INTC']);
    expect(b.map((p) => p.callId)).toEqual(a.map((p) => p.callId));
    const changed = extractByRules({ title: 't', text: `${POST}\n\nA new closing line.` });
    expect(changed[0]!.callId).not.toBe(a[0]!.callId);
  });
});

describe('pick post-processing', () => {
  const text = 'We bought Nvidia (NVDA) at $180.  We like BRK.B here.';
  const base = {
    ticker: '$nvda',
    tickerExchange: null,
    instrumentType: 'EQUITY',
    action: 'NEW_POSITION',
    direction: 'LONG',
    authorConviction: 9,
    activePick: true,
    evidenceQuote: 'We bought Nvidia (NVDA) at $180.',
    rationaleSnippet: null,
  };
  it('drops a quote that is not in the text verbatim (whitespace aside), normalizes and clamps', () => {
    const out = postProcessPicks(
      [
        base,
        { ...base, ticker: 'NVDA', action: 'ADD', evidenceQuote: 'We bought Nvidia (NVDA) at $175.' },
        { ...base, ticker: 'brk-b', action: 'RECOMMENDATION', evidenceQuote: 'We like   BRK.B\nhere.' },
        { ...base, ticker: 'NVDA', evidenceQuote: 'We bought Nvidia (NVDA) at $180.' },
        { nonsense: true },
      ],
      { text, generator: 'test' },
    );
    expect(out.map((p) => [p.ticker, p.action])).toEqual([
      ['NVDA', 'NEW_POSITION'],
      ['BRK.B', 'RECOMMENDATION'],
    ]);
    expect(out[0]).toMatchObject({
      authorConviction: 5,
      convictionLabel: 'Highest conviction',
      tickerExchange: 'NASDAQ',
    });
  });
  it('normalizes share classes', () => {
    expect(normalizeTicker('brk/b')).toBe('BRK.B');
    expect(normalizeTicker('not a ticker')).toBeNull();
  });
});

describe('budget', () => {
  it('throws a typed error before a request would exceed requests or tokens', () => {
    const b = new Budget({ maxRequests: 2, maxTokens: 100 });
    b.reserve(40);
    expect(() => b.reserve(61)).toThrow(BudgetExceededError);
    b.reserve(60);
    expect(() => b.reserve(0)).toThrow(expect.objectContaining({ limit: 'requests' }));
  });
});
