import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIClient } from '@/lib/ai/client';
import { evaluatePost, metrics, type PostResult, totals } from '@/lib/ai/evaluation/judged-set';
import { OpenAIPickExtractor } from '@/lib/ai/picks/openai';
import { OpenAISummarizer } from '@/lib/ai/summaries/openai';
import { htmlToPlainText } from '@/lib/ingest/html/to-text';
import { JUDGED_POSTS } from '@/tests/fixtures/picks/judged-set';
import { type FakeOpenAI, startFakeOpenAI } from '@/tests/helpers/fake-openai';

// Judged posts through the OpenAI generators (the real SDK against the loopback fake), with answers as a model gives
// them: right calls, a company name where a ticker belongs, a US ticker for a Tokyo listing, a call given to the wrong
// speaker, an invented quote, and one plain mistake (a rejected idea called a hold). The same post-processing as the
// offline path decides what is kept, and the same evaluation measures what is left.
const pick = (p: Record<string, unknown>) => ({
  tickerExchange: null,
  instrumentType: 'EQUITY',
  authorConviction: 0,
  activePick: true,
  rationaleSnippet: null,
  speaker: null,
  ...p,
});

const ANSWERS: Record<string, { picks: unknown[]; summary: Record<string, unknown> }> = {
  'essay-grasberg': {
    picks: [
      pick({
        ticker: 'FCX',
        action: 'NEW_POSITION',
        direction: 'LONG',
        authorConviction: 3,
        evidenceQuote:
          'We bought Freeport-McMoRan (FCX) on Thursday at $36.80, a full-size position for the model portfolio.',
      }),
      pick({
        ticker: 'SCCO',
        action: 'NEW_POSITION',
        direction: 'LONG',
        evidenceQuote: 'We also bought Southern Copper.',
      }),
    ],
    summary: {
      takeaway: 'The author bought Freeport-McMoRan after the Grasberg mudslide, seeing the sell-off as overdone.',
      keyPoints: ['Grasberg produced 1.6 billion pounds of copper last year.', 'FCX trades at 6.5x EBITDA.'],
      stance: { label: 'bullish', subject: 'Freeport-McMoRan and the Grasberg mudslide: why we added FCX' },
      tickers: ['FCX', 'SCCO', 'TECK'],
      companies: [{ ticker: 'FCX', stance: 'bullish' }],
    },
  },
  'transcript-autos-copper': {
    picks: [
      pick({
        ticker: 'TSLA',
        action: 'NEW_POSITION',
        direction: 'SHORT',
        evidenceQuote: "I'm short it.",
        speaker: 'Sam Ortiz',
      }),
      pick({
        ticker: 'SCCO',
        action: 'ADD',
        direction: 'LONG',
        evidenceQuote:
          'We added to Southern Copper last month, and we bought Teck Resources (TECK) for the first time.',
        speaker: 'Dana Whitfield',
      }),
      pick({
        ticker: 'Teck Resources',
        action: 'NEW_POSITION',
        direction: 'LONG',
        evidenceQuote:
          'We added to Southern Copper last month, and we bought Teck Resources (TECK) for the first time.',
        speaker: 'Grace Liu',
      }),
    ],
    summary: {
      takeaway: 'Sam Ortiz is short Tesla while Grace Liu is buying copper miners.',
      keyPoints: ['Sam Ortiz: robotaxi revenue does not exist yet.', 'Grace Liu: grid spending needs more copper.'],
      stance: { label: 'mixed', subject: 'TSLA, SCCO, TECK' },
      tickers: ['TSLA', 'SCCO', 'TECK'],
      companies: [
        { ticker: 'TSLA', stance: 'bearish' },
        { ticker: 'SCCO', stance: 'bullish' },
        { ticker: 'TECK', stance: 'bullish' },
      ],
    },
  },
  'intl-japan': {
    picks: [
      pick({
        ticker: 'SONY',
        action: 'NEW_POSITION',
        direction: 'LONG',
        evidenceQuote: 'We bought Sony Group (6758.T) this week.',
      }),
      pick({
        ticker: '8035.T',
        action: 'ADD',
        direction: 'LONG',
        evidenceQuote: 'We also added to Tokyo Electron (8035.T) after the 20% drawdown on export-control headlines.',
      }),
      pick({
        ticker: 'TM',
        action: 'HOLD',
        direction: 'LONG',
        evidenceQuote:
          'Toyota Motor (7203.T) is cheap at 8x earnings, but tariff risk is unresolved and we are not involved.',
      }),
    ],
    summary: {
      takeaway: 'Governance reform in Japan supports buying Sony and adding to Tokyo Electron.',
      keyPoints: ['Buybacks hit a record ¥18 trillion.', 'Toyota is cheap but exposed to tariffs.'],
      stance: { label: 'bullish', subject: 'Japanese equities' },
      tickers: ['6758.T', '8035.T', '7203.T'],
      companies: [
        { ticker: '6758.T', stance: 'bullish' },
        { ticker: '8035.T', stance: 'bullish' },
      ],
    },
  },
  'macro-third-party': {
    picks: [],
    summary: {
      takeaway: 'Third-quarter 13F filings show Berkshire, Pershing Square and Scion trades, which the author ignores.',
      keyPoints: ['Berkshire bought more Chevron and trimmed Apple.', 'Scion disclosed puts on Nvidia.'],
      stance: { label: 'neutral', subject: '13F filings' },
      tickers: ['CVX', 'AAPL', 'HTZ', 'NVDA'],
      companies: [],
    },
  },
};

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake.close();
});

describe('OpenAI generators on judged posts, through the fake server', () => {
  it('post-processes the answers like the offline path and is measured the same way', async () => {
    const client = createOpenAIClient({ apiKey: fake.apiKey, baseURL: fake.baseURL, maxRetries: 0, timeoutMs: 5_000 });
    const generators = {
      extractor: new OpenAIPickExtractor({ client, model: 'gpt-test' }),
      summarizer: new OpenAISummarizer({ client, model: 'gpt-test' }),
    };
    const results: PostResult[] = [];
    for (const [id, answer] of Object.entries(ANSWERS)) {
      fake.scriptChat({ json: { picks: answer.picks } }, { json: answer.summary });
      results.push(await evaluatePost(JUDGED_POSTS.find((p) => p.id === id)!, generators, htmlToPlainText));
    }
    const picks = Object.fromEntries(
      results.map((r) => [
        r.post.id,
        r.picks.map((p) => [p.ticker, p.action, p.direction, p.author, p.tickerExchange]),
      ]),
    );
    expect(picks).toEqual({
      // The invented quote is dropped.
      'essay-grasberg': [['FCX', 'NEW_POSITION', 'LONG', 'Rhea Calder', null]],
      // Speakers come from the transcript, not from the model; a company name given as the ticker is resolved.
      'transcript-autos-copper': [
        ['TSLA', 'NEW_POSITION', 'SHORT', 'Sam Ortiz', 'NASDAQ'],
        ['SCCO', 'ADD', 'LONG', 'Grace Liu', null],
        ['TECK', 'NEW_POSITION', 'LONG', 'Grace Liu', null],
      ],
      // The US tickers of companies the post names with their Tokyo listing are those listings.
      'intl-japan': [
        ['6758.T', 'NEW_POSITION', 'LONG', 'Far East Value', 'TSE'],
        ['8035.T', 'ADD', 'LONG', 'Far East Value', 'TSE'],
        ['7203.T', 'HOLD', 'LONG', 'Far East Value', 'TSE'],
      ],
      'macro-third-party': [],
    });
    const grasberg = results[0]!.summary;
    // The model's subject (the title) is replaced by the companies; "Tickers mentioned" is what the text names.
    expect(grasberg).toContain('Stance: Bullish on Freeport-McMoRan (FCX).');
    expect(grasberg).toContain('Tickers mentioned: FCX, SCCO');
    expect(results[1]!.summary).toContain('Grace Liu adds to Southern Copper (SCCO).');
    expect(results[3]!.summary).toMatch(/^Stance: No calls\.$/mu);
    expect(results[0]!.picks[0]!.generator).toBe('openai:gpt-test@picks-v7');

    // The evaluation sees the model's one real mistake: Toyota, an idea the post rejects, picked as a hold.
    const m = metrics(totals(results));
    expect(totals(results).nonCallPicked).toBe(1);
    expect(m.recall).toBe(1);
    expect(m.precision).toBeCloseTo(6 / 7, 5);
    expect(results.every((r) => r.scores.postsAgreeing === 1)).toBe(true);
  });
});
