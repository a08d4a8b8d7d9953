import type { z } from 'zod';
import { hasLimit, periodStarts, readKeySpend, readSpendCap } from '@/lib/accounts/api-keys/spend-cap';
import type { Account } from '@/lib/api/contracts/account';
import { readCreditBalance } from '@/lib/credits/balance';
import { nextAllowanceReset } from '@/lib/credits/week';
import type { Queryable } from '@/lib/db/types';
import { centsToUsd } from '@/lib/payments/pricing';
import { type BearerIdentity, readsWholeAccount } from './identify-bearer';

/**
 * GET /api/v1/account: the balances behind a credential, and what that credential can spend now. The weekly allowance
 * is left out (null) for an API key that may read only its own spending: a key never spends it, and what is left of
 * it tells what the owner's sessions spent.
 */
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
  const cap = identity.kind === 'api_key' ? await capOf(db, identity.id, now) : null;
  const capLeft = cap
    ? Math.min(
        cap.dailyCents === null ? Number.POSITIVE_INFINITY : cap.dailyCents - cap.spentTodayCents,
        cap.monthlyCents === null ? Number.POSITIVE_INFINITY : cap.monthlyCents - cap.spentThisMonthCents,
      )
    : Number.POSITIVE_INFINITY;
  const spendable = Math.max(
    0,
    Math.min(capLeft, balance.purchasedCents + (identity.kind === 'session_token' ? remaining : 0)),
  );
  return {
    credential: {
      kind: identity.kind,
      id: identity.id,
      name,
      spends: identity.kind === 'api_key' ? ['purchased'] : ['sponsored', 'purchased'],
      scopes: identity.scopes,
    },
    purchasedCents: balance.purchasedCents,
    purchasedUsd: centsToUsd(balance.purchasedCents),
    allowance: readsWholeAccount(identity)
      ? {
          weekStart: balance.allowance.weekStart,
          resetsAt: nextAllowanceReset(now).toISOString(),
          limitCents: balance.allowance.limitCents,
          remainingCents: remaining,
        }
      : null,
    cap,
    spendableCents: spendable,
    spendableUsd: centsToUsd(spendable),
    asOf: now.toISOString(),
  };
}

/** An API key's cap and its spending against it; null when the key has none. */
async function capOf(db: Queryable, apiKeyId: string, now: Date) {
  const cap = await readSpendCap(db, apiKeyId);
  if (!hasLimit(cap)) return null;
  const spend = await readKeySpend(db, apiKeyId, now);
  const { dayEnd, monthEnd } = periodStarts(now);
  return {
    dailyCents: cap.dailyCents,
    monthlyCents: cap.monthlyCents,
    products: cap.products,
    spentTodayCents: spend.dayCents,
    spentThisMonthCents: spend.monthCents,
    dayResetsAt: dayEnd.toISOString(),
    monthResetsAt: monthEnd.toISOString(),
  };
}
