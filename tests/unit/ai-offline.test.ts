import { describe, expect, it } from 'vitest';
import { Budget } from '@/lib/ai/client';
import { contentHash } from '@/lib/ai/content-hash';
import { BudgetExceededError } from '@/lib/ai/errors';
import { extractByRules, RULES_GENERATOR } from '@/lib/ai/picks/offline';
import { postProcessPicks } from '@/lib/ai/picks/post-process';
import { EXTRACTIVE_GENERATOR, ExtractiveSummarizer } from '@/lib/ai/summaries/offline';
import { parseStance } from '@/lib/ai/summaries/stance';
import { splitSentences } from '@/lib/ai/text/sentences';
import { normalizeTicker } from '@/lib/ai/text/tickers';
import { htmlToPlainText } from '@/lib/ingest/html/to-text';

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

  it("never offers an episode's chapter list as a point", async () => {
    const text = [
      'Sam Okonkwo talks with Pablo Pouros, portfolio manager at Halyard Research, about credit spreads and defaults.',
      'Chapters: (00:00) Introduction (03:42) Why credit spreads matter now (16:49) What high yield is signalling (31:03) Risks: a growth shock that triggers a fast widening in spreads',
      'High-yield spreads are near 258 basis points over Treasuries, close to the tightest levels of the past two decades.',
      'Default rates among leveraged borrowers have crept up to 4.1% as refinancing walls arrive in 2027.',
      'Pouros expects spreads to widen by at least 100 basis points if growth slows into next year.',
    ].join('\n\n');
    const r = await new ExtractiveSummarizer().summarize({ title: 'Ep. 201: Pablo Pouros on credit spreads', text });
    expect([r.structured.takeaway, ...r.structured.keyPoints].join('\n')).not.toMatch(/Chapters|\(\d\d:\d\d\)/);
    expect(r.structured.keyPoints.length).toBeGreaterThanOrEqual(2);
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

describe('calls and non-calls (issue 24)', () => {
  const calls = (text: string) => extractByRules({ title: 't', text }).map((p) => [p.ticker, p.action, p.direction]);
  it.each([
    ['We took some profits in Apple (AAPL) after the run.', 'AAPL', 'REDUCE', 'LONG'],
    ['We closed the position in Intel (INTC) at $21.', 'INTC', 'EXIT', 'LONG'],
    ['We added to Costco (COST) on the dip.', 'COST', 'ADD', 'LONG'],
    ['We still own Visa (V) after ten years.', 'V', 'HOLD', 'LONG'],
    ["We'd be buyers of Caterpillar (CAT) below $300.", 'CAT', 'RECOMMENDATION', 'LONG'],
    ['We bought puts on Tesla (TSLA), the June 300 strike.', 'TSLA', 'NEW_POSITION', 'SHORT'],
    ['We sold short Rivian (RIVN) at $15.', 'RIVN', 'NEW_POSITION', 'SHORT'],
    ['We sold puts on Meta Platforms (META) at the 600 strike.', 'META', 'NEW_POSITION', 'LONG'],
    ['We covered our Peloton (PTON) short at $6.', 'PTON', 'EXIT', 'SHORT'],
    ['Bought 200 shares of Southern Copper (SCCO) at $95.', 'SCCO', 'NEW_POSITION', 'LONG'],
    ['Sold half of our Verizon (VZ) position.', 'VZ', 'REDUCE', 'LONG'],
    ['We initiated a position in Walt Disney at $104.', 'DIS', 'NEW_POSITION', 'LONG'],
  ])('%s', (text, ticker, action, direction) => {
    expect(calls(text)).toEqual([[ticker, action, direction]]);
  });

  it.each([
    'We looked hard at Albemarle (ALB) but passed.',
    'We also considered buying Boeing (BA) after the strike ended.',
    'Microsoft (MSFT), which we do not own, rose 4%.',
    'Chevron (CVX) trades at a premium to ExxonMobil.',
    'Berkshire Hathaway bought more Chevron (CVX) last quarter.',
    'The S&P 500 closed at 6,712 and the Nasdaq fell 1%.',
    'We are not buying Nvidia (NVDA) at this price.',
    'We have no plans to buy Southern Copper (SCCO).',
    'Should you buy Moderna (MRNA) here?',
    'We prefer Freeport at 7x over Southern Copper (SCCO).',
  ])('no call: %s', (text) => {
    const found = calls(text).filter(([ticker]) => ticker !== 'FCX' && ticker !== 'XOM');
    expect(found).toEqual([]);
  });

  it('attributes each call in a transcript to its speaker and resolves "it"', () => {
    const text = [
      '[00:01:05] Dana Whitfield: Sam, where are you on Tesla?',
      "[00:01:15] Sam Ortiz: I'm short it. Margins are the lowest in five years.",
      '[00:02:48] Grace Liu: We added to Southern Copper last month.',
      '[00:03:10] Dana Whitfield: Thanks both.',
    ].join('\n');
    const picks = extractByRules({ title: 't', text, author: 'Market Makers' });
    expect(picks.map((p) => [p.ticker, p.action, p.direction, p.author])).toEqual([
      ['TSLA', 'NEW_POSITION', 'SHORT', 'Sam Ortiz'],
      ['SCCO', 'ADD', 'LONG', 'Grace Liu'],
    ]);
    expect(picks[0]!.evidenceQuote).toBe("I'm short it.");
  });

  it('records the exchange of a non-US listing', () => {
    const [pick] = extractByRules({ title: 't', text: 'We bought Sony Group (6758.T) this week.' });
    expect(pick).toMatchObject({ ticker: '6758.T', tickerExchange: 'TSE', action: 'NEW_POSITION' });
  });
});

describe('summary stance agrees with the picks', () => {
  const summarize = (text: string, title = 'A post') => new ExtractiveSummarizer().summarize({ title, text });
  it('is never bearish on a company the post buys, and its subject is companies, not the title', async () => {
    const text = [
      'We bought Freeport-McMoRan (FCX) this week after the Grasberg mudslide knocked the shares down 12%.',
      'Risks remain: the restart could slip, copper could fall, and the sell-off could deepen before it ends.',
      'Southern Copper (SCCO) is the more expensive way to own the same metal.',
    ].join('\n\n');
    const r = await summarize(text, 'Freeport-McMoRan and the Grasberg mudslide: why we added FCX');
    expect(r.text).toContain('Stance: Bullish on Freeport-McMoRan (FCX).');
    expect(r.text).toContain('Tickers mentioned: FCX, SCCO');
    expect(r.text).not.toContain('mudslide: why');
  });

  it('states each company with its own label when they differ, and a post without calls as having none', async () => {
    const mixed = await summarize('We bought Teck Resources (TECK). We are short Tesla (TSLA) into earnings.');
    expect(mixed.text).toContain('Stance: Mixed on Teck Resources (TECK, bullish) and Tesla (TSLA, bearish).');
    expect(parseStance(mixed.text).byTicker).toEqual(
      new Map([
        ['TECK', 'bullish'],
        ['TSLA', 'bearish'],
      ]),
    );
    const none = await summarize('The Fed cut rates by 25 basis points. Apple (AAPL) rose 2% on the news.');
    expect(none.text).toContain('Stance: No calls.');
    expect(none.text).not.toMatch(/Neutral|Bullish|Bearish/u);
    expect(none.text).toContain('Tickers mentioned: AAPL');
  });

  it('keeps an HTML list as one bullet per item', async () => {
    const text = htmlToPlainText(
      '<p>We bought Freeport-McMoRan (FCX) this week after the mudslide at its largest mine.</p><ul><li>Grasberg produced 1.6 billion pounds of copper last year</li><li>FCX trades at 6.5x next year EBITDA against 11x for peers</li></ul>',
    );
    const sentences = splitSentences(text);
    expect(sentences.map((s) => s.text)).toEqual([
      'We bought Freeport-McMoRan (FCX) this week after the mudslide at its largest mine.',
      'Grasberg produced 1.6 billion pounds of copper last year',
      'FCX trades at 6.5x next year EBITDA against 11x for peers',
    ]);
    const r = await summarize(text);
    for (const line of r.text.split('\n')) expect(line).not.toMatch(/^- - |^- .* - /u);
  });
});

describe('transcripts as the podcast ingest writes them', () => {
  it('reads diarized labels ("SPEAKER_01:", "Speaker 2:") as speakers', () => {
    const text = [
      'SPEAKER_00: Welcome back. What are you buying this month?',
      'SPEAKER_01: We bought Teck Resources (TECK) on the dip.',
      'SPEAKER_00: And the short side?',
      'SPEAKER_01: Nothing new there.',
    ].join('\n\n');
    const picks = extractByRules({ title: 't', text, author: 'Pod' });
    expect(picks.map((p) => [p.ticker, p.author])).toEqual([['TECK', 'SPEAKER_01']]);
    const other = extractByRules({ title: 't', text: text.replace(/SPEAKER_0(\d)/gu, 'Speaker $1'), author: 'Pod' });
    expect(other.map((p) => [p.ticker, p.author])).toEqual([['TECK', 'Speaker 1']]);
  });
});
