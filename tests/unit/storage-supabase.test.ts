import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RawStoreError } from '@/lib/storage/raw-store';
import { SupabaseRawStore } from '@/lib/storage/supabase-raw-store';
import { type FakeSupabaseStorage, startFakeSupabaseStorage } from '@/tests/helpers/fake-supabase-storage';

let storage: FakeSupabaseStorage;
const binary = Buffer.from([0, 1, 2, 0x80, 0x9f, 0xc3, 0x28, 0xff, 0xfe, 10, 13]);

function storeFor(fake: FakeSupabaseStorage) {
  return new SupabaseRawStore({ url: fake.url, serviceRoleKey: fake.serviceKey, bucket: 'raw-sources' });
}

beforeEach(async () => {
  storage = await startFakeSupabaseStorage();
});
afterEach(async () => {
  await storage.close();
});

describe('SupabaseRawStore against a loopback Storage API', () => {
  it('creates the bucket private, sends the service key, and round-trips binary bytes', async () => {
    const store = storeFor(storage);
    await store.put('emails/example.com/abc.eml', binary, 'message/rfc822');
    expect(storage.buckets.get('raw-sources')).toEqual({ public: false });
    const upload = storage.requests.find((r) => r.method === 'POST' && r.path.startsWith('/storage/v1/object/'));
    expect(upload?.path).toBe('/storage/v1/object/raw-sources/emails/example.com/abc.eml');
    expect(upload?.headers['x-upsert']).toBe('true');
    for (const request of storage.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${storage.serviceKey}`);
      expect(request.headers.apikey).toBe(storage.serviceKey);
    }
    expect(storage.objects.get('raw-sources/emails/example.com/abc.eml')?.body).toEqual(binary);
    const got = await store.get('emails/example.com/abc.eml');
    expect(got?.body).toEqual(binary);
    expect(got?.contentType).toBe('message/rfc822');
    // The bucket is checked once per store, not before every call.
    expect(storage.requests.filter((r) => r.path.startsWith('/storage/v1/bucket')).length).toBe(2);
  });

  it('overwrites, answers null for a missing object (old and new not-found styles), removes idempotently', async () => {
    const store = storeFor(storage);
    await store.put('transcripts/p1.txt', Buffer.from('one'), 'text/plain');
    await store.put('transcripts/p1.txt', Buffer.from('two'), 'text/plain');
    expect((await store.get('transcripts/p1.txt'))?.body.toString()).toBe('two');
    expect(await store.get('transcripts/none.txt')).toBeNull();
    await store.remove('transcripts/p1.txt');
    const remove = storage.requests.find((r) => r.method === 'DELETE');
    expect(remove?.path).toBe('/storage/v1/object/raw-sources');
    expect(JSON.parse(remove?.body.toString() ?? '')).toEqual({ prefixes: ['transcripts/p1.txt'] });
    expect(await store.get('transcripts/p1.txt')).toBeNull();
    await expect(store.remove('transcripts/p1.txt')).resolves.toBeUndefined();

    const modern = await startFakeSupabaseStorage({ notFoundStatus: 404 });
    try {
      expect(await storeFor(modern).get('transcripts/none.txt')).toBeNull();
      expect(modern.buckets.get('raw-sources')).toEqual({ public: false });
    } finally {
      await modern.close();
    }
  });

  it('turns a 500 into a RawStoreError without the service key, and refuses a public bucket', async () => {
    const store = storeFor(storage);
    await store.put('a.txt', Buffer.from('x'), 'text/plain');
    storage.failNext(500, 1);
    const error = await store.get('a.txt').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RawStoreError);
    expect((error as RawStoreError).status).toBe(500);
    expect((error as RawStoreError).message).toContain('HTTP 500');
    expect((error as RawStoreError).message).not.toContain(storage.serviceKey);
    expect(JSON.stringify(error)).not.toContain(storage.serviceKey);

    storage.buckets.set('public-one', { public: true });
    const open = new SupabaseRawStore({ url: storage.url, serviceRoleKey: storage.serviceKey, bucket: 'public-one' });
    const refused = await open.put('a.txt', Buffer.from('x'), 'text/plain').catch((e: unknown) => e);
    expect((refused as RawStoreError).code).toBe('misconfigured');
    expect(storage.objects.has('public-one/a.txt')).toBe(false);
  });

  it('reports an unreachable server as a RawStoreError and refuses bad keys before any request', async () => {
    const store = storeFor(storage);
    await expect(store.put('../x', binary, 'text/plain')).rejects.toMatchObject({ code: 'invalid_key' });
    expect(storage.requests).toHaveLength(0);
    await storage.close();
    const error = await store.get('a.txt').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RawStoreError);
    expect((error as RawStoreError).message).not.toContain(storage.serviceKey);
    storage = await startFakeSupabaseStorage();
  });
});
