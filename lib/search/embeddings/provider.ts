import type { EmbeddablePost } from './document-text';

/**
 * The contract every embedding backend implements. Vectors are compared with a plain dot product (cosine, since they
 * are unit length), and each stored vector carries the provider `id` so that vectors from different providers (or
 * different models/dimensions) are never compared with each other.
 */
export interface EmbeddingProvider {
  /** Stored with each vector, e.g. 'local-wink-sg-100d' or 'openai:text-embedding-3-small'. */
  readonly id: string;
  readonly dimensions: number;
  /**
   * One vector per input text, in input order. Each vector is L2-normalized; a text with no known words (empty,
   * punctuation only, unknown vocabulary) yields a zero vector of `dimensions` length, never NaN.
   */
  embed(texts: string[], options?: EmbedOptions): Promise<number[][]>;
  /** What of a post it embeds; search's providers embed embeddingText (document-text.ts), the default. */
  documentText?(post: EmbeddablePost): string;
}

/** Per-call limits for remote providers: a search request cannot wait as long as an indexing job. */
export interface EmbedOptions {
  timeoutMs?: number;
  maxRetries?: number;
}

/** L2-normalizes in place and returns the same array; an all-zero (or non-finite) vector becomes all zeros. */
export function normalizeInPlace(vector: number[]): number[] {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const norm = Math.sqrt(sum);
  if (!Number.isFinite(norm) || norm === 0) {
    vector.fill(0);
    return vector;
  }
  for (let i = 0; i < vector.length; i += 1) vector[i] = vector[i]! / norm;
  return vector;
}

/** A normalized plain-array copy of any numeric array-like (number[], Float32Array, ...). */
export function normalized(vector: ArrayLike<number>): number[] {
  return normalizeInPlace(Array.from(vector, Number));
}

export function zeroVector(dimensions: number): number[] {
  return new Array<number>(dimensions).fill(0);
}

/** Dot product; equals cosine similarity for the unit vectors providers return (0 when either is a zero vector). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`vector length mismatch: ${a.length} vs ${b.length}`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  if (na === 0 || nb === 0) return 0;
  return dot / Math.sqrt(na * nb);
}
