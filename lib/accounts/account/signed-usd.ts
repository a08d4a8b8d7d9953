import { centsToUsd } from '@/lib/payments/pricing';

/** Cents as USD text with a sign for negative amounts: -10 is "-0.10". */
export function signedUsd(cents: number): string {
  return `${cents < 0 ? '-' : ''}${centsToUsd(Math.abs(cents))}`;
}
