import { HEADLINE_HORIZON, type PublicationRecordHeadline } from '@/lib/api/contracts/track-record';
import type { Db } from '@/lib/db/types';
import type { RecordSummary } from './compute-record';
import { loadSummaries } from './stored-record';

/** A record's headline: its figures at the headline horizon, and what they are as of. */
export function headlineOf(summary: RecordSummary): PublicationRecordHeadline {
  const h = summary.horizons.find((x) => x.horizon === HEADLINE_HORIZON)!;
  return {
    horizon: HEADLINE_HORIZON,
    scoredCalls: h.scoredCalls,
    hitRate: h.hitRate,
    hitRateNote: h.hitRateNote,
    meanExcessReturn: h.meanExcessReturn,
    benchmark: summary.benchmark,
    pricesAsOf: summary.pricesAsOf,
    pricesSource: summary.pricesSource,
  };
}

/**
 * The track record headlines of the publications named by slug (the stored records, computed again only where their
 * inputs changed). A slug no publication has is absent from the map.
 */
export async function recordHeadlines(
  db: Db,
  slugs: readonly string[],
): Promise<Map<string, PublicationRecordHeadline>> {
  const rows = await db.query<{ id: string; slug: string }>(
    'select id, slug from publications where slug = any($1::text[])',
    [[...new Set(slugs)]],
  );
  const summaries = await loadSummaries(
    db,
    rows.map((row) => row.id),
  );
  const headlines = new Map<string, PublicationRecordHeadline>();
  for (const row of rows) {
    const summary = summaries.get(row.id);
    if (summary) headlines.set(row.slug, headlineOf(summary));
  }
  return headlines;
}

/** One publication's stored record summary by slug (its page), or null for an unknown slug. */
export async function recordSummaryBySlug(db: Db, slug: string): Promise<RecordSummary | null> {
  const [row] = await db.query<{ id: string }>('select id from publications where slug = $1', [slug]);
  if (!row) return null;
  return (await loadSummaries(db, [row.id])).get(row.id) ?? null;
}
