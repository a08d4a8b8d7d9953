import type { TrackRecord } from '@/lib/api/contracts/track-record';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db/types';
import { US_BENCHMARK } from '@/lib/prices/benchmark';
import { NO_PROVIDER_REASON } from '@/lib/prices/configured';
import type { PriceSource } from '@/lib/prices/provider';
import { loadRecordBySlug } from './stored-record';

/**
 * A publication's track record: its calls' outcomes and the record per horizon (docs/track-record.md), as computed
 * from the stored closes the last time they or the calls changed (lib/track-record/stored-record.ts). 404 for an
 * unknown publication.
 */
export async function getTrackRecord(
  db: Db,
  slug: string,
  options: { now: Date; callLimit: number; providerConfigured: boolean },
): Promise<TrackRecord> {
  const loaded = await loadRecordBySlug(db, slug, options.callLimit);
  if (!loaded) throw new ApiError({ code: 'not_found', message: `Publication not found: ${slug}` });
  const { summary, calls } = loaded;
  // The chart is the dashboard's; the API's record is the rest.
  const { benchmarkPriced, chart: _chart, ...record } = summary;
  return {
    publicationSlug: slug,
    asOf: options.now.toISOString(),
    ...record,
    pricesNote: pricesNote(summary.pricesSource, options.providerConfigured, benchmarkPriced),
    calls,
  };
}

export function pricesNote(
  source: PriceSource | null,
  providerConfigured: boolean,
  benchmarkPriced: boolean,
): string | null {
  if (source === 'demo') {
    return 'Demo closes from the demo corpus’s own market model, consistent with its posts: not market data.';
  }
  if (source === 'massive') {
    return benchmarkPriced ? null : `No ${US_BENCHMARK} closes are stored yet: no excess return can be computed.`;
  }
  return providerConfigured
    ? 'No closes have been fetched yet: the daily price fetch has not run.'
    : NO_PROVIDER_REASON;
}
