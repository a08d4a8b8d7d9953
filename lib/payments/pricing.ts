/**
 * Prices in US cents. Both wallet protocols recompute the price on the paid retry and refuse a credential whose
 * amount differs, so every price here is a pure function of the request and the stored content.
 */
export const PRICE_FLOOR_CENTS = 10;
export const PRICE_CEILING_CENTS = 1000;

export function postPriceCents(storedPriceCents: number | null, defaultCents: number): number {
  return clampPrice(storedPriceCents ?? defaultCents);
}

/** Stock picks cost a per-article price for each distinct source article returned, within the advertised range. */
export function stockPicksPriceCents(distinctArticles: number, perArticleCents: number): number {
  return clampPrice(distinctArticles * perArticleCents);
}

/**
 * Splits a price into one share per article: equal shares, the leftover cents going to the first articles, so the
 * shares always add up to the price exactly.
 */
export function splitShares(totalCents: number, articles: number): number[] {
  const base = Math.floor(totalCents / articles);
  const rest = totalCents - base * articles;
  return Array.from({ length: articles }, (_, i) => base + (i < rest ? 1 : 0));
}

export function clampPrice(cents: number): number {
  return Math.min(PRICE_CEILING_CENTS, Math.max(PRICE_FLOOR_CENTS, Math.round(cents)));
}

/**
 * "0.10" for 10 cents: the decimal text of paymentInfo.amountUsd and of MPP amounts. A negative amount (a ledger debit)
 * gets a leading sign: -10 is "-0.10".
 */
export function centsToUsd(cents: number): string {
  const magnitude = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}
