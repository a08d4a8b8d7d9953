'use server';

import { redirect } from 'next/navigation';
import { requestOrigin } from '@/components/request-origin';
import { requireUser } from '@/lib/auth/session';
import { openCheckout } from '@/lib/billing/checkout';
import { completeLocalCheckout } from '@/lib/billing/local-checkout';
import { findCreditPack } from '@/lib/billing/packs';
import { getDb } from '@/lib/db/client';
import { limitAccountAction } from '@/lib/rate-limits/account-limit';

/** Opens a checkout for the chosen pack and sends the browser to it (Stripe's page, or the local test checkout). */
export async function buyPackAction(form: FormData): Promise<void> {
  const user = await requireUser('/account/credits');
  const pack = findCreditPack(String(form.get('pack') ?? ''));
  if (!pack) redirect('/account/credits?checkout=unknown-pack');
  try {
    await limitAccountAction(`user:${user.userId}`);
  } catch {
    redirect('/account/credits?checkout=rate-limited');
  }
  const checkout = await openCheckout(await getDb(), {
    userId: user.userId,
    email: user.email,
    pack,
    origin: await requestOrigin(),
  });
  redirect(checkout.url);
}

/** The local test checkout's "Pay": grants the pack through the same event path as Stripe's webhook. */
export async function payLocalCheckoutAction(form: FormData): Promise<void> {
  const user = await requireUser('/account/credits');
  const checkout = String(form.get('checkout') ?? '');
  const outcome = await completeLocalCheckout(await getDb(), user.userId, checkout);
  // The page reports on this very checkout (its credits were added just now), not on whatever came last.
  redirect(
    outcome === 'paid'
      ? `/account/credits?${new URLSearchParams({ checkout: 'success', purchase: checkout })}`
      : `/account/credits?checkout=${outcome}`,
  );
}
