import type { z } from 'zod';
import type { PaymentInfo } from '@/lib/api/contracts/paid';

export type PaymentInfoValue = z.infer<typeof PaymentInfo>;

/** One source article a payment pays for, with its share of the price. */
export interface SaleLine {
  postId: string;
  publicationId: string;
  shareCents: number;
}

/**
 * A paid answer, fully resolved before any credential is looked at: the content exists (404 and 503 were decided
 * already), the price is fixed, and respond() only serializes. lib/payments/sell-offer.ts sells it.
 */
export interface PaidOffer {
  product: 'post_summary' | 'stock_picks' | 'research_brief';
  /** Path plus canonical query of what is sold; wallet payments are bound to it (MPP scope, x402 extra). */
  resource: string;
  /** Absolute URL of the request, shown in the x402 challenge. */
  url: string;
  description: string;
  priceCents: number;
  sales: SaleLine[];
  /**
   * Work the sale needs but the price does not (a research brief's answer is written here): run by each payment
   * adapter once the credential is verified (the x402 facilitator's verify; an MPP credential bound to our challenge;
   * an API key's validity, cap and balance) and before any money moves, so a plain 402 or a payment header that does
   * not verify costs none of it, and its failure charges nothing. Not run when an earlier attempt already paid.
   */
  prepare?(): Promise<void>;
  respond(paymentInfo: PaymentInfoValue): Response;
}
