import { TRACK_RECORD_CALLS_DEFAULT_LIMIT, TrackRecord } from '@/lib/api/contracts/track-record';
import { jsonResponse } from '@/lib/api/handler';
import { handle } from '@/lib/api/route';
import { getTrackRecord } from '@/lib/api/routes/get-track-record';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { getTrackRecord as readTrackRecord } from '@/lib/track-record/get-track-record';

export const dynamic = 'force-dynamic';

export const GET = handle(getTrackRecord, async ({ params, query }) => {
  const record = await readTrackRecord(await getDb(), params.publicationSlug, {
    now: new Date(),
    callLimit: query.limit ?? TRACK_RECORD_CALLS_DEFAULT_LIMIT,
    providerConfigured: Boolean(env().MASSIVE_API_KEY),
  });
  return jsonResponse(TrackRecord, record);
});
