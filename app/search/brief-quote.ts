import { BriefRequest } from '@/lib/api/contracts/briefs';
import { ApiError } from '@/lib/api/errors';
import { appContext } from '@/lib/app/process-context';
import { quoteBrief as priceBrief } from '@/lib/briefs/brief-offer';
import { centsToUsd } from '@/lib/payments/pricing';

export interface QuotedSource {
  publicationSlug: string;
  postSlug: string;
  title: string;
  publishedAt: Date | null;
  publicationTitle: string | null;
}

export interface BriefQuote {
  question: string;
  /** The quote id the buy sends back: the purchase is refused, not repriced, if the sources changed meanwhile. */
  quote: string;
  amountUsd: string;
  sources: QuotedSource[];
}

/** A price and its sources; or no post answers (`none`); or a message for the person on the page. */
export type QuoteResult = { quote: BriefQuote } | { none: string } | { error: string };

/**
 * The price of a brief and the articles it would read, from the pricing the route's 402 quotes (lib/briefs), with
 * nothing written or charged. The buy sends the quote back: should the sources have changed meanwhile, the route
 * refuses it (409 quote_changed) rather than charge another price, and the page shows the new one.
 */
export async function quoteBrief(question: string): Promise<QuoteResult> {
  const parsed = BriefRequest.safeParse({ question });
  if (!parsed.success) return { error: `The question ${parsed.error.issues[0]?.message ?? 'cannot be asked'}.` };
  const { db, embeddings, payments } = await appContext();
  try {
    const { plan, priceCents, quote } = await priceBrief(db, parsed.data, { embeddings, setup: payments });
    return {
      quote: {
        question,
        quote,
        amountUsd: centsToUsd(priceCents),
        sources: plan.selection.sources.map((post) => ({
          publicationSlug: post.publicationSlug,
          postSlug: post.postSlug,
          title: post.title,
          publishedAt: post.publishedAt,
          publicationTitle: post.publicationTitle,
        })),
      },
    };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'no_sources') return { none: error.message };
    throw error;
  }
}
