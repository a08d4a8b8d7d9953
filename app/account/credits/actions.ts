'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { requestOrigin } from '@/components/request-origin';
import { openCheckout } from '@/lib/billing/checkout';
import { completeLocalCheckout } from '@/lib/billing/local-checkout';
import { findCreditPack } from '@/lib/billing/packs';
import { accountAction } from '@/lib/dashboard/account-action';
import { UserInputError } from '@/lib/dashboard/action-result';
import { getDb } from '@/lib/db/client';

/** One of the packs on sale, by its id. */
const PackChoice = z.string().transform((id, ctx) => {
  const pack = findCreditPack(id);
  if (pack) return pack;
  ctx.issues.push({ code: 'custom', input: id, message: 'not a pack on sale' });
  return z.NEVER;
});

const openPackCheckout = accountAction({
  returnTo: '/account/credits',
  input: z.object({ pack: PackChoice }),
  limit: true,
  run: async ({ user, input }) =>
    openCheckout(await getDb(), {
      userId: user.userId,
      email: user.email,
      pack: input.pack,
      origin: await requestOrigin(),
    }),
});

/** Opens a checkout for the chosen pack and sends the browser to it (Stripe's page, or the local test checkout). */
export async function buyPackAction(form: FormData): Promise<void> {
  // The credits page says what was refused; the sign-in redirect and any other failure carry on.
  const checkout = await openPackCheckout(form).catch((error: unknown) => {
    if (error instanceof UserInputError) redirect('/account/credits?checkout=unknown-pack');
    if ((error as { code?: unknown } | null)?.code === 'rate_limited')
      redirect('/account/credits?checkout=rate-limited');
    throw error;
  });
  redirect(checkout.url);
}

// A missing id, like another user's checkout, completes nothing.
const payLocalCheckout = accountAction({
  returnTo: '/account/credits',
  input: z.object({ checkout: z.string().default('') }),
  run: async ({ user, input }) => {
    const outcome = await completeLocalCheckout(await getDb(), user.userId, input.checkout);
    // The page reports on this very checkout (its credits were added just now), not on whatever came last.
    redirect(
      outcome === 'paid'
        ? `/account/credits?${new URLSearchParams({ checkout: 'success', purchase: input.checkout })}`
        : `/account/credits?checkout=${outcome}`,
    );
  },
});

/** The local test checkout's "Pay": grants the pack through the same event path as Stripe's webhook. */
export async function payLocalCheckoutAction(form: FormData): Promise<void> {
  await payLocalCheckout(form);
}
