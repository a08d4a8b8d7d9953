import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash } from '@/lib/ai/content-hash';
import { configuredGenerators } from '@/lib/content/generators';
import { extractPostPicks } from '@/lib/content/picks/extract-post-picks';
import { generatePostSummary } from '@/lib/content/summaries/generate-post-summary';
import { parseEnv } from '@/lib/env';
import { type FakeOpenAI, startFakeOpenAI } from '@/tests/helpers/fake-openai';
import { suiteDatabase } from '@/tests/helpers/suite-database';

// With OPENAI_API_KEY the same verbs use the OpenAI generators: here through the official SDK against a loopback
// server speaking OpenAI's chat-completions protocol.
const TEXT =
  'Nvidia grew revenue 94% to $35.1bn. We are initiating a position in Broadcom ($AVGO) at $1,520. Margins held.';
const db = suiteDatabase();
let fake: FakeOpenAI;
let postId: string;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  const [publication] = await db.query<{ id: string }>(
    `insert into publications (slug, title, site_url, source_kind) values ('ai.example.com', 'AI', 'https://ai.example.com', 'rss')
     returning id`,
  );
  const [post] = await db.query<{ id: string }>(
    `insert into posts (publication_id, guid, slug, title, url, body_text, content_hash, published_at)
     values ($1, 'g1', 'chips', 'Chips', 'https://ai.example.com/chips', $2, $3, '2026-11-20T10:00:00Z') returning id`,
    [publication!.id, TEXT, contentHash(TEXT)],
  );
  postId = post!.id;
});

afterAll(async () => {
  await fake.close();
});

describe('generation with the OpenAI generators', () => {
  it('stores the model-written summary and picks with their generator, once per text', async () => {
    const config = parseEnv({
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_SUMMARY_MODEL: 'gpt-test-summary',
      OPENAI_PICKS_MODEL: 'gpt-test-picks',
    });
    const generators = configuredGenerators(config);
    fake.scriptChat(
      {
        json: {
          takeaway: 'Nvidia grew 94% and the author buys Broadcom.',
          keyPoints: ['Revenue $35.1bn, up 94%.', 'New position in AVGO at $1,520.'],
          stance: { label: 'bullish', subject: 'NVDA, AVGO' },
          tickers: ['NVDA', 'AVGO'],
          companies: [{ ticker: 'AVGO', stance: 'bullish' }],
        },
      },
      {
        json: {
          picks: [
            {
              ticker: 'AVGO',
              tickerExchange: null,
              instrumentType: 'EQUITY',
              action: 'NEW_POSITION',
              direction: 'LONG',
              authorConviction: 3,
              activePick: true,
              evidenceQuote: 'We are initiating a position in Broadcom ($AVGO) at $1,520.',
              rationaleSnippet: null,
              speaker: null,
            },
            {
              ticker: 'TSLA',
              tickerExchange: null,
              instrumentType: 'EQUITY',
              action: 'NEW_POSITION',
              direction: 'LONG',
              authorConviction: 5,
              activePick: true,
              evidenceQuote: 'We are buying Tesla.',
              rationaleSnippet: null,
              speaker: null,
            },
          ],
        },
      },
    );
    expect(await generatePostSummary(db, postId, { summarizer: generators.summarizer })).toMatchObject({
      status: 'generated',
      generator: 'openai:gpt-test-summary@summary-v4',
    });
    expect(await extractPostPicks(db, postId, { extractor: generators.extractor })).toMatchObject({
      status: 'extracted',
      picks: 1,
    });
    const [summary] = await db.query<{ summary: string; generator: string }>(
      'select summary, generator from post_summaries where post_id = $1',
      [postId],
    );
    expect(summary!.summary).toMatch(/^Takeaway: Nvidia grew 94%/);
    const picks = await db.query<{ ticker: string; generator: string }>(
      'select ticker, generator from stock_picks where post_id = $1',
      [postId],
    );
    // The invented quote ("We are buying Tesla.") is not in the text: that pick is dropped.
    expect(picks).toEqual([{ ticker: 'AVGO', generator: 'openai:gpt-test-picks@picks-v7' }]);

    const calls = fake.requests.length;
    await generatePostSummary(db, postId, { summarizer: generators.summarizer });
    await extractPostPicks(db, postId, { extractor: generators.extractor });
    expect(fake.requests.length).toBe(calls);
  });
});
