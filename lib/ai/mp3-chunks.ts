import { AudioSplitError } from './errors';

const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES_V1 = [44_100, 48_000, 32_000];

/** Length in bytes of the MPEG Layer III frame whose header starts at `at`, or null if no valid header is there. */
export function frameLength(buf: Buffer, at: number): number | null {
  if (at + 4 > buf.length || buf[at] !== 0xff || (buf[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (buf[at + 1]! >> 3) & 3; // 0: 2.5, 1: reserved, 2: 2, 3: 1
  const layer = (buf[at + 1]! >> 1) & 3; // 1: Layer III
  const bitrateIndex = (buf[at + 2]! >> 4) & 0xf;
  const rateIndex = (buf[at + 2]! >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const padding = (buf[at + 2]! >> 1) & 1;
  const v1 = version === 3;
  const bitrate = (v1 ? BITRATES_V1_L3 : BITRATES_V2_L3)[bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES_V1[rateIndex]! / (v1 ? 1 : version === 2 ? 2 : 4);
  return Math.floor(((v1 ? 144 : 72) * bitrate) / sampleRate) + padding;
}

/** A frame start we trust: a valid header whose successor (if inside the buffer) is a valid header too. */
function isFrameStart(buf: Buffer, at: number): boolean {
  const len = frameLength(buf, at);
  if (len === null) return false;
  return at + len >= buf.length || frameLength(buf, at + len) !== null;
}

/** Size of a leading ID3v2 tag (header, syncsafe size, optional footer), 0 when there is none. */
function id3v2Size(buf: Buffer): number {
  if (buf.length < 10 || buf.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size = ((buf[6]! & 0x7f) << 21) | ((buf[7]! & 0x7f) << 14) | ((buf[8]! & 0x7f) << 7) | (buf[9]! & 0x7f);
  return 10 + size + (buf[5]! & 0x10 ? 10 : 0);
}

/**
 * Split an MP3 into pieces of at most `maxBytes`, each starting on an MPEG frame header (sync 0xFFE, checked with
 * the next header), so every piece decodes on its own. ID3 tags (cover art can be megabytes) go into no piece.
 * Only Layer III (what podcasts use) is recognized; anything else is an AudioSplitError.
 */
export function splitMp3(buf: Buffer, maxBytes: number): Buffer[] {
  let start = id3v2Size(buf);
  let end = buf.length;
  if (end - start >= 128 && buf.toString('latin1', end - 128, end - 125) === 'TAG') end -= 128;
  const searchFrom = start;
  while (start < end && !isFrameStart(buf, start) && start - searchFrom < 1_000_000) start += 1;
  if (start >= end || !isFrameStart(buf, start))
    throw new AudioSplitError('No MPEG Layer III frame found in the audio');
  const chunks: Buffer[] = [];
  while (end - start > maxBytes) {
    let cut = start + maxBytes;
    const floor = start + Math.floor(maxBytes / 2);
    while (cut > floor && !isFrameStart(buf, cut)) cut -= 1;
    if (cut <= floor) throw new AudioSplitError('No frame boundary found in the second half of a chunk');
    chunks.push(buf.subarray(start, cut));
    start = cut;
  }
  chunks.push(buf.subarray(start, end));
  return chunks;
}
