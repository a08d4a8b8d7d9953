import { randomUUID } from 'node:crypto';
import { API_KEY_PREFIX } from '@/lib/accounts/api-keys/create';
import { capRefusal, hasLimit, readKeySpend, readSpendCap } from '@/lib/accounts/api-keys/spend-cap';
import { verifyApiKey } from '@/lib/accounts/api-keys/verify';
import { verifySessionToken } from '@/lib/accounts/sessions/verify';
import { ApiError } from '@/lib/api/errors';
import { readCreditBalance } from '@/lib/credits/balance';
import { debitPurchasedCredits, debitWeeklyAllowance } from '@/lib/credits/debit';
import { allowanceWeekStart } from '@/lib/credits/week';
import type { Db } from '@/lib/db/types';
import { isOperatorToken } from '@/lib/operator/token';
import type { PaidOffer } from '@/lib/payments/offer';
import type { PaymentOutcome } from '@/lib/payments/outcome';
import { centsToUsd } from '@/lib/payments/pricing';
import type { PaymentSetup } from '@/lib/payments/setup';

interface Spent {
  ledgerKey: string;
  spendSource: 'purchased' | 'sponsored';
  userId: string;
  apiKeyId?: string;
}

/**
 * Bearer credentials: the operator's token (served free, recorded as privileged), an API key (purchased credits
 * only) or a signed-in user's session token (this week's allowance first, then purchased credits). A paid outcome
 * carries the debit's ledger key, so the debit is refunded if the answer cannot be recorded or sent.
 */
export async function payWithBearer(
  db: Db,
  offer: PaidOffer,
  setup: PaymentSetup,
  token: string,
): Promise<PaymentOutcome> {
  if (await isOperatorToken(token)) {
    await offer.prepare?.();
    return {
      kind: 'paid',
      delivery: { protocol: 'privileged', uniqueKey: `privileged:${randomUUID()}`, amountCents: 0 },
    };
  }
  const spent = token.startsWith(API_KEY_PREFIX)
    ? await spendFromApiKey(db, offer, token)
    : await spendFromSession(db, offer, setup, token);
  if (spent instanceof ApiError) return { kind: 'rejected', error: spent };
  return {
    kind: 'paid',
    delivery: {
      protocol: 'credits',
      uniqueKey: spent.ledgerKey,
      amountCents: offer.priceCents,
      spendSource: spent.spendSource,
      userId: spent.userId,
      apiKeyId: spent.apiKeyId,
      refundLedgerKey: spent.ledgerKey,
    },
  };
}

async function spendFromApiKey(db: Db, offer: PaidOffer, key: string): Promise<Spent | ApiError> {
  const verified = await verifyApiKey(db, key);
  if (!verified) return new ApiError({ code: 'unauthorized', message: 'Invalid or revoked API key.' });
  const { apiKeyId, userId, cap } = verified;
  // A capped key is refused before any work is done for it, then checked again, exactly, under its lock.
  if (hasLimit(cap)) {
    const refusal = capRefusal(cap, await readKeySpend(db, apiKeyId), offer.product, offer.priceCents);
    if (refusal) return refusal;
  }
  // Only a credential that may pay gets the offer's work done (a brief written), and before anything is debited: a
  // balance that cannot cover the price is refused first (the debit below still decides, atomically).
  const balance = await readCreditBalance(db, userId, 0, new Date(), 0);
  if (balance.purchasedCents < offer.priceCents) return insufficientCredits(offer);
  await offer.prepare?.();
  const ledgerKey = `request:${randomUUID()}`;
  const input = {
    userId,
    cents: offer.priceCents,
    ledgerKey,
    apiKeyId,
    description: `${offer.product} ${offer.resource}`,
  };
  const debit = hasLimit(cap)
    ? await db.transaction(async (tx) => {
        // The key's row stays locked until the debit commits, so concurrent requests with it are counted one by one.
        const locked = await readSpendCap(tx, apiKeyId, { lock: true });
        const refusal = capRefusal(locked, await readKeySpend(tx, apiKeyId), offer.product, offer.priceCents);
        return refusal ?? (await debitPurchasedCredits(tx, input));
      })
    : await debitPurchasedCredits(db, input);
  if (debit instanceof ApiError) return debit;
  if (!debit) return insufficientCredits(offer);
  return { ledgerKey, spendSource: 'purchased', userId, apiKeyId };
}

function insufficientCredits(offer: PaidOffer): ApiError {
  return new ApiError({
    code: 'insufficient_credits',
    message: `Insufficient credits: this request costs $${centsToUsd(offer.priceCents)}. Buy credits in the dashboard.`,
  });
}

async function spendFromSession(
  db: Db,
  offer: PaidOffer,
  setup: PaymentSetup,
  token: string,
): Promise<Spent | ApiError> {
  const session = await verifySessionToken(db, token);
  if (!session)
    return new ApiError({
      code: 'unauthorized',
      message: 'Invalid, expired or revoked session token (API keys start with pk_svc_).',
    });
  const balance = await readCreditBalance(db, session.userId, setup.weeklyAllowanceCents, new Date(), 0);
  if (balance.allowance.remainingCents < offer.priceCents && balance.purchasedCents < offer.priceCents) {
    return sessionCannotPay(offer);
  }
  await offer.prepare?.();
  const ledgerKey = `request:${randomUUID()}`;
  const input = {
    userId: session.userId,
    cents: offer.priceCents,
    ledgerKey,
    description: `${offer.product} ${offer.resource}`,
  };
  // The whole price comes from one source: the allowance when it still covers it, else purchased credits.
  const sponsored = await debitWeeklyAllowance(db, {
    ...input,
    weekStart: allowanceWeekStart(new Date()),
    weeklyLimitCents: setup.weeklyAllowanceCents,
  });
  if (sponsored) return { ledgerKey, spendSource: 'sponsored', userId: session.userId };
  const purchased = await debitPurchasedCredits(db, input);
  if (purchased) return { ledgerKey, spendSource: 'purchased', userId: session.userId };
  return sessionCannotPay(offer);
}

function sessionCannotPay(offer: PaidOffer): ApiError {
  return new ApiError({
    code: 'insufficient_credits',
    message: `This week's allowance and your purchased credits do not cover this request ($${centsToUsd(offer.priceCents)}). Buy credits in the dashboard.`,
  });
}
