/**
 * The compact word-vector store on disk, in `node_modules/.cache/finpub-embeddings/` by default:
 *   words.txt     newline-separated words, line i = entry i
 *   vectors.bin   [count x Float32 per-vector scale][count x Uint32 source rank][count*dims x Int8]
 *   meta.json     format, counts, source package version and size; written last, so it marks a complete store
 * 6.4 MB for 59k words. Files are written to temporary names and renamed, so concurrent readers never see a
 * half-written store.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dataPath, readJson } from './data-files';
import { REMOVED_COMPONENTS } from './vector-postprocess';
import { sourceIdentity } from './wink-source';

export const STORE_FORMAT = 2;

export interface CompactStoreMeta {
  format: number;
  source: { package: string; version: string; bytes: number; size: number };
  vocabularySize: number;
  /** Words kept whatever their rank (company names beyond the top N), sorted. */
  extraWords: string[];
  count: number;
  dimensions: number;
  quantization: 'int8-per-vector-scale';
  /** Post-processing applied before quantization. */
  postprocess: { meanCentred: boolean; removedComponents: number };
  preparedAt: string;
  prepareMs: number;
}

export interface CompactStore {
  meta: CompactStoreMeta;
  /** entry index -> word */
  words: string[];
  /** word -> entry index */
  index: Map<string, number>;
  /** per-entry dequantization scale */
  scales: Float32Array;
  /** per-entry rank in the source's frequency-ordered word list (0 = most frequent) */
  ranks: Uint32Array;
  /** count * dimensions quantized components */
  vectors: Int8Array;
}

const FILES = { words: 'words.txt', vectors: 'vectors.bin', meta: 'meta.json' } as const;

export function defaultCacheDir(cwd = process.cwd()): string {
  return path.join(/*turbopackIgnore: true*/ cwd, 'node_modules', '.cache', 'finpub-embeddings');
}

function isMeta(value: unknown): value is CompactStoreMeta {
  const m = value as Partial<CompactStoreMeta> | null;
  return (
    !!m &&
    m.format === STORE_FORMAT &&
    typeof m.count === 'number' &&
    typeof m.dimensions === 'number' &&
    typeof m.vocabularySize === 'number' &&
    !!m.postprocess &&
    m.postprocess.removedComponents === REMOVED_COMPONENTS &&
    Array.isArray(m.extraWords) &&
    !!m.source &&
    typeof m.source.version === 'string'
  );
}

/**
 * The store's meta if it is complete, built with this N and at least these extra words, and (when the source is
 * present) from this source. `lenient` skips the last two checks.
 */
export async function readCurrentMeta(
  cacheDir: string,
  vocabularySize: number,
  extraWords: readonly string[],
  sourcePath: string | null,
  lenient = false,
): Promise<CompactStoreMeta | null> {
  const meta = await readJson(dataPath(cacheDir, FILES.meta));
  if (!isMeta(meta) || meta.vocabularySize !== vocabularySize) return null;
  const stored = new Set(meta.extraWords);
  if (!lenient && !extraWords.every((w) => stored.has(w))) return null;
  if (!existsSync(dataPath(cacheDir, FILES.words)) || !existsSync(dataPath(cacheDir, FILES.vectors))) return null;
  const expectedBytes = meta.count * (4 + 4 + meta.dimensions);
  const { size } = await stat(dataPath(cacheDir, FILES.vectors));
  if (size !== expectedBytes) return null;
  if (!lenient && sourcePath && existsSync(/*turbopackIgnore: true*/ sourcePath)) {
    const source = await sourceIdentity(sourcePath);
    if (source.version !== meta.source.version || source.bytes !== meta.source.bytes) return null;
  }
  return meta;
}

/**
 * Writes the data files under temporary names, renames them, then writes meta.json last, with `prepareMs` measured
 * from `started` up to that point.
 */
export async function writeStore(
  cacheDir: string,
  data: { words: string[]; scales: Float32Array; ranks: Uint32Array; quantized: Int8Array },
  meta: CompactStoreMeta,
  started: number,
): Promise<void> {
  const { words, scales, ranks, quantized } = data;
  await mkdir(cacheDir, { recursive: true });
  const tmp = `.tmp-${process.pid}-${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(scales.buffer, scales.byteOffset, scales.byteLength),
    Buffer.from(ranks.buffer, ranks.byteOffset, ranks.byteLength),
    Buffer.from(quantized.buffer, quantized.byteOffset, quantized.byteLength),
  ]);
  const target = (name: string) => dataPath(cacheDir, name);
  await rm(target(FILES.meta), { force: true });
  await writeFile(target(FILES.words) + tmp, words.join('\n'));
  await writeFile(target(FILES.vectors) + tmp, payload);
  await rename(target(FILES.words) + tmp, target(FILES.words));
  await rename(target(FILES.vectors) + tmp, target(FILES.vectors));
  meta.prepareMs = Math.round(performance.now() - started);
  await writeFile(target(FILES.meta) + tmp, `${JSON.stringify(meta, null, 2)}\n`);
  await rename(target(FILES.meta) + tmp, target(FILES.meta));
}

/** Reads the data files of a store whose meta was read; null if they no longer match it. */
export async function readStore(cacheDir: string, meta: CompactStoreMeta): Promise<CompactStore | null> {
  const [wordsText, payload] = await Promise.all([
    readFile(dataPath(cacheDir, FILES.words), 'utf8'),
    readFile(dataPath(cacheDir, FILES.vectors)),
  ]);
  const words = wordsText.split('\n');
  // Re-checked after reading: another process may have replaced the files in between.
  if (words.length !== meta.count || payload.length !== meta.count * (8 + meta.dimensions)) return null;
  const index = new Map<string, number>();
  for (let i = 0; i < words.length; i += 1) index.set(words[i]!, i);
  // Copy into fresh, aligned typed arrays (Buffer from readFile may sit at an unaligned pool offset).
  const scales = new Float32Array(meta.count);
  const ranks = new Uint32Array(meta.count);
  const vectors = new Int8Array(meta.count * meta.dimensions);
  const scaleBytes = meta.count * 4;
  new Uint8Array(scales.buffer).set(payload.subarray(0, scaleBytes));
  new Uint8Array(ranks.buffer).set(payload.subarray(scaleBytes, 2 * scaleBytes));
  new Uint8Array(vectors.buffer).set(payload.subarray(2 * scaleBytes));
  return { meta, words, index, scales, ranks, vectors };
}
