import { env } from '@/lib/env';

export interface CreditPack {
  id: string;
  /** What the buyer pays, in US cents. */
  amountCents: number;
  /** What is added to their purchased credits, in US cents (the same: credits are dollars). */
  creditsCents: number;
}

/** The packs on sale (CREDIT_PACKS_CENTS), smallest first. */
export function creditPacks(): CreditPack[] {
  return [...new Set(env().CREDIT_PACKS_CENTS)]
    .sort((a, b) => a - b)
    .map((cents) => ({ id: `pack_${cents}`, amountCents: cents, creditsCents: cents }));
}

export function findCreditPack(id: string): CreditPack | null {
  return creditPacks().find((pack) => pack.id === id) ?? null;
}
