import { identifyBearer } from '@/lib/accounts/account/identify-bearer';
import { DeletedWatch, WatchDetail } from '@/lib/api/contracts/watches';
import { jsonResponse } from '@/lib/api/handler';
import { handle } from '@/lib/api/route';
import { deleteWatchRoute, getWatchRoute } from '@/lib/api/routes/watches';
import { getDb } from '@/lib/db/client';
import { getWatch } from '@/lib/watches/get';
import { deleteWatch } from '@/lib/watches/remove';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };

export const GET = handle(getWatchRoute, async ({ request, params }) => {
  const db = await getDb();
  const identity = await identifyBearer(db, request.headers);
  return jsonResponse(WatchDetail, await getWatch(db, identity.userId, params.id), { headers: NO_STORE });
});

export const DELETE = handle(deleteWatchRoute, async ({ request, params }) => {
  const db = await getDb();
  const identity = await identifyBearer(db, request.headers);
  await deleteWatch(db, identity.userId, params.id);
  return jsonResponse(DeletedWatch, { id: params.id, deleted: true }, { headers: NO_STORE });
});
