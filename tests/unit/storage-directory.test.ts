import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirectoryRawStore } from '@/lib/storage/directory-raw-store';
import { emailRawKey, imageRawKey, rawKey, transcriptRawKey } from '@/lib/storage/raw-key';
import { RawStoreError } from '@/lib/storage/raw-store';
import { rawStoreFromConfig } from '@/lib/storage/raw-store-from-config';
import { SupabaseRawStore } from '@/lib/storage/supabase-raw-store';

let root: string;
let store: DirectoryRawStore;
const binary = Buffer.from([0, 1, 2, 0x80, 0x9f, 0xc3, 0x28, 0xff, 0xfe, 10, 13]);

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'raw-store-'));
  store = new DirectoryRawStore(path.join(root, 'raw'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('DirectoryRawStore', () => {
  it('round-trips bytes and content type exactly, and overwrites', async () => {
    const key = emailRawKey('example.substack.com', '<abc@mail.example.com>');
    await store.put(key, binary, 'message/rfc822');
    expect(await store.get(key)).toEqual({ body: binary, contentType: 'message/rfc822' });
    await store.put(key, Buffer.from('second'), 'text/plain; charset=utf-8');
    expect(await store.get(key)).toEqual({ body: Buffer.from('second'), contentType: 'text/plain; charset=utf-8' });
    // No temp file is left behind.
    const files = await readdir(path.dirname(path.join(root, 'raw', key)));
    expect(files.sort()).toEqual([path.basename(key), `${path.basename(key)}#type`].sort());
  });

  it('answers null for a missing key or a folder, and removes idempotently', async () => {
    expect(await store.get('transcripts/missing.txt')).toBeNull();
    await store.put('transcripts/p1.vtt', Buffer.from('WEBVTT'), 'text/vtt');
    expect(await store.get('transcripts')).toBeNull();
    await store.remove('transcripts/p1.vtt');
    expect(await store.get('transcripts/p1.vtt')).toBeNull();
    await expect(store.remove('transcripts/p1.vtt')).resolves.toBeUndefined();
    await expect(store.remove('transcripts')).resolves.toBeUndefined();
  });

  it('writes files 0600 and folders 0700', async () => {
    await store.put('images/example.com.png', binary, 'image/png');
    expect((await stat(path.join(root, 'raw', 'images/example.com.png'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(root, 'raw', 'images'))).mode & 0o777).toBe(0o700);
  });

  it.each([
    '../escape.eml',
    'emails/../../etc/passwd',
    '/etc/passwd',
    'emails//x.eml',
    'emails/.hidden',
    'Emails/x.eml',
    'emails/x y.eml',
    'emails/x#type',
    '',
  ])('refuses the key %j with a typed error', async (key) => {
    const error = await store.put(key, binary, 'text/plain').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RawStoreError);
    expect((error as RawStoreError).code).toBe('invalid_key');
    await expect(store.get(key)).rejects.toBeInstanceOf(RawStoreError);
    await expect(store.remove(key)).rejects.toBeInstanceOf(RawStoreError);
  });

  it('refuses a content type that could inject a header', async () => {
    const error = await store.put('a.txt', binary, 'text/plain\r\nx-evil: 1').catch((e: unknown) => e);
    expect((error as RawStoreError).code).toBe('invalid_content_type');
  });
});

describe('raw keys', () => {
  it('builds the three kinds of key', () => {
    expect(emailRawKey('example.com', '<m@x>')).toMatch(/^emails\/example\.com\/[0-9a-f]{40}\.eml$/);
    expect(emailRawKey('example.com', '<m@x>')).toBe(emailRawKey('example.com', '<m@x>'));
    expect(transcriptRawKey('post-1', '.VTT')).toBe('transcripts/post-1.vtt');
    expect(imageRawKey('example.com', 'png')).toBe('images/example.com.png');
    expect(() => imageRawKey('example.com', 'p/ng')).toThrow(RawStoreError);
    expect(() => rawKey('emails', '..', 'x')).toThrow(RawStoreError);
  });
});

describe('rawStoreFromConfig', () => {
  it('picks a folder under DATA_DIR, Supabase with both settings, and refuses half a configuration', () => {
    expect(rawStoreFromConfig({ dataDir: root }).describe()).toBe(`folder ${path.join(root, 'raw')}`);
    const key = 'k'.repeat(40);
    const supabase = rawStoreFromConfig({
      dataDir: root,
      supabaseUrl: 'http://127.0.0.1:1',
      supabaseServiceRoleKey: key,
    });
    expect(supabase).toBeInstanceOf(SupabaseRawStore);
    expect(supabase.describe()).not.toContain(key);
    expect(() => rawStoreFromConfig({ dataDir: root, supabaseUrl: 'http://127.0.0.1:1' })).toThrow(RawStoreError);
  });
});
