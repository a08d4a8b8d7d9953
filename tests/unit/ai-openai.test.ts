import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Budget, createOpenAIClient } from '@/lib/ai/client';
import { AiOutputError, AiProviderError, AiRefusalError, BudgetExceededError } from '@/lib/ai/errors';
import { OpenAIPickExtractor } from '@/lib/ai/picks/openai';
import { OpenAISummarizer } from '@/lib/ai/summaries/openai';
import { type FakeOpenAI, startFakeOpenAI } from '@/tests/helpers/fake-openai';

const TEXT = 'Nvidia (NVDA) grew revenue 94% to $35.1bn. We are initiating a position in Broadcom ($AVGO) at $1,520.';
const SUMMARY = {
  takeaway: 'Nvidia grew revenue 94% and the author buys Broadcom.',
  keyPoints: ['Revenue of $35.1bn, up 94%.', 'New position in AVGO at $1,520.'],
  stance: { label: 'bullish', subject: 'NVDA, AVGO' },
  tickers: ['NVDA', '$avgo', 'TSLA'],
  companies: [
    { ticker: 'AVGO', stance: 'bullish' },
    { ticker: 'TSLA', stance: 'bearish' },
  ],
};
const PICK = {
  ticker: 'avgo',
  tickerExchange: null,
  instrumentType: 'EQUITY',
  action: 'NEW_POSITION',
  direction: 'LONG',
  authorConviction: 3,
  activePick: true,
  evidenceQuote: 'We are initiating a position in Broadcom ($AVGO) at $1,520.',
  rationaleSnippet: null,
  speaker: null,
};

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake.close();
});

function client(maxRetries = 2) {
  return createOpenAIClient({ apiKey: fake.apiKey, baseURL: fake.baseURL, maxRetries, timeoutMs: 5_000 });
}

describe('OpenAI summarizer through the fake server', () => {
  it('sends the model and the json_schema, parses and renders the structured answer, drops unnamed tickers', async () => {
    fake.scriptChat({ json: SUMMARY });
    const before = fake.requests.length;
    const r = await new OpenAISummarizer({ client: client(), model: 'gpt-test-mini' }).summarize({
      title: 'T',
      text: TEXT,
    });
    const req = fake.requests[before]!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.body?.model).toBe('gpt-test-mini');
    expect(req.body?.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'post_summary', strict: true },
    });
    expect(r.generator).toBe('openai:gpt-test-mini@summary-v4');
    expect(r.structured.tickers).toEqual(['NVDA', 'AVGO']);
    // TSLA is not named in the text: neither listed nor given a stance.
    expect(r.text).toContain('Stance: Bullish on Broadcom (AVGO).');
  });

  it('tells the model a teaser is all there is, labels the summary, and drops echoed markers and repeats', async () => {
    const teaser = "The government's inaction on the rupee runs counter to its goal of cutting gold imports.";
    fake.scriptChat({
      json: {
        ...SUMMARY,
        takeaway: `> ${teaser}`,
        keyPoints: [teaser, '**The government** has not acted.', 'The government has not acted.'],
        tickers: [],
        companies: [],
      },
    });
    const before = fake.requests.length;
    const r = await new OpenAISummarizer({ client: client(), model: 'gpt-test-mini' }).summarize({
      title: 'Rupee',
      text: teaser,
      teaser: true,
    });
    expect(JSON.stringify(fake.requests[before]!.body)).toContain('the feed carries only this teaser');
    expect(r.text.split('\n')[0]).toMatch(/^Source: teaser only\. The feed carries a 15-word teaser/u);
    expect(r.structured.takeaway).toBe(teaser);
    expect(r.structured.keyPoints).toEqual(['The government has not acted.']);
  });

  it('retries a 429 after its Retry-After, then succeeds', async () => {
    fake.scriptChat({ status: 429, retryAfter: '1' }, { json: SUMMARY });
    const started = Date.now();
    const r = await new OpenAISummarizer({ client: client(), model: 'm' }).summarize({ title: 'T', text: TEXT });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(r.structured.keyPoints).toHaveLength(2);
  });

  it('surfaces a 500 after the retries as a typed provider error', async () => {
    fake.scriptChat({ status: 500 }, { status: 500 });
    const error = await new OpenAISummarizer({ client: client(1), model: 'm' })
      .summarize({ title: 'T', text: TEXT })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).status).toBe(500);
  });

  it('turns malformed JSON, schema mismatches and refusals into typed errors', async () => {
    const s = new OpenAISummarizer({ client: client(0), model: 'm' });
    fake.scriptChat({ raw: '{"takeaway": "cut off' });
    await expect(s.summarize({ title: 'T', text: TEXT })).rejects.toBeInstanceOf(AiOutputError);
    fake.scriptChat({ json: { takeaway: 1 } });
    await expect(s.summarize({ title: 'T', text: TEXT })).rejects.toBeInstanceOf(AiOutputError);
    fake.scriptChat({ refusal: 'I cannot help with that.' });
    await expect(s.summarize({ title: 'T', text: TEXT })).rejects.toBeInstanceOf(AiRefusalError);
  });

  it('stops before sending when the budget is spent', async () => {
    const budget = new Budget({ maxRequests: 1, maxTokens: 100_000 });
    const s = new OpenAISummarizer({ client: client(), model: 'm', budget });
    fake.scriptChat({ json: SUMMARY });
    await s.summarize({ title: 'T', text: TEXT });
    const sent = fake.requests.length;
    await expect(s.summarize({ title: 'T', text: TEXT })).rejects.toBeInstanceOf(BudgetExceededError);
    expect(fake.requests.length).toBe(sent);
  });
});

describe('OpenAI pick extractor through the fake server', () => {
  it('keeps picks whose quote is verbatim, drops fabricated quotes, and post-processes', async () => {
    fake.scriptChat({
      json: { picks: [PICK, { ...PICK, ticker: 'NVDA', evidenceQuote: 'We love Nvidia and bought more.' }] },
    });
    const picks = await new OpenAIPickExtractor({ client: client(), model: 'gpt-test' }).extract({
      title: 'T',
      text: TEXT,
    });
    expect(picks).toHaveLength(1);
    expect(picks[0]).toMatchObject({
      ticker: 'AVGO',
      tickerExchange: 'NASDAQ',
      convictionLabel: 'Moderate conviction',
      generator: 'openai:gpt-test@picks-v7',
    });
    expect(fake.requests.at(-1)?.body?.response_format).toMatchObject({ json_schema: { name: 'stock_picks' } });
  });
});
