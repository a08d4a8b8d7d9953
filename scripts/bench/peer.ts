/**
 * The bench's peer: Xapian (Debian's python3-xapian, a Lucene-class engine) indexes the bench database's posts and
 * answers the same query mix with the same terms and time windows, so the run prints our figures beside its own.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '@/lib/db/types';
import { prepareQuery } from '@/lib/search/query/prepare';
import { BENCH_QUERIES, type SearchBenchRow } from './search';

export interface PeerResult {
  documents: number;
  indexSeconds: number;
  peakRssMiB: number;
  /** 'Xapian top 10' (its default: an estimated count) and 'Xapian top 10, exact count'. */
  rows: SearchBenchRow[];
}

// Debian's python3-xapian installs for Debian's python only; a python3 earlier on PATH (pyenv) may lack it.
const PYTHON = '/usr/bin/python3';
const SCRIPT = path.join(import.meta.dirname, 'xapian-peer.py');
// Posts are written a chunk at a time: at 1,000,000 posts the corpus is gigabytes and must never be in memory at once.
const CHUNK = 5000;
const POSTS_AFTER = `select p.id, p.title, p.subtitle, concat_ws(' ', pub.title, pub.author_name) as publication,
                            p.body_text as body, extract(epoch from p.published_at)::float8 as published_at
                     from posts p join publications pub on pub.id = p.publication_id
                     where $1::uuid is null or p.id > $1::uuid
                     order by p.id limit ${CHUNK}`;

/** Writes every post as one JSON line (the fields our index reads), in id order. */
async function exportCorpus(db: Db, file: string) {
  const fd = openSync(file, 'w');
  try {
    let after: string | null = null;
    for (;;) {
      const rows: Array<{ id: string; published_at: number | string | null }> = await db.query(POSTS_AFTER, [after]);
      if (rows.length === 0) return;
      const lines = rows.map((row) =>
        JSON.stringify({ ...row, published_at: row.published_at === null ? null : Number(row.published_at) }),
      );
      writeSync(fd, `${lines.join('\n')}\n`);
      after = rows.at(-1)!.id;
    }
  } finally {
    closeSync(fd);
  }
}

/** Xapian's figures on this database's posts, or null when Debian's python3-xapian is not installed. */
export async function benchPeer(db: Db, rounds: number): Promise<PeerResult | null> {
  if (spawnSync(PYTHON, ['-c', 'import xapian']).status !== 0) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'finpub-peer-'));
  try {
    const corpus = path.join(dir, 'corpus.jsonl');
    await exportCorpus(db, corpus);
    const now = new Date();
    const epoch = (iso: string) => Date.parse(iso) / 1000;
    const queries = BENCH_QUERIES.map(({ q }) => {
      const { terms, timeWindow } = prepareQuery(q, now);
      return { q, terms, start: timeWindow && epoch(timeWindow.startIso), end: timeWindow && epoch(timeWindow.endIso) };
    });
    writeFileSync(path.join(dir, 'queries.json'), JSON.stringify(queries));
    const child = spawnSync(PYTHON, [SCRIPT, corpus, path.join(dir, 'queries.json'), String(rounds)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (child.status !== 0) throw new Error(`the Xapian peer failed (exit ${child.status})`);
    return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as PeerResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
