import Link from 'next/link';
import { BUTTON_PRIMARY } from '@/components/account/styles';

export const metadata = { title: 'Checkout not found' };

/** A checkout id that is unknown, or not this user's: said as such, with the way back to buying credits. */
export default function CheckoutNotFound() {
  return (
    <section aria-labelledby="checkout-missing-heading" className="mx-auto max-w-lg py-12 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">404</p>
      <h1 id="checkout-missing-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
        No such checkout
      </h1>
      <p className="mt-4 leading-relaxed text-slate-700">
        This checkout does not exist or was opened by another account. Nothing was charged. Start a new one from your
        credits page.
      </p>
      <Link href="/account/credits" className={`mt-8 inline-block ${BUTTON_PRIMARY}`}>
        Back to credits
      </Link>
    </section>
  );
}
