import { identifyBearer } from '@/lib/accounts/account/identify-bearer';
import { publicBaseUrl } from '@/lib/api/base-url';
import { CreatedWatch, WatchList } from '@/lib/api/contracts/watches';
import { jsonResponse } from '@/lib/api/handler';
import { handle } from '@/lib/api/route';
import { createWatchRoute, listWatchesRoute } from '@/lib/api/routes/watches';
import { getDb } from '@/lib/db/client';
import { createWatch } from '@/lib/watches/create';
import { listWatches } from '@/lib/watches/list';
import { configuredSecretKey } from '@/lib/watches/signing-secret';
import { configuredWebhookNetwork } from '@/lib/watches/webhook-destination';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };

export const POST = handle(createWatchRoute, async ({ request, body }) => {
  const db = await getDb();
  const identity = await identifyBearer(db, request.headers);
  const created = await createWatch(db, identity.userId, body, {
    baseUrl: publicBaseUrl(request),
    network: configuredWebhookNetwork(),
    secretKey: configuredSecretKey(),
  });
  return jsonResponse(CreatedWatch, created, { status: 201, headers: NO_STORE });
});

export const GET = handle(listWatchesRoute, async ({ request }) => {
  const db = await getDb();
  const identity = await identifyBearer(db, request.headers);
  return jsonResponse(WatchList, { watches: await listWatches(db, identity.userId) }, { headers: NO_STORE });
});
