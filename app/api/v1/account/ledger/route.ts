import { identifyBearer } from '@/lib/accounts/account/identify-bearer';
import { readLedger } from '@/lib/accounts/account/read-ledger';
import { Ledger } from '@/lib/api/contracts/account';
import { jsonResponse } from '@/lib/api/handler';
import { handle } from '@/lib/api/route';
import { listAccountLedger } from '@/lib/api/routes/account';
import { getDb } from '@/lib/db/client';

export const dynamic = 'force-dynamic';

export const GET = handle(listAccountLedger, async ({ request, query }) => {
  const db = await getDb();
  const identity = await identifyBearer(db, request.headers);
  const ledger = await readLedger(db, identity, { cursor: query.cursor, limit: query.limit });
  return jsonResponse(Ledger, ledger, { headers: { 'Cache-Control': 'no-store' } });
});
