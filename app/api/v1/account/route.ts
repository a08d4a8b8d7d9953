import { identifyBearer } from '@/lib/accounts/account/identify-bearer';
import { readAccount } from '@/lib/accounts/account/read-account';
import { Account } from '@/lib/api/contracts/account';
import { jsonResponse } from '@/lib/api/handler';
import { handle } from '@/lib/api/route';
import { getAccount } from '@/lib/api/routes/account';
import { appContext } from '@/lib/app/process-context';
import { getDb } from '@/lib/db/client';

export const dynamic = 'force-dynamic';

export const GET = handle(getAccount, async ({ request }) => {
  const db = await getDb();
  const identity = await identifyBearer(db, request.headers);
  const account = await readAccount(db, identity, (await appContext()).payments.weeklyAllowanceCents);
  return jsonResponse(Account, account, { headers: { 'Cache-Control': 'no-store' } });
});
