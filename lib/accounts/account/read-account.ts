import type { z } from 'zod';
import type { Account } from '@/lib/api/contracts/account';
import { readCreditBalance } from '@/lib/credits/balance';
import { nextAllowanceReset } from '@/lib/credits/week';
import type { Queryable } from '@/lib/db/types';
import type { BearerIdentity } from './identify-bearer';
import { signedUsd } from './signed-usd';

/** GET /api/v1/account: the balances behind a credential, and what that credential can spend now. */
export async function readAccount(
  db: Queryable,
  identity: BearerIdentity,
  weeklyAllowanceCents: number,
  now = new Date(),
): Promise<z.input<typeof Account>> {
  const balance = await readCreditBalance(db, identity.userId, weeklyAllowanceCents, now, 0);
  const name =
    identity.kind === 'api_key'
      ? ((await db.query<{ name: string }>('select name from api_keys where id = $1', [identity.id]))[0]?.name ?? null)
      : null;
  const remaining = Math.max(0, balance.allowance.remainingCents);
  const spendable = balance.purchasedCents + (identity.kind === 'session_token' ? remaining : 0);
  return {
    credential: {
      kind: identity.kind,
      id: identity.id,
      name,
      spends: identity.kind === 'api_key' ? ['purchased'] : ['sponsored', 'purchased'],
    },
    purchasedCents: balance.purchasedCents,
    purchasedUsd: signedUsd(balance.purchasedCents),
    allowance: {
      weekStart: balance.allowance.weekStart,
      resetsAt: nextAllowanceReset(now).toISOString(),
      limitCents: balance.allowance.limitCents,
      remainingCents: remaining,
    },
    spendableCents: spendable,
    spendableUsd: signedUsd(spendable),
    asOf: now.toISOString(),
  };
}
