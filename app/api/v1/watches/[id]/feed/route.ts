import { ApiError } from '@/lib/api/errors';
import { handle } from '@/lib/api/route';
import { getWatchFeedRoute } from '@/lib/api/routes/watches';
import { getDb } from '@/lib/db/client';
import { readCredential } from '@/lib/payments/credential';
import { readWatchFeed } from '@/lib/watches/feed/read-feed';
import { renderAtom, renderJsonFeed } from '@/lib/watches/feed/render-feed';
import { feedUrls } from '@/lib/watches/watch-view';

export const dynamic = 'force-dynamic';

export const GET = handle(getWatchFeedRoute, async ({ request, params, query }) => {
  const credential = readCredential(request.headers);
  const token = query.token ?? (credential.kind === 'bearer' ? credential.token : undefined);
  if (!token) {
    throw new ApiError({
      code: 'unauthorized',
      message: 'Send the feed token as token= or Authorization: Bearer wft_….',
    });
  }
  const feed = await readWatchFeed(await getDb(), params.id, token);
  const self = feedUrls(feed.baseUrl, feed.watchId);
  const headers = { 'Cache-Control': 'private, no-store' };
  if (query.format === 'atom') {
    return new Response(renderAtom(feed, self.atom), {
      headers: { ...headers, 'Content-Type': 'application/atom+xml; charset=utf-8' },
    });
  }
  return new Response(renderJsonFeed(feed, self.json), {
    headers: { ...headers, 'Content-Type': 'application/feed+json; charset=utf-8' },
  });
});
