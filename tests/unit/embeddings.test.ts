import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMPANIES } from '@/lib/demo/companies';
import { loadCompactStore } from '@/lib/search/embeddings/compact-store';
import { EMBEDDING_BODY_CHARS, embeddingText } from '@/lib/search/embeddings/document-text';
import { LOCAL_PROVIDER_ID, LocalEmbeddingProvider } from '@/lib/search/embeddings/local';
import { EmbeddingRequestError, OpenAIEmbeddingProvider, redactSecrets } from '@/lib/search/embeddings/openai';
import { prepareLocalEmbeddings } from '@/lib/search/embeddings/prepare';
import { cosine, normalized } from '@/lib/search/embeddings/provider';
import { selectEmbeddingProvider } from '@/lib/search/embeddings/select';
import { type FakeOpenAI, fakeEmbedding, startFakeOpenAI } from '@/tests/helpers/fake-openai';

const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe('local embedding provider', () => {
  const provider = new LocalEmbeddingProvider();
  const embedOne = async (text: string) => (await provider.embed([text]))[0]!;
  const sim = async (a: string, b: string) => {
    const [va, vb] = await provider.embed([a, b]);
    return cosine(va!, vb!);
  };

  beforeAll(async () => {
    // The postinstall step normally did this already; then it only checks that the store is current (~ms).
    const result = await prepareLocalEmbeddings();
    expect(result.status).not.toBe('missing-source');
  }, 120_000);

  it('loads the compact store fast', async () => {
    const started = performance.now();
    const store = await loadCompactStore({ extraWords: [] });
    const ms = performance.now() - started;
    expect(store).not.toBeNull();
    expect(store!.meta.dimensions).toBe(100);
    expect(store!.meta.count).toBeGreaterThan(55_000);
    expect(store!.meta.count).toBeLessThanOrEqual(60_000 + store!.meta.extraWords.length);
    expect(ms).toBeLessThan(1_000);
  });

  it('has the documented id and 100 dimensions, and returns unit vectors in input order', async () => {
    expect(provider.id).toBe(LOCAL_PROVIDER_ID);
    expect(provider.dimensions).toBe(100);
    const texts = ['fed rate cuts', 'oil prices and OPEC', 'nvidia gpu demand'];
    const vectors = await provider.embed(texts);
    expect(vectors).toHaveLength(3);
    for (const v of vectors) {
      expect(v).toHaveLength(100);
      expect(norm(v)).toBeCloseTo(1, 6);
    }
    expect(vectors[2]).toEqual(await embedOne('nvidia gpu demand'));
  });

  it('is deterministic, across calls and provider instances', async () => {
    const text = 'Treasury yields rose after the CPI report; $TLT fell.';
    const a = await embedOne(text);
    const b = await embedOne(text);
    const c = (await new LocalEmbeddingProvider().embed([text]))[0]!;
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it('is semantically sensible', async () => {
    expect(await sim('nvidia gpu demand', 'semiconductor chips data center')).toBeGreaterThan(
      await sim('nvidia gpu demand', 'dividend reit landlord rent'),
    );
    expect(await sim('interest rates fed', 'federal reserve rate cuts')).toBeGreaterThan(
      await sim('interest rates fed', 'nvidia gpu demand'),
    );
    expect(await sim('oil prices opec', 'crude production energy')).toBeGreaterThan(
      await sim('oil prices opec', 'software subscription growth'),
    );
    expect(await sim('obesity drugs', 'weight loss medicine demand')).toBeGreaterThan(
      await sim('obesity drugs', 'bank deposits loans'),
    );
  });

  it('down-weights very common words', async () => {
    const words = await provider.explain('the outlook for gold bullion');
    const weight = (w: string) => words.find((x) => x.word === w)!.weight;
    expect(weight('the')).toBeLessThan(0.01);
    expect(weight('gold')).toBeGreaterThan(100 * weight('the'));
    expect(weight('bullion')).toBeGreaterThan(0.9);
    // Function words barely move a text.
    expect(await sim('gold', 'the gold of the')).toBeGreaterThan(0.99);
  });

  it('maps tickers to company words', async () => {
    expect(await sim('$NVDA earnings', 'Nvidia earnings')).toBeGreaterThan(0.95);
    expect(await sim('NVDA earnings', 'Nvidia earnings')).toBeGreaterThan(0.95);
    expect(await sim('nvda earnings', 'Nvidia earnings')).toBeGreaterThan(0.95);
    expect(await sim('$NVDA earnings', 'Nvidia earnings')).toBeGreaterThan(
      await sim('$NVDA earnings', 'Walmart earnings'),
    );
    expect(await sim('$MSFT', 'Microsoft')).toBeGreaterThan(0.95);
    expect(await sim('$AAPL iphone', 'Apple iphone')).toBeGreaterThan(0.95);
    // Company names beyond the top-60k cut are kept for the table.
    expect(await sim('$PLTR', 'Palantir')).toBeGreaterThan(0.95);
    expect(await sim('$BABA', 'Alibaba')).toBeGreaterThan(0.95);
  });

  it('only reads ambiguous tickers as tickers when written as tickers', async () => {
    const words = async (text: string) => (await provider.explain(text)).map((x) => x.word);
    expect(await words('$CAT CAT cat')).toEqual(['caterpillar', 'caterpillar', 'cat']);
    expect(await words('buy now at a low cost')).toEqual(expect.arrayContaining(['now', 'cost']));
    // "servicenow" is not in the vocabulary at all: the sector label stands in.
    expect(await words('$NOW')).toEqual(['software']);
    expect(await words('vitamin C')).not.toContain('citigroup');
    expect(await words('$C')).toContain('citigroup');
  });

  it('maps every ticker in the demo universe to known words', async () => {
    const vectors = await provider.embed(COMPANIES.map((c) => `$${c.ticker}`));
    const empty = COMPANIES.filter((_, i) => norm(vectors[i]!) === 0).map((c) => c.ticker);
    expect(empty).toEqual([]);
    expect(COMPANIES.length).toBeGreaterThan(80);
  });

  it('gives a zero vector, not NaN, for empty or unknown text', async () => {
    const vectors = await provider.embed(['', '   ', '!!! ??? ...', 'zzqxv wqxzzk', 'x']);
    for (const v of vectors) {
      expect(v).toHaveLength(100);
      expect(v.every((x) => x === 0)).toBe(true);
    }
    expect(cosine(vectors[0]!, vectors[1]!)).toBe(0);
    expect(await provider.embed([])).toEqual([]);
  });

  it('embeds many texts quickly', async () => {
    const text = 'Nvidia data center revenue beat estimates as hyperscaler capex kept rising. '.repeat(20);
    const started = performance.now();
    const vectors = await provider.embed(new Array(1000).fill(text));
    expect(vectors).toHaveLength(1000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('OpenAI embedding provider (against a local fake server)', () => {
  let fake: FakeOpenAI;
  const make = (overrides: Partial<ConstructorParameters<typeof OpenAIEmbeddingProvider>[0]> = {}) =>
    new OpenAIEmbeddingProvider({ apiKey: fake.apiKey, baseURL: fake.baseURL, maxRetries: 0, ...overrides });

  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await fake.close();
  });
  afterEach(() => {
    fake.requests.length = 0;
    fake.failWith(500, 0);
  });

  it('defaults to text-embedding-3-small with 1536 dimensions', () => {
    const provider = make();
    expect(provider.id).toBe('openai:text-embedding-3-small');
    expect(provider.dimensions).toBe(1536);
    expect(provider.model).toBe('text-embedding-3-small');
  });

  it('batches at most 256 inputs, preserves order, and normalizes', async () => {
    const provider = make();
    const texts = Array.from({ length: 600 }, (_, i) => `post number ${i} about ${i % 7 === 0 ? 'gold' : 'rates'}`);
    const vectors = await provider.embed(texts);
    const batches = fake.requests.map((r) => (r.body!.input as string[]).length);
    expect(batches).toEqual([256, 256, 88]);
    expect(fake.requests.flatMap((r) => r.body?.input as string[])).toEqual(texts);
    expect(vectors).toHaveLength(600);
    for (const [i, v] of vectors.entries()) {
      expect(v).toHaveLength(1536);
      expect(norm(v)).toBeCloseTo(1, 5);
      // The fake server returns data in reverse order; the provider must use `index`.
      expect(cosine(v, normalized(fakeEmbedding(texts[i]!, 1536)))).toBeGreaterThan(0.99999);
    }
    // openai v6 asks for base64 unless told otherwise; the fake server answered in kind and the SDK decoded it.
    expect(fake.requests.every((r) => r.body?.encoding_format === 'base64')).toBe(true);
  });

  it('sends the API key as a Bearer token, and the model', async () => {
    await make({ model: 'text-embedding-3-large' }).embed(['hello']);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.path).toBe('/v1/embeddings');
    expect(fake.requests[0]!.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(fake.requests[0]!.body?.model).toBe('text-embedding-3-large');
  });

  it('sends `dimensions` only to shorten a text-embedding-3 model', async () => {
    const short = make({ dimensions: 256 });
    expect(short.id).toBe('openai:text-embedding-3-small:256');
    const [v] = await short.embed(['gold']);
    expect(v).toHaveLength(256);
    expect(fake.requests[0]!.body?.dimensions).toBe(256);

    fake.requests.length = 0;
    const other = make({ model: 'nomic-embed-text', dimensions: 1536 });
    expect(other.id).toBe('openai:nomic-embed-text:1536');
    await other.embed(['gold']);
    expect(fake.requests[0]!.body?.dimensions).toBeUndefined();

    expect(() => make({ model: 'some-unknown-model' })).toThrow(/dimensions/);
    expect(() => make({ model: 'text-embedding-ada-002', dimensions: 512 })).toThrow(/always returns 1536/);
  });

  it('skips empty inputs (zero vectors) and truncates very long ones', async () => {
    const provider = make();
    const long = 'word '.repeat(10_000); // 50,000 chars
    const vectors = await provider.embed(['', 'gold', '   ', long]);
    expect(vectors[0]!.every((x) => x === 0)).toBe(true);
    expect(vectors[2]!.every((x) => x === 0)).toBe(true);
    expect(norm(vectors[1]!)).toBeCloseTo(1, 5);
    const sent = fake.requests.flatMap((r) => r.body?.input as string[]);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.length).toBeLessThanOrEqual(24_000);
    expect(sent[1]!.length).toBeGreaterThan(20_000);
    expect(await provider.embed([])).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it('surfaces an HTTP 500 as a thrown error without the API key', async () => {
    fake.failWith(500);
    const error = await make()
      .embed(['gold'])
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(EmbeddingRequestError);
    const e = error as EmbeddingRequestError;
    expect(e.status).toBe(500);
    expect(e.message).toMatch(/500/);
    expect(e.message).toMatch(/server had an error/);
    // The fake server echoed the Authorization header into its error message; the provider must redact it.
    expect(fake.requests[0]!.authorization).toContain(fake.apiKey);
    expect(e.message).not.toContain(fake.apiKey);
    expect(String(e.stack)).not.toContain(fake.apiKey);
    expect(JSON.stringify(e)).not.toContain(fake.apiKey);
    expect(e.cause).toBeUndefined();
  });

  it('retries server errors when asked to', async () => {
    fake.failWith(500, 1);
    const [v] = await make({ maxRetries: 1 }).embed(['gold']);
    expect(norm(v!)).toBeCloseTo(1, 5);
    expect(fake.requests).toHaveLength(2);
  });

  it('surfaces a wrong key (401) without either key', async () => {
    const wrongKey = 'sk-wrong-key-abcdef0123456789';
    const error = (await make({ apiKey: wrongKey })
      .embed(['gold'])
      .catch((e: unknown) => e)) as EmbeddingRequestError;
    expect(error).toBeInstanceOf(EmbeddingRequestError);
    expect(error.status).toBe(401);
    expect(error.message).not.toContain(wrongKey);
    expect(error.message).not.toContain(fake.apiKey);
  });

  it('surfaces a connection failure as a thrown error', async () => {
    const provider = new OpenAIEmbeddingProvider({
      apiKey: 'sk-conn-test-0123456789',
      baseURL: 'http://127.0.0.1:9/v1',
      maxRetries: 0,
    });
    const error = (await provider.embed(['gold']).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(EmbeddingRequestError);
    expect(error.message).toMatch(/connect/);
    expect(error.message).not.toContain('sk-conn-test-0123456789');
  });

  it('redacts keys and bearer tokens from arbitrary text', () => {
    expect(redactSecrets('auth Bearer abc.def key=MYKEY1234 sk-proj-abcdefghijkl', ['MYKEY1234'])).toBe(
      'auth Bearer [redacted] key=[redacted] [redacted]',
    );
  });
});

describe('selectEmbeddingProvider', () => {
  it('returns null for none, the local provider for local, and an OpenAI provider for openai', () => {
    expect(selectEmbeddingProvider({ provider: 'none' })).toBeNull();
    const local = selectEmbeddingProvider({ provider: 'local' });
    expect(local).toBeInstanceOf(LocalEmbeddingProvider);
    expect(local!.id).toBe('local-wink-sg-100d');
    expect(selectEmbeddingProvider({ provider: 'local' })).toBe(local);
    const openai = selectEmbeddingProvider({
      provider: 'openai',
      openaiApiKey: 'sk-x-0123456789',
      openaiBaseUrl: 'http://127.0.0.1:1/v1',
    });
    expect(openai).toBeInstanceOf(OpenAIEmbeddingProvider);
    expect(openai!.id).toBe('openai:text-embedding-3-small');
    expect(openai!.dimensions).toBe(1536);
    const large = selectEmbeddingProvider({
      provider: 'openai',
      openaiApiKey: 'sk-x-0123456789',
      openaiModel: 'text-embedding-3-large',
    });
    expect(large!.dimensions).toBe(3072);
  });

  it('refuses openai without a key, without echoing anything secret', () => {
    expect(() => selectEmbeddingProvider({ provider: 'openai' })).toThrow(/OPENAI_API_KEY/);
    expect(() => selectEmbeddingProvider({ provider: 'openai', openaiApiKey: '  ' })).toThrow(/OPENAI_API_KEY/);
  });
});

describe('embeddingText', () => {
  it('is title twice, subtitle, then the lead of the body cut at a word boundary', () => {
    const body = `${'Nvidia guided above consensus. '.repeat(100)}DISCLOSURE: not advice.`;
    const text = embeddingText({ title: 'Nvidia  beats', subtitle: 'Data center\nagain', bodyText: body });
    const parts = text.split('\n\n');
    expect(parts.slice(0, 3)).toEqual(['Nvidia beats', 'Nvidia beats', 'Data center again']);
    expect(parts[3]!.length).toBeLessThanOrEqual(EMBEDDING_BODY_CHARS);
    expect(parts[3]!.length).toBeGreaterThan(EMBEDDING_BODY_CHARS * 0.9);
    // Cut at a word boundary: the lead is a prefix of the body followed by a space in the original.
    expect(body.startsWith(`${parts[3]!} `)).toBe(true);
    expect(text).not.toContain('DISCLOSURE');
  });

  it('skips a missing subtitle and keeps short bodies whole', () => {
    expect(embeddingText({ title: 'Gold', subtitle: null, bodyText: ' Gold hit a record. ' })).toBe(
      'Gold\n\nGold\n\nGold hit a record.',
    );
    expect(embeddingText({ title: '', subtitle: '', bodyText: '' })).toBe('');
  });
});
