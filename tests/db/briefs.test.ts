import { randomBytes } from 'node:crypto';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as briefsGet, POST as briefsPost } from '@/app/api/v1/briefs/route';
import { createApiKey } from '@/lib/accounts/api-keys/create';
import { issueSessionToken } from '@/lib/accounts/sessions/issue';
import { ensureUser } from '@/lib/accounts/users/ensure';
import { createOpenAIClient } from '@/lib/ai/client';
import { ResearchBrief } from '@/lib/api/contracts/briefs';
import { ErrorMessage, InvalidQueryResponse } from '@/lib/api/contracts/common';
import { callRoute } from '@/lib/api/in-process';
import type { AppContext } from '@/lib/app/context';
import { briefOffer } from '@/lib/briefs/brief-offer';
import { composeBrief } from '@/lib/briefs/compose';
import { configuredBriefGenerator } from '@/lib/briefs/configured-generator';
import { ExtractiveBriefGenerator } from '@/lib/briefs/generate-offline';
import { OpenAIBriefGenerator } from '@/lib/briefs/generate-openai';
import { planBrief } from '@/lib/briefs/plan-brief';
import { writeBrief } from '@/lib/briefs/write-brief';
import { readCreditBalance } from '@/lib/credits/balance';
import { grantPurchasedCredits } from '@/lib/credits/grant';
import type { Db } from '@/lib/db/types';
import { seedDemoCorpus } from '@/lib/demo/load';
import { parseEnv } from '@/lib/env';
import { sellOffer } from '@/lib/payments/sell-offer';
import type { PaymentSetup } from '@/lib/payments/setup';
import { indexForSearch } from '@/lib/search/index/index-for-search';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { closeTestAppContext, openTestAppContext } from '@/tests/helpers/app-context';
import { type FakeFacilitator, startFakeFacilitator } from '@/tests/helpers/fake-facilitator';
import { type FakeOpenAI, startFakeOpenAI } from '@/tests/helpers/fake-openai';
import { connectInMemoryMcp } from '@/tests/helpers/in-memory-mcp';
import { suiteDatabase } from '@/tests/helpers/suite-database';
import { signX402Payment } from '@/tests/helpers/x402-payment';

// POST /api/v1/briefs in process on the demo corpus (as tests/db/search-index-status.test.ts calls its route): the
// domain verb, the route's 400/404/405/402 and credit sales, the quote binding with x402 (a loopback facilitator),
// the OpenAI generator against the fake OpenAI server, and the MCP tool through the SDK's own client.
const db: Db = suiteDatabase();
const NOW = new Date();
const QUESTION = 'What are newsletters saying about Fed rate cuts?';
let context: AppContext;

beforeAll(async () => {
  await seedDemoCorpus(db, { seed: 9, posts: 400, now: NOW });
  await indexForSearch(db, null, () => {});
  context = await openTestAppContext(db);
});

afterAll(async () => {
  await closeTestAppContext();
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  callRoute(briefsPost, 'http://localhost/api/v1/briefs', {
    clientIp: '127.0.0.1',
    headers: new Headers({ 'content-type': 'application/json', ...headers }),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** What a quote may be taken from: the post's title and its text. */
const quotable = async (publicationSlug: string, postSlug: string) => {
  const [row] = await db.query<{ title: string; body_text: string }>(
    `select p.title, p.body_text from posts p join publications pub on pub.id = p.publication_id
      where pub.slug = $1 and p.slug = $2`,
    [publicationSlug, postSlug],
  );
  return [row!.title, row!.body_text];
};

async function customer(cents: number) {
  const user = await ensureUser(db, `${randomBytes(6).toString('hex')}@example.com`);
  if (cents > 0) {
    await grantPurchasedCredits(db, { userId: user.id, cents, ledgerKey: `grant:${user.id}`, kind: 'grant' });
  }
  const { key } = await createApiKey(db, user.id, 'briefs');
  return { userId: user.id, key, balance: async () => (await readCreditBalance(db, user.id, 10)).purchasedCents };
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: number }>(`select count(*)::int as n ${sql}`, params))[0]!.n);

/** Every quote of a brief is found as is in the title or text of the post it cites, and every source is cited. */
async function expectVerbatimQuotes(brief: Pick<ReturnType<typeof ResearchBrief.parse>, 'sources'> | null) {
  expect(brief).not.toBeNull();
  let quotes = 0;
  for (const source of brief!.sources) {
    const parts = await quotable(source.publicationSlug, source.postSlug);
    expect(source.citations.length, `${source.postSlug} is sold, so it is cited`).toBeGreaterThan(0);
    for (const citation of source.citations) {
      expect(
        parts.some((part) => part.includes(citation.evidenceQuote)),
        citation.evidenceQuote,
      ).toBe(true);
      quotes += 1;
    }
  }
  expect(quotes).toBeGreaterThan(0);
}

describe('composeBrief (offline, extractive)', () => {
  it('answers from the sources search picks, every line cited and every quote verbatim, the same way twice', async () => {
    const generator = new ExtractiveBriefGenerator();
    const brief = await composeBrief(db, { question: QUESTION, maxSources: 4 }, generator, { now: NOW });
    const again = await composeBrief(db, { question: QUESTION, maxSources: 4 }, generator, { now: NOW });
    expect(again).toEqual(brief);
    const parsed = ResearchBrief.parse({ ...brief, quote: '0123456789abcdef', asOf: NOW.toISOString() });
    expect(parsed.answered).toBe(true);
    expect(parsed.generator).toBe('extractive-brief-v2');
    expect(parsed.sources.length).toBeGreaterThan(0);
    expect(parsed.sources.length).toBeLessThanOrEqual(4);
    await expectVerbatimQuotes(parsed);
    const lines = parsed.answer.split('\n');
    expect(lines).toHaveLength(parsed.claims.length);
    parsed.claims.forEach((claim, i) => {
      const markers = claim.sources.map((n) => `[${n}]`).join('');
      expect(lines[i]).toMatch(/^- \S/);
      expect(lines[i]).toContain(markers);
      // A whole sentence or a title that states something: no boilerplate, no cut-off fragment.
      expect(lines[i]).toMatch(/(?:[.!]["”’)]*|\])$/);
      expect(lines[i]).not.toMatch(/subscribe|sponsor|click here|unsubscribe/i);
      for (const n of claim.sources) {
        expect(parsed.sources[n - 1]!.citations.some((c) => c.claim === i + 1)).toBe(true);
      }
    });
    expect(parsed.sources.map((s) => s.url)).toEqual(
      parsed.sources.map((s) => `/api/v1/publications/${s.publicationSlug}/${s.postSlug}`),
    );
  });

  it('is null when no post matches, and keeps to the publications and window asked for', async () => {
    const generator = new ExtractiveBriefGenerator();
    expect(await composeBrief(db, { question: 'zqxv flibbertigibbet unobtainium' }, generator, { now: NOW })).toBe(
      null,
    );
    const wide = await composeBrief(db, { question: QUESTION, maxSources: 10 }, generator, { now: NOW });
    const publication = wide!.sources[0]!.publicationSlug;
    const only = await composeBrief(db, { question: QUESTION, publications: [publication] }, generator, { now: NOW });
    expect(only!.sources.length).toBeGreaterThan(0);
    expect(only!.sources.every((s) => s.publicationSlug === publication)).toBe(true);
    const month = await composeBrief(db, { question: QUESTION, window: 'last 30 days' }, generator, { now: NOW });
    expect(month?.timeWindow).toMatchObject({ label: 'last_n_days', days: 30 });
  });
});

describe('POST /api/v1/briefs: refusals before any challenge', () => {
  it('answers 400 invalid_body, keyed by field, for bodies it cannot take', async () => {
    const cases: Array<[unknown, string]> = [
      ['', 'body'],
      ['{"question": ', 'body'],
      [[QUESTION], 'body'],
      [{}, 'question'],
      [{ question: 'x' }, 'question'],
      [{ question: QUESTION, maxSources: 0 }, 'maxSources'],
      [{ question: QUESTION, maxSources: 11 }, 'maxSources'],
      [{ question: QUESTION, maxSources: '3' }, 'maxSources'],
      [{ question: QUESTION, window: 'banks' }, 'window'],
      [{ question: QUESTION, window: 'this week banks' }, 'window'],
      [{ question: QUESTION, publications: [] }, 'publications'],
      [{ question: QUESTION, publications: ['not a slug!'] }, 'publications'],
      [{ question: QUESTION, colour: 'blue' }, 'body'],
      [{ question: QUESTION, quote: 'not-a-quote' }, 'quote'],
    ];
    for (const [body, key] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = InvalidQueryResponse.parse(await response.json());
      expect(error.code).toBe('invalid_body');
      expect(error.issues, JSON.stringify(body)).toHaveProperty(key);
      expect(response.headers.get('payment-required')).toBeNull();
    }
  });

  it('answers 404 no_sources without a challenge, and charges a paying key nothing', async () => {
    const buyer = await customer(100);
    for (const headers of [{}, { authorization: `Bearer ${buyer.key}` }] as Array<Record<string, string>>) {
      const response = await post({ question: 'zqxv flibbertigibbet unobtainium' }, headers);
      expect(response.status).toBe(404);
      expect(ErrorMessage.parse(await response.json()).code).toBe('no_sources');
      expect(response.headers.get('payment-required')).toBeNull();
      expect(response.headers.get('www-authenticate')).toBeNull();
    }
    expect(await buyer.balance()).toBe(100);
    const unknown = await post({ question: QUESTION, publications: ['nowhere.example'] });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      code: 'not_found',
      error: expect.stringContaining('nowhere.example'),
    });
  });

  it('answers GET and HEAD with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await briefsGet(new Request('http://localhost/api/v1/briefs', { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(await response.json()).toMatchObject({ code: 'method_not_allowed' });
    }
  });
});

describe('POST /api/v1/briefs: sold per source article', () => {
  it('quotes the price and names the sources in the 402, before anything is written or charged', async () => {
    const response = await post({ question: QUESTION, maxSources: 3 });
    expect(response.status).toBe(402);
    const problem = await response.json();
    const brief = await composeBrief(db, { question: QUESTION, maxSources: 3 }, new ExtractiveBriefGenerator());
    const n = brief!.sources.length;
    expect(problem.detail).toContain(`Research brief from ${n} source article`);
    expect(problem.detail).toContain(`costs $0.${n}0`);
    for (const source of brief!.sources)
      expect(problem.detail).toContain(`${source.publicationSlug}/${source.postSlug}`);
  });

  it('is paid with credits: the brief, quotes verbatim, one sale per source; a repeat is charged again', async () => {
    const buyer = await customer(200);
    const ask = { question: QUESTION, maxSources: 3 };
    const first = await post(ask, { authorization: `Bearer ${buyer.key}` });
    expect(first.status).toBe(200);
    const brief = ResearchBrief.parse(await first.json());
    const n = brief.sources.length;
    expect(brief.paymentInfo).toEqual({ amountUsd: `0.${n}0`, protocol: 'credits', spendSource: 'purchased' });
    await expectVerbatimQuotes(brief);
    expect(await buyer.balance()).toBe(200 - n * 10);
    const sales = await db.query<{ product: string; share_cents: number; slug: string }>(
      `select s.product, s.share_cents, p.slug from sales s join payments pay on pay.id = s.payment_id
         join posts p on p.id = s.post_id where pay.user_id = $1`,
      [buyer.userId],
    );
    expect(sales.map((s) => s.slug).sort()).toEqual(brief.sources.map((s) => s.postSlug).sort());
    expect(sales.every((s) => s.product === 'research_brief' && s.share_cents === 10)).toBe(true);

    const again = await post(ask, { authorization: `Bearer ${buyer.key}` });
    expect(again.status).toBe(200);
    expect(ResearchBrief.parse(await again.json()).sources).toEqual(brief.sources);
    expect(await buyer.balance()).toBe(200 - 2 * n * 10);
    expect(await count('from payments where user_id = $1', [buyer.userId])).toBe(2);
  });
});

describe('the writer, and the credential before it', () => {
  it('leaves the offline answer when the writer finds none or fails: the buyer gets what was quoted, every source cited', async () => {
    for (const writer of [
      { generator: 'silent', draft: async () => ({ answersQuestion: false, claims: [] }) },
      {
        generator: 'failing',
        draft: async () => {
          throw new Error('the model is down');
        },
      },
    ]) {
      const buyer = await customer(100);
      const request = new Request('http://localhost/api/v1/briefs', {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer.key}` },
      });
      const offer = await briefOffer(
        db,
        request,
        { question: QUESTION },
        { setup: context.payments, generator: writer },
      );
      const response = await sellOffer(request, offer, '{}');
      expect(response.status).toBe(200);
      const brief = ResearchBrief.parse(await response.json());
      expect(brief.generator).toBe('extractive-brief-v2');
      await expectVerbatimQuotes(brief);
      expect(await buyer.balance()).toBe(100 - offer.priceCents);
      expect(offer.priceCents).toBe(brief.sources.length * 10);
    }
  });

  it('is never asked for a key, session token or balance that cannot pay: 401 or 403, nothing charged', async () => {
    let drafts = 0;
    const counting = {
      generator: 'counting',
      draft: async () => {
        drafts++;
        return { answersQuestion: false, claims: [] };
      },
    };
    const poor = await customer(5);
    const { token: poorSession } = await issueSessionToken(db, poor.userId);
    // The weekly allowance of this session is spent, and its credits do not cover a brief.
    await db.query(
      `insert into allowance_weeks (user_id, week_start, limit_cents, spent_cents)
       values ($1, date_trunc('week', now())::date, 100, 100)
       on conflict (user_id, week_start) do update set spent_cents = allowance_weeks.limit_cents`,
      [poor.userId],
    );
    const cases: Array<[string, number]> = [
      ['pk_svc_not-a-real-key-0123456789', 401],
      ['not-a-session-token', 401],
      [poor.key, 403],
    ];
    for (const [token, status] of cases) {
      const request = new Request('http://localhost/api/v1/briefs', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      const offer = await briefOffer(
        db,
        request,
        { question: QUESTION },
        { setup: context.payments, generator: counting },
      );
      expect((await sellOffer(request, offer, '{}')).status, token).toBe(status);
    }
    expect(drafts).toBe(0);
    expect(await poor.balance()).toBe(5);
    void poorSession;
  });
});

describe('POST /api/v1/briefs: a session token', () => {
  it("spends the weekly allowance first, as any paid route's", async () => {
    const buyer = await customer(0);
    const { token } = await issueSessionToken(db, buyer.userId);
    const response = await post({ question: QUESTION, maxSources: 2 }, { authorization: `Bearer ${token}` });
    expect(response.status).toBe(200);
    const brief = ResearchBrief.parse(await response.json());
    expect(brief.paymentInfo).toEqual({
      amountUsd: `0.${brief.sources.length}0`,
      protocol: 'credits',
      spendSource: 'sponsored',
    });
  });
});

/**
 * x402 on the suite's context for one describe block: a loopback facilitator, $0.10 per article, no dev-payer refusal.
 * The returned function gives the facilitator once the block's beforeAll has run.
 */
function useX402Facilitator(): () => FakeFacilitator {
  let facilitator: FakeFacilitator;
  let saved: PaymentSetup;
  beforeAll(async () => {
    facilitator = await startFakeFacilitator('eip155:84532');
    saved = context.payments;
    context.payments = {
      ...saved,
      refuseDevPayers: false,
      prices: { ...saved.prices, stockPicksArticleCents: 10 },
      x402: {
        network: 'eip155:84532',
        payTo: `0x${'11'.repeat(20)}`,
        facilitatorUrl: facilitator.url,
        rpcUrl: null,
        timeoutMs: 2000,
      },
    };
  });
  afterAll(async () => {
    context.payments = saved;
    await facilitator.close();
  });
  return () => facilitator;
}

describe('the quote binds the sources (x402)', () => {
  const facilitator = useX402Facilitator();

  it('answers a payment for sources that changed with a fresh 402 for the new ones, and charges nothing', async () => {
    const ask = { question: QUESTION, maxSources: 2 };
    const challenge = await post(ask);
    expect(challenge.status).toBe(402);
    const quoted = decodePaymentRequiredHeader(challenge.headers.get('payment-required')!);
    expect(quoted.resource.description).toMatch(/^Research brief from \d source article/);
    const payment = signX402Payment(challenge, `0x${'44'.repeat(20)}`);

    // A new post that answers the question better (titled as it is) arrives before the payment comes back.
    const [publication] = await db.query<{ id: string; slug: string }>('select id, slug from publications limit 1');
    await db.query(
      `insert into posts (publication_id, guid, slug, title, url, body_text, published_at)
       values ($1, 'brief-new', 'fed-cuts-and-bank-margins', $2, 'https://example.com/margins', $3, now())`,
      [
        publication!.id,
        ask.question,
        'Fed rate cuts are squeezing bank margins as loan yields reset faster than deposit costs. We expect net interest margins to trough next spring.',
      ],
    );
    await indexPendingPosts(db);

    const before = await count('from payments');
    const retry = await post(ask, { 'payment-signature': payment.header });
    expect(retry.status).toBe(402);
    expect(facilitator().settled).toEqual([]);
    expect(await count('from payments')).toBe(before);
    const fresh = decodePaymentRequiredHeader(retry.headers.get('payment-required')!);
    expect(fresh.accepts[0]!.extra.resource).not.toBe(quoted.accepts[0]!.extra.resource);
    expect(fresh.resource.description).toContain(`${publication!.slug}/fed-cuts-and-bank-margins`);

    // The fresh challenge, paid, buys exactly the sources it names.
    const paid = await post(ask, { 'payment-signature': signX402Payment(retry, `0x${'44'.repeat(20)}`).header });
    expect(paid.status).toBe(200);
    const brief = ResearchBrief.parse(await paid.json());
    expect(brief.paymentInfo?.protocol).toBe('x402');
    expect(brief.sources.map((s) => s.postSlug)).toContain('fed-cuts-and-bank-margins');
    for (const s of brief.sources) expect(fresh.resource.description).toContain(`${s.publicationSlug}/${s.postSlug}`);
    expect(facilitator().settled).toHaveLength(1);
  });
});

describe('paying for a brief by wallet (x402, a loopback facilitator)', () => {
  const facilitator = useX402Facilitator();
  const payer = `0x${'55'.repeat(20)}`;

  async function addPost(guid: string, title: string, body: string) {
    const [publication] = await db.query<{ id: string; slug: string }>('select id, slug from publications limit 1');
    await db.query(
      `insert into posts (publication_id, guid, slug, title, url, body_text, published_at)
       values ($1, $2, $2, $3, $4, $5, now())`,
      [publication!.id, guid, title, `https://example.com/${guid}`, body],
    );
    await indexPendingPosts(db);
    return publication!.slug;
  }

  it('writes nothing for a payment the facilitator does not verify, and charges nothing', async () => {
    let drafts = 0;
    const counting = {
      generator: 'counting',
      draft: async () => {
        drafts++;
        return { answersQuestion: false, claims: [] };
      },
    };
    const ask = { question: QUESTION, maxSources: 2 };
    const payment = signX402Payment(await post(ask), payer);
    facilitator().verifyMode = 'invalid';
    try {
      const request = new Request('http://localhost/api/v1/briefs', {
        method: 'POST',
        headers: { 'payment-signature': payment.header },
      });
      const offer = await briefOffer(db, request, ask, { setup: context.payments, generator: counting });
      const refused = await sellOffer(request, offer, JSON.stringify(ask));
      expect(refused.status).toBe(402);
      expect((await refused.json()).detail).toContain('invalid_exact_evm_payload_signature');
    } finally {
      facilitator().verifyMode = 'valid';
    }
    expect(drafts).toBe(0);
    expect(facilitator().settled).toEqual([]);
  });

  it('delivers the answer a payment bought to its retry, though search now picks other sources', async () => {
    const ask = { question: 'What is happening to zinc smelter margins?' };
    const answering = await addPost(
      'zinc-1',
      'Smelters in a squeeze',
      'Zinc smelter margins collapsed to a ten-year low this quarter as treatment charges fell. Two European plants have cut output.',
    );
    const challenge = await post(ask);
    expect(challenge.status).toBe(402);
    expect((await challenge.clone().json()).detail).toContain(
      `Research brief from 1 source article: ${answering}/zinc-1`,
    );
    const payment = signX402Payment(challenge, payer);

    // The settlement's outcome is unknown: the payer is told to retry, not to pay again.
    facilitator().settleMode = 'error-502';
    const pending = await post(ask, { 'payment-signature': payment.header });
    expect(pending.status).toBe(503);
    expect(await pending.json()).toMatchObject({ code: 'payment_pending' });

    // Meanwhile another post that answers arrives: a new request is quoted two sources.
    await addPost(
      'zinc-2',
      'Another bad quarter for smelters',
      'Zinc smelter margins are now negative for most plants outside China, and more closures are coming.',
    );
    const now = await post(ask);
    expect((await now.json()).detail).toContain('Research brief from 2 source articles');

    facilitator().settleMode = 'ok';
    const retry = await post(ask, { 'payment-signature': payment.header });
    expect(retry.status).toBe(200);
    const brief = ResearchBrief.parse(await retry.json());
    expect(brief.sources.map((s) => s.postSlug)).toEqual(['zinc-1']);
    expect(brief.paymentInfo).toEqual({ amountUsd: '0.10', protocol: 'x402' });
    await expectVerbatimQuotes(brief);
    expect(facilitator().settled).toEqual([payment.nonce]);
    // Delivered once: the same payment again is a replay.
    const replay = await post(ask, { 'payment-signature': payment.header });
    expect(replay.status).toBe(402);
    expect(facilitator().settled).toEqual([payment.nonce]);
  });
});

describe('a quote the buyer accepts', () => {
  it('charges the price a 402 quoted, or answers 409 quote_changed and charges nothing', async () => {
    const buyer = await customer(100);
    const ask = { question: QUESTION, maxSources: 2 };
    const challenge = await post(ask);
    const quote = /\(quote ([0-9a-f]{16})\)/u.exec((await challenge.json()).detail)![1]!;

    const stale = await post({ ...ask, quote: 'ffffffffffffffff' }, { authorization: `Bearer ${buyer.key}` });
    expect(stale.status).toBe(409);
    const refusal = ErrorMessage.parse(await stale.json());
    expect(refusal.code).toBe('quote_changed');
    expect(refusal.error).toMatch(/now reads \d source articles? and costs \$0\.\d0\. Nothing was charged/);
    expect(await buyer.balance()).toBe(100);

    const paid = await post({ ...ask, quote }, { authorization: `Bearer ${buyer.key}` });
    expect(paid.status).toBe(200);
    const brief = ResearchBrief.parse(await paid.json());
    expect(brief.quote).toBe(quote);
    expect(await buyer.balance()).toBe(100 - brief.sources.length * 10);
  });
});

describe('the OpenAI generator', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('is chosen with OPENAI_API_KEY, as summaries are', () => {
    expect(configuredBriefGenerator(parseEnv({})).generator).toBe('extractive-brief-v2');
    const chosen = configuredBriefGenerator(parseEnv({ OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL }));
    expect(chosen.generator).toMatch(/^openai:.+@brief-v1$/);
  });

  it('keeps claims whose quotes are in the post, drops a fabricated one, and cites every source it was given', async () => {
    const plan = (await planBrief(db, { question: QUESTION, maxSources: 2 }, { now: NOW }))!;
    const { sources } = plan.selection;
    expect(sources).toHaveLength(2);
    const real = sources[0]!.claims[0]!.quote;
    fake.scriptChat({
      json: {
        answersQuestion: true,
        claims: [
          { text: 'The author sees rate cuts ahead [1].', citations: [{ source: 1, quote: `  ${real} ` }] },
          {
            text: 'The Fed will cut by 300 basis points tomorrow.',
            citations: [{ source: 1, quote: 'The Fed will cut rates by 300 basis points tomorrow morning.' }],
          },
          { text: 'A claim citing a source that does not exist.', citations: [{ source: 9, quote: real }] },
        ],
      },
    });
    const generator = new OpenAIBriefGenerator({
      client: createOpenAIClient({ apiKey: fake.apiKey, baseURL: fake.baseURL, maxRetries: 0 }),
      model: 'gpt-test',
    });
    const brief = await writeBrief(plan, generator);
    expect(brief.answered).toBe(true);
    expect(brief.generator).toMatch(/^openai:gpt-test@/);
    expect(brief.claims[0]).toEqual({ text: 'The author sees rate cuts ahead.', sources: [1] });
    expect(brief.sources[0]!.citations[0]).toEqual({ claim: 1, evidenceQuote: real.trim() });
    // The model cited only the first source: the second, charged too, gets its offline claim.
    expect(brief.sources[1]!.citations.length).toBeGreaterThan(0);
    expect(brief.claims.at(-1)!.sources).toEqual([2]);
    await expectVerbatimQuotes(brief);
    expect(JSON.stringify(brief)).not.toContain('300 basis points');
    const request = fake.requests.at(-1)!.body as { messages: Array<{ content: string }> };
    expect(request.messages[1]!.content).toContain(`Question: ${QUESTION}`);
    expect(request.messages[1]!.content).toContain(sources[0]!.text.slice(0, 200));
    expect(request.messages[1]!.content).not.toContain('<source n="3"');

    // The model finding no answer in sources that hold claims leaves the offline answer, as quoted.
    fake.scriptChat({ json: { answersQuestion: false, claims: [] } });
    const offline = await writeBrief(plan, generator);
    expect(offline.generator).toBe('extractive-brief-v2');
    expect(offline.sources.map((s) => s.postSlug)).toEqual(brief.sources.map((s) => s.postSlug));
    await expectVerbatimQuotes(offline);
  });
});

describe('MCP tool get_research_brief', () => {
  it('is paid with the connection key through the official client, and names the price and sources unpaid', async () => {
    const buyer = await customer(100);
    const connect = (authorization: string | null) =>
      connectInMemoryMcp(authorization, context.payments.prices, 'briefs-test');
    const unpaid = await (await connect(null)).callTool({
      name: 'get_research_brief',
      arguments: { question: QUESTION, maxSources: 2 },
    });
    expect(unpaid.isError).toBe(true);
    expect(JSON.stringify(unpaid.content)).toMatch(/Research brief from \d source article/);

    const client = await connect(`Bearer ${buyer.key}`);
    const tools = await client.listTools();
    const tool = tools.tools.find((t) => t.name === 'get_research_brief')!;
    expect(tool.description).toMatch(/PAID/);
    expect(Object.keys(tool.inputSchema.properties ?? {})).toEqual([
      'question',
      'window',
      'publications',
      'maxSources',
      'quote',
    ]);
    const result = await client.callTool({
      name: 'get_research_brief',
      arguments: { question: QUESTION, maxSources: 2 },
    });
    expect(result.isError).toBeFalsy();
    const brief = ResearchBrief.parse(result.structuredContent);
    expect(brief.paymentInfo?.protocol).toBe('credits');
    await expectVerbatimQuotes(brief);
    expect((result.content as Array<{ text: string }>)[0]!.text).toContain('Sources:');
    expect(await buyer.balance()).toBe(100 - brief.sources.length * 10);
  });
});
