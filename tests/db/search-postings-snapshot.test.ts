/**
 * The postings' snapshot (lib/search/postings/snapshot.ts) on a real database: a process that starts from it reads no
 * post's vector, only the change log since the snapshot's horizon, and then ranks and counts exactly as the SQL
 * fallback does, the changes made after the snapshot included. A snapshot it cannot trust is not used.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/types';
import { seedDemoCorpus } from '@/lib/demo/load';
import { DEFAULT_DEMO_SEED } from '@/lib/env';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { countLexicalMatches } from '@/lib/search/lexical/count';
import { rankLexical } from '@/lib/search/lexical/rank';
import { resolveTerms } from '@/lib/search/lexical/resolve-terms';
import {
  keepPostingsSnapshotsIn,
  livePostings,
  postingsLoaded,
  writePostingsSnapshot,
} from '@/lib/search/postings/live-postings';
import { decodeSnapshot, POSTINGS_SNAPSHOT_KEY, UnusableSnapshot } from '@/lib/search/postings/snapshot';
import { prepareQuery } from '@/lib/search/query/prepare';
import { DirectoryRawStore } from '@/lib/storage/directory-raw-store';
import { recordingDb } from '@/tests/helpers/recording-db';
import { suiteDatabase } from '@/tests/helpers/suite-database';

const NOW = new Date('2026-11-20T15:00:00Z');
const db = suiteDatabase();
const dir = mkdtempSync(path.join(tmpdir(), 'postings-snapshot-'));
const store = new DirectoryRawStore(dir);

/** Another process on the same database, keeping its snapshot in the test's store (see recordingDb). */
function anotherProcess(): { db: Db; statements: string[] } {
  const started = recordingDb(db);
  keepPostingsSnapshotsIn(started.db, store);
  return started;
}

/** A full load pages through every indexed post; a start from the snapshot reads only changed posts by id. */
const readEveryPost = (statements: string[]) => statements.some((text) => /and id > \$1::uuid order by id/.test(text));

beforeAll(async () => {
  await seedDemoCorpus(db, { seed: DEFAULT_DEMO_SEED, posts: 400, now: NOW });
  await indexPendingPosts(db);
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a process starting from the postings snapshot', () => {
  let changed: { added: string; moved: string; deleted: string };

  beforeAll(async () => {
    const writer = anotherProcess();
    const written = await writePostingsSnapshot(writer.db);
    expect(written?.posts).toBe(400);
    expect(written?.bytes).toBeGreaterThan(0);

    // After the snapshot: a new post, a post moved a year back, a post deleted.
    const [publication] = await db.query<{ id: string }>('select id from publications limit 1');
    const [added] = await db.query<{ id: string }>(
      `insert into posts (publication_id, guid, slug, title, url, body_text, published_at)
       values ($1, 'snap-new', 'snap-new', 'Quillwort after the snapshot', 'https://example.com/snap-new',
               'Quillwort quillwort, market notes.', $2) returning id`,
      [publication!.id, NOW.toISOString()],
    );
    const [moved] = await db.query<{ id: string }>(
      `update posts set published_at = published_at - interval '365 days'
        where id = (select id from posts where title ilike '%market%' order by id limit 1) returning id`,
    );
    const [deleted] = await db.query<{ id: string }>(
      `delete from posts where id = (select id from posts where title ilike '%market%' order by id desc limit 1)
       returning id`,
    );
    await indexPendingPosts(db);
    changed = { added: added!.id, moved: moved!.id, deleted: deleted!.id };
  });

  it('reads no post but the changed ones, and ranks and counts as the SQL fallback does', async () => {
    const started = anotherProcess();
    expect(await postingsLoaded(started.db)).toBe(true);
    expect(readEveryPost(started.statements)).toBe(false);
    const postings = (await livePostings(started.db))!;
    expect(postings.has(changed.added)).toBe(true);
    expect(postings.has(changed.deleted)).toBe(false);
    expect(postings.size).toBe(400);

    const lastYear = { start: '2025-01-01T00:00:00Z', end: '2025-12-31T00:00:00Z' };
    for (const q of ['market', 'quillwort', 'earnings growth', 'nvidia data center revenue']) {
      const { terms } = await resolveTerms(db, prepareQuery(q, NOW).terms);
      for (const range of [null, lastYear]) {
        const fromSnapshot = await rankLexical(started.db, terms, { limit: 10, range, postings });
        const fallback = await rankLexical(db, terms, { limit: 10, range, postings: null });
        expect(fromSnapshot.hits, q).toEqual(fallback.hits);
        const scope = { range, publications: null };
        expect(await countLexicalMatches(db, terms, scope, postings)).toBe(
          await countLexicalMatches(db, terms, scope, null),
        );
      }
    }
    const { terms } = await resolveTerms(db, prepareQuery('market', NOW).terms);
    const moved = await rankLexical(started.db, terms, { limit: 50, range: lastYear, postings });
    expect(moved.hits.map((hit) => hit.postId)).toContain(changed.moved);
  });

  it('is not used when it is of another analysis version, or damaged: the process loads every post', async () => {
    const stored = (await store.get(POSTINGS_SNAPSHOT_KEY))!;
    const header = stored.body.indexOf('"analysisVersion":"');
    expect(header).toBeGreaterThan(0);
    const other = Buffer.from(stored.body);
    other.write('"analysisVersion":"1999-01-01"', header, 'latin1');
    expect(() => decodeSnapshot(other)).toThrow(UnusableSnapshot);
    expect(() => decodeSnapshot(stored.body.subarray(0, 200))).toThrow(UnusableSnapshot);

    // One byte of a posting's weight changed: still arrays that fit together, only the checksum tells.
    const valueChanged = Buffer.from(stored.body);
    valueChanged[stored.body.length - 4 - 8 * 7 - 1]! ^= 0x01;
    expect(() => decodeSnapshot(valueChanged)).toThrow(/checksum/);

    for (const body of [other, stored.body.subarray(0, stored.body.length - 64), valueChanged]) {
      await store.put(POSTINGS_SNAPSHOT_KEY, body, 'application/octet-stream');
      const started = anotherProcess();
      expect(await postingsLoaded(started.db)).toBe(true);
      expect(readEveryPost(started.statements)).toBe(true);
      expect((await livePostings(started.db))!.size).toBe(400);
    }
    await store.put(POSTINGS_SNAPSHOT_KEY, stored.body, stored.contentType);
  });

  it('reads the same arrays from bytes at any offset: views of a file read whole, copies of unaligned bytes', async () => {
    const stored = (await store.get(POSTINGS_SNAPSHOT_KEY))!;
    const aligned = decodeSnapshot(stored.body);
    expect(aligned.state.postings.gaps.buffer).toBe(stored.body.buffer);
    const shifted = Buffer.alloc(stored.body.length + 3);
    stored.body.copy(shifted, 3);
    const unaligned = decodeSnapshot(shifted.subarray(3));
    expect(unaligned.state.postings.gaps.buffer).not.toBe(shifted.buffer);
    expect(unaligned.state).toEqual(aligned.state);
    expect(unaligned.state.postings.gaps.length).toBeGreaterThan(0);
  });
});

// Last: it edits a post of the shared corpus again and again. Enough edits for the dead ordinals to pass a quarter of
// them (400 posts: 134) and stay within the suite's time; tests/unit/search-postings.test.ts edits one 1,000 times.
const EDITS = 200;

describe(`a post edited ${EDITS} times`, () => {
  /** The post's n-th title holds a word of its own (digits as consonants, which no stemmer changes). */
  const word = (n: number) => `zq${[...String(n)].map((digit) => 'bcdfghjklm'[Number(digit)]).join('')}`;

  it('leaves the postings bounded by the posts, and a snapshot that finds its latest text, not an old one', async () => {
    const writer = anotherProcess();
    expect(await postingsLoaded(writer.db)).toBe(true);
    const posts = (await livePostings(writer.db))!.size;
    const [post] = await db.query<{ id: string }>('select id from posts order by id limit 1');
    for (let n = 1; n <= EDITS; n++) {
      await db.query('update posts set title = $2, search_indexed_at = null where id = $1', [
        post!.id,
        `Quillwort notes ${word(n)}`,
      ]);
      await indexPendingPosts(db);
      // Each edit read on its own, as a search between edits reads it: a new ordinal each time.
      await livePostings(writer.db);
    }
    const live = (await livePostings(writer.db))!;
    expect(live.size).toBe(posts);
    expect(live.ordinals).toBeLessThanOrEqual(Math.ceil(posts / 0.75) + 1);

    await writePostingsSnapshot(writer.db);
    const decoded = decodeSnapshot((await store.get(POSTINGS_SNAPSHOT_KEY))!.body);
    expect(decoded.state.ids).toHaveLength(posts);
    expect(decoded.state.lexemes).not.toContain(word(EDITS - 1));
    const started = anotherProcess();
    expect(await postingsLoaded(started.db)).toBe(true);
    expect(readEveryPost(started.statements)).toBe(false);
    const postings = (await livePostings(started.db))!;
    expect(postings.ordinals).toBe(posts);
    for (const [n, found] of [
      [EDITS, [post!.id]],
      [EDITS - 1, []],
      [1, []],
    ] as const) {
      const { terms } = await resolveTerms(db, prepareQuery(word(n), NOW).terms);
      const ranked = await rankLexical(started.db, terms, { limit: 10, postings });
      expect(
        ranked.hits.map((hit) => hit.postId),
        word(n),
      ).toEqual(found);
      expect(ranked.hits).toEqual((await rankLexical(db, terms, { limit: 10, postings: null })).hits);
    }
  });
});
