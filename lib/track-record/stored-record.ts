import { TRACK_RECORD_CALLS_MAX_LIMIT, type TrackRecordCall } from '@/lib/api/contracts/track-record';
import type { Db } from '@/lib/db/types';
import { type ComputedRecord, computeRecord, type RecordSummary } from './compute-record';

type LoadedRecord = { summary: RecordSummary; calls: TrackRecordCall[] };

/**
 * A publication's record, computed once and kept in track_records until its inputs change: a new close, a changed
 * verdict of the price provider, or a change to the publication's calls (counted by the triggers of migration
 * 20261209100000). A request reads the stored summary and its first `callLimit` calls in one statement; only the first
 * request after a change computes the record again (and stores it for the next ones). Null for an unknown slug.
 */
export async function loadRecordBySlug(db: Db, slug: string, callLimit: number): Promise<LoadedRecord | null> {
  const [row] = await db.query<{ id: string; summary: RecordSummary | null; calls: TrackRecordCall[] | null }>(
    `select p.id, s.summary,
            case when s.summary is not null then
              (select coalesce(jsonb_agg(c.call order by c.position), '[]'::jsonb) from track_record_calls c
                where c.publication_id = p.id and c.position < $2)
            end as calls
       from publications p
       left join lateral (
         select r.summary from track_records r, track_record_inputs i
          where r.publication_id = p.id
            and r.computed_calls_version = r.calls_version and r.computed_prices_version = i.prices_version
            and r.summary ? 'chart'
       ) s on true
      where p.slug = $1`,
    [slug, callLimit],
  );
  if (!row) return null;
  if (row.summary && row.calls) return { summary: row.summary, calls: row.calls };
  const computed = await computeAndStore(db, row.id);
  return { summary: computed.summary, calls: computed.calls.slice(0, callLimit) };
}

/**
 * The records' summaries alone (the headline beside picks and in publication detail, the dashboard), by publication
 * id: read in one statement, and computed again only for those whose inputs changed.
 */
export async function loadSummaries(db: Db, publicationIds: readonly string[]): Promise<Map<string, RecordSummary>> {
  const ids = [...new Set(publicationIds)];
  const rows = await db.query<{ publication_id: string; summary: RecordSummary }>(
    `select r.publication_id, r.summary from track_records r, track_record_inputs i
      where r.publication_id = any($1::uuid[])
        and r.computed_calls_version = r.calls_version and r.computed_prices_version = i.prices_version
        and r.summary ? 'chart'`,
    [ids],
  );
  const summaries = new Map(rows.map((row) => [row.publication_id, row.summary]));
  for (const id of ids) {
    if (!summaries.has(id)) summaries.set(id, (await computeAndStore(db, id)).summary);
  }
  return summaries;
}

// A summary stored before it carried the dashboard's chart (`summary ? 'chart'` above) counts as stale.
async function computeAndStore(db: Db, publicationId: string): Promise<ComputedRecord> {
  // The row exists before the counts are read, so a change made while computing is counted against it and the
  // stored figures are stale at once, never taken for current.
  await db.query(
    `insert into track_records (publication_id) select id from publications where id = $1 on conflict do nothing`,
    [publicationId],
  );
  const [versions] = await db.query<{ calls_version: string; prices_version: string }>(
    `select r.calls_version::text, i.prices_version::text from track_records r, track_record_inputs i
      where r.publication_id = $1`,
    [publicationId],
  );
  const computed = await computeRecord(db, publicationId);
  if (!versions) return computed; // the publication was deleted meanwhile
  await db.transaction(async (tx) => {
    // Never replace figures computed from later inputs (two requests computing at once).
    const updated = await tx.query(
      `update track_records
          set summary = $2::text::jsonb, computed_calls_version = $3, computed_prices_version = $4, computed_at = now()
        where publication_id = $1
          and coalesce(computed_calls_version, -1) <= $3 and coalesce(computed_prices_version, -1) <= $4
          and ((computed_calls_version, computed_prices_version) is distinct from ($3::bigint, $4::bigint)
               or not (summary ? 'chart'))
        returning 1`,
      [publicationId, JSON.stringify(computed.summary), versions.calls_version, versions.prices_version],
    );
    if (updated.length === 0) return;
    await tx.query('delete from track_record_calls where publication_id = $1', [publicationId]);
    await tx.query(
      `insert into track_record_calls (publication_id, position, call)
       select $1, c.ordinality - 1, c.value from jsonb_array_elements($2::text::jsonb) with ordinality as c`,
      // Only as many as a request can list: the record's figures already cover the rest.
      [publicationId, JSON.stringify(computed.calls.slice(0, TRACK_RECORD_CALLS_MAX_LIMIT))],
    );
  });
  return computed;
}
