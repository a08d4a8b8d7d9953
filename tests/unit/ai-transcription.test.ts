import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIClient } from '@/lib/ai/client';
import { AudioTooLargeError } from '@/lib/ai/errors';
import { frameLength, splitMp3 } from '@/lib/ai/mp3-chunks';
import { transcribeAudio } from '@/lib/ai/transcription';
import { type FakeOpenAI, startFakeOpenAI } from '@/tests/helpers/fake-openai';

const MB = 1024 * 1024;

/**
 * An MP3-like buffer: an ID3v2 tag, then MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz: 417 or 418 bytes with the
 * padding bit) whose payload never contains 0xFF, so the only sync words are real frame headers.
 */
function syntheticMp3(bytes: number): Buffer {
  const buf = Buffer.alloc(bytes, 0x11);
  const id3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0x10, 0]); // "ID3", size 2048 (syncsafe)
  id3.copy(buf, 0);
  let at = 10 + 2048;
  let n = 0;
  while (at + 418 <= bytes) {
    const padded = n % 3 === 0;
    buf[at] = 0xff;
    buf[at + 1] = 0xfb;
    buf[at + 2] = padded ? 0x92 : 0x90;
    buf[at + 3] = 0x64;
    at += padded ? 418 : 417;
    n += 1;
  }
  return buf.subarray(0, at);
}

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake.close();
});

describe('MP3 splitting', () => {
  it('reads frame lengths from headers', () => {
    expect(frameLength(Buffer.from([0xff, 0xfb, 0x90, 0x64]), 0)).toBe(417);
    expect(frameLength(Buffer.from([0xff, 0xfb, 0x92, 0x64]), 0)).toBe(418);
    expect(frameLength(Buffer.from([0xff, 0xfb, 0xf0, 0x64]), 0)).toBeNull();
  });

  it('transcribes a 60 MB MP3 as pieces of at most 25 MB that start on frame headers, in order', async () => {
    const audio = syntheticMp3(60 * MB);
    const client = createOpenAIClient({ apiKey: fake.apiKey, baseURL: fake.baseURL, maxRetries: 0 });
    const result = await transcribeAudio(
      { audio, filename: 'episode.mp3', mimeType: 'audio/mpeg' },
      { client, model: 'whisper-1' },
    );
    expect(result.chunkBytes.length).toBe(3);
    expect(fake.audioUploads.map((u) => u.bytes)).toEqual(result.chunkBytes);
    for (const u of fake.audioUploads) {
      expect(u.bytes).toBeLessThanOrEqual(25 * MB);
      expect(u.head[0]).toBe(0xff);
      expect(u.head[1]! & 0xe0).toBe(0xe0);
      expect(u.model).toBe('whisper-1');
    }
    // The ID3 tag is in no piece; everything else is, once.
    expect(result.chunkBytes.reduce((a, b) => a + b, 0)).toBe(audio.length - 2058);
    expect(result.text).toBe(
      ['piece 1', 'piece 2', 'piece 3'].map((p, i) => `${p} (${result.chunkBytes[i]} bytes)`).join('\n\n'),
    );
  }, 60_000);

  it('refuses other formats over the limit with a typed error, and sends small audio whole', async () => {
    const client = createOpenAIClient({ apiKey: fake.apiKey, baseURL: fake.baseURL, maxRetries: 0 });
    await expect(
      transcribeAudio(
        { audio: Buffer.alloc(2000, 1), filename: 'a.m4a', mimeType: 'audio/mp4' },
        { client, model: 'm', maxUploadBytes: 1000 },
      ),
    ).rejects.toBeInstanceOf(AudioTooLargeError);
    const small = await transcribeAudio(
      { audio: Buffer.alloc(500, 1), filename: 'a.m4a', mimeType: 'audio/mp4' },
      { client, model: 'm' },
    );
    expect(small.chunkBytes).toEqual([500]);
    expect(() => splitMp3(Buffer.alloc(5000, 0x11), 1000)).toThrow(/No MPEG/);
  });
});
