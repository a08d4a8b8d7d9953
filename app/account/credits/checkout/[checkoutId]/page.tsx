import { notFound } from 'next/navigation';
import { payLocalCheckoutAction } from '@/app/account/credits/actions';
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from '@/components/account/styles';
import { formatPrice } from '@/components/format';
import { requireUser } from '@/lib/auth/session';
import { findPurchase } from '@/lib/billing/checkout';
import { getDb } from '@/lib/db/client';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Local test checkout' };

/** The embedded default's stand-in for Stripe's payment page: clearly not real, and only for one's own checkout. */
export default async function LocalCheckoutPage({ params }: { params: Promise<{ checkoutId: string }> }) {
  const { checkoutId } = await params;
  const user = await requireUser(`/account/credits/checkout/${encodeURIComponent(checkoutId)}`);
  const purchase = await findPurchase(await getDb(), user.userId, checkoutId);
  if (purchase?.processor !== 'local') notFound();

  return (
    <section aria-labelledby="checkout-heading" className="mx-auto max-w-lg">
      <p className="inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-950">
        Local test checkout: no real money
      </p>
      <h1 id="checkout-heading" className="mt-3 text-3xl font-bold tracking-tight">
        Pay {formatPrice(purchase.amountCents)}
      </h1>
      <p className="mt-3 text-slate-700">
        This service has no Stripe key, so this page stands in for Stripe Checkout. Paying here grants{' '}
        {formatPrice(purchase.creditsCents)} of credits through the same path as a real Stripe payment.
      </p>
      {purchase.status === 'open' ? (
        <div className="mt-6 flex flex-wrap gap-3">
          <form action={payLocalCheckoutAction}>
            <input type="hidden" name="checkout" value={purchase.id} />
            <button type="submit" className={BUTTON_PRIMARY}>
              Pay {formatPrice(purchase.amountCents)} (test)
            </button>
          </form>
          <a href="/account/credits?checkout=cancelled" className={BUTTON_SECONDARY}>
            Cancel
          </a>
        </div>
      ) : (
        <p role="status" className="mt-6 text-slate-700">
          This checkout is {purchase.status === 'paid' ? 'already paid' : 'closed'}.{' '}
          <a href="/account/credits" className="font-medium text-indigo-700 underline">
            Back to credits
          </a>
        </p>
      )}
    </section>
  );
}
