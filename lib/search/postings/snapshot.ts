import { crc32 } from 'node:zlib';
import { ANALYSIS_VERSION } from '@/lib/search/analysis/version';
import { rawKey } from '@/lib/storage/raw-key';
import type { RawStore } from '@/lib/storage/raw-store';
import type { PostingsState } from './postings-index';

/**
 * A snapshot of a process's postings in the raw store (DATA_DIR or Supabase Storage), so that a starting process
 * loads arrays instead of reading and parsing every post's vector, then reads the change log from the snapshot's
 * horizon (live-postings.ts). One binary object: a magic, a JSON header, 8-byte-aligned sections of the arrays, then
 * the CRC-32 of all that. A snapshot is written every hour from the postings a process holds, which came from the
 * snapshot before: damage that still reads as arrays (a changed date, weight or ordinal) would be served and written
 * on for ever, so a snapshot whose checksum differs is not used (the posts are read instead).
 */
export const POSTINGS_SNAPSHOT_KEY = rawKey('search', 'postings.snapshot');
const CONTENT_TYPE = 'application/octet-stream';
const MAGIC = Buffer.from('FPPOST01', 'latin1');
// Bumped with any change to this layout or to what the arrays mean (the quantization, say). 3: the checksum, and no
// dead posts.
const FORMAT = 3;
const CHECKSUM_BYTES = 4;

export interface PostingsSnapshot {
  state: PostingsState;
  /** The change log's horizon when it was taken (see live-postings.ts), and the changes read past it. */
  horizon: bigint;
  applied: Array<[number, bigint]>;
  takenAt: Date;
  /** The database it was taken from (its system identifier and name): a horizon means nothing in another. */
  database: string;
}

interface Header {
  format: number;
  database: string;
  analysisVersion: string;
  takenAt: string;
  horizon: string;
  applied: Array<[number, string]>;
  posts: number;
  maxQuanta: number;
  publications: string[];
  sections: Array<{ name: Section; offset: number; bytes: number }>;
}

type Section =
  | 'ids'
  | 'alive'
  | 'published'
  | 'publication'
  | 'lexemes'
  | 'lexemeEnds'
  | 'offsets'
  | 'gaps'
  | 'farOffsets'
  | 'far'
  | 'quanta';

/** The snapshot as bytes. Post ids travel as 16 bytes each; lexemes as one UTF-8 run with their end offsets. */
export function encodeSnapshot(snapshot: PostingsSnapshot): Buffer {
  const { state } = snapshot;
  const ids = Buffer.alloc(state.ids.length * 16);
  for (const [i, id] of state.ids.entries()) ids.write(id.replaceAll('-', ''), i * 16, 16, 'hex');
  const encoded = state.lexemes.map((lexeme) => Buffer.from(lexeme, 'utf8'));
  const lexemeEnds = new Uint32Array(encoded.length);
  let end = 0;
  for (const [i, lexeme] of encoded.entries()) lexemeEnds[i] = end += lexeme.length;
  const parts: Array<[Section, Uint8Array]> = [
    ['ids', ids],
    ['alive', state.alive],
    ['published', bytesOf(state.published)],
    ['publication', bytesOf(state.publication)],
    ['lexemes', Buffer.concat(encoded)],
    ['lexemeEnds', bytesOf(lexemeEnds)],
    ['offsets', bytesOf(state.postings.offsets)],
    ['gaps', bytesOf(state.postings.gaps)],
    ['farOffsets', bytesOf(state.postings.farOffsets)],
    ['far', bytesOf(state.postings.far)],
    ['quanta', bytesOf(state.postings.quanta)],
  ];
  const header: Header = {
    format: FORMAT,
    database: snapshot.database,
    analysisVersion: ANALYSIS_VERSION,
    takenAt: snapshot.takenAt.toISOString(),
    horizon: snapshot.horizon.toString(),
    applied: snapshot.applied.map(([seq, xid]) => [seq, xid.toString()]),
    posts: state.ids.length,
    maxQuanta: state.maxQuanta,
    publications: state.publications,
    sections: [],
  };
  let offset = 0;
  for (const [name, bytes] of parts) {
    header.sections.push({ name, offset, bytes: bytes.byteLength });
    offset = align(offset + bytes.byteLength);
  }
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const start = align(MAGIC.length + 4 + json.length);
  const out = Buffer.alloc(start + offset + CHECKSUM_BYTES);
  MAGIC.copy(out, 0);
  out.writeUInt32LE(json.length, MAGIC.length);
  json.copy(out, MAGIC.length + 4);
  for (const [i, [, bytes]] of parts.entries()) out.set(bytes, start + header.sections[i]!.offset);
  out.writeUInt32LE(checksumOf(out), start + offset);
  return out;
}

/** Why a snapshot is not used: it is of another format or analysis, or its bytes do not read as one. */
export class UnusableSnapshot extends Error {}

/**
 * The snapshot in `body`; throws UnusableSnapshot for another format or analysis version, or damaged bytes (a checksum
 * that differs, or arrays that do not fit together).
 */
export function decodeSnapshot(body: Buffer): PostingsSnapshot {
  if (body.length < MAGIC.length + 4 || !body.subarray(0, MAGIC.length).equals(MAGIC))
    throw new UnusableSnapshot('not a postings snapshot');
  const length = body.readUInt32LE(MAGIC.length);
  let header: Header;
  try {
    header = JSON.parse(body.subarray(MAGIC.length + 4, MAGIC.length + 4 + length).toString('utf8')) as Header;
  } catch {
    throw new UnusableSnapshot('its header is not JSON');
  }
  if (header.format !== FORMAT) throw new UnusableSnapshot(`format ${header.format}, not ${FORMAT}`);
  if (body.readUInt32LE(body.length - CHECKSUM_BYTES) !== checksumOf(body))
    throw new UnusableSnapshot('its checksum does not match its bytes: it is damaged');
  if (header.analysisVersion !== ANALYSIS_VERSION)
    throw new UnusableSnapshot(`analysis ${header.analysisVersion}, not ${ANALYSIS_VERSION}`);
  const start = align(MAGIC.length + 4 + length);
  const section = (name: Section): Uint8Array<ArrayBuffer> => {
    const found = header.sections.find((s) => s.name === name);
    if (!found || start + found.offset + found.bytes > body.length) throw new UnusableSnapshot(`section ${name} cut`);
    const at = body.byteOffset + start + found.offset;
    // A view of the body where it is aligned for any typed array (a file read whole, a download: offset 0), so that a
    // start does not hold the postings twice (at 1,000,000 posts, 650 MiB); a copy of its own otherwise.
    if (at % 8 === 0 && body.buffer instanceof ArrayBuffer) return new Uint8Array(body.buffer, at, found.bytes);
    const bytes = new Uint8Array(found.bytes);
    bytes.set(body.subarray(start + found.offset, start + found.offset + found.bytes));
    return bytes;
  };
  const idBytes = Buffer.from(section('ids'));
  const ids = new Array<string>(header.posts);
  for (let i = 0; i < header.posts; i++) ids[i] = uuid(idBytes.toString('hex', i * 16, i * 16 + 16));
  const lexemeBytes = Buffer.from(section('lexemes'));
  const lexemeEnds = typed(Uint32Array, section('lexemeEnds'));
  const lexemes = new Array<string>(lexemeEnds.length);
  for (let i = 0, from = 0; i < lexemeEnds.length; from = lexemeEnds[i++]!)
    lexemes[i] = lexemeBytes.toString('utf8', from, lexemeEnds[i]);
  const state: PostingsState = {
    ids,
    alive: section('alive'),
    published: typed(Float64Array, section('published')),
    publication: typed(Int32Array, section('publication')),
    publications: header.publications,
    lexemes,
    postings: {
      offsets: typed(Uint32Array, section('offsets')),
      gaps: typed(Uint16Array, section('gaps')),
      farOffsets: typed(Uint32Array, section('farOffsets')),
      far: typed(Uint32Array, section('far')),
      quanta: typed(Uint16Array, section('quanta')),
    },
    maxQuanta: header.maxQuanta,
  };
  const { offsets, gaps, farOffsets, far, quanta } = state.postings;
  if (
    state.alive.length !== header.posts ||
    offsets.length !== lexemes.length + 1 ||
    farOffsets.length !== offsets.length ||
    gaps.length !== offsets[lexemes.length] ||
    quanta.length !== gaps.length ||
    far.length !== farOffsets[lexemes.length]
  )
    throw new UnusableSnapshot('its arrays disagree');
  return {
    state,
    horizon: BigInt(header.horizon),
    applied: header.applied.map(([seq, xid]) => [seq, BigInt(xid)]),
    takenAt: new Date(header.takenAt),
    database: header.database,
  };
}

export async function writeSnapshot(store: RawStore, snapshot: PostingsSnapshot): Promise<number> {
  const body = encodeSnapshot(snapshot);
  await store.put(POSTINGS_SNAPSHOT_KEY, body, CONTENT_TYPE);
  return body.length;
}

/** The stored snapshot, or null when there is none. Unusable ones throw UnusableSnapshot. */
export async function readSnapshot(store: RawStore): Promise<PostingsSnapshot | null> {
  const object = await store.get(POSTINGS_SNAPSHOT_KEY);
  return object ? decodeSnapshot(object.body) : null;
}

function bytesOf(array: Float64Array | Int32Array | Uint32Array | Uint16Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/** The bytes as an array of wider elements, sharing their memory; a section of a length they do not divide is damage. */
function typed<T>(
  Kind: { new (buffer: ArrayBuffer, byteOffset: number, length: number): T; BYTES_PER_ELEMENT: number },
  bytes: Uint8Array<ArrayBuffer>,
): T {
  if (bytes.byteLength % Kind.BYTES_PER_ELEMENT !== 0) throw new UnusableSnapshot('a section is cut mid-element');
  return new Kind(bytes.buffer, bytes.byteOffset, bytes.byteLength / Kind.BYTES_PER_ELEMENT);
}

/** The CRC-32 of everything before the checksum (at 650 MiB, a sixth of a second). */
function checksumOf(body: Buffer): number {
  return crc32(body.subarray(0, body.length - CHECKSUM_BYTES));
}

function align(offset: number): number {
  return Math.ceil(offset / 8) * 8;
}

function uuid(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
