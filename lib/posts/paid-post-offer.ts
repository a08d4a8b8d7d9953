import { publicBaseUrl } from '@/lib/api/base-url';
import { PaidPublicationPost } from '@/lib/api/contracts/paid';
import { jsonResponse } from '@/lib/api/handler';
import type { PaidOffer } from '@/lib/payments/offer';
import { postPriceCents } from '@/lib/payments/pricing';
import type { PaymentSetup } from '@/lib/payments/setup';
import type { ResolvedPaidPost } from './resolve-paid-post';

/** A post's summary for sale: its stored price or the default, one sale for the post's publication. */
export function paidPostOffer(request: Request, post: ResolvedPaidPost, setup: PaymentSetup): PaidOffer {
  const { content } = post;
  const priceCents = postPriceCents(post.storedPriceCents, setup.prices.defaultPostCents);
  const resource = `/api/v1/publications/${content.publicationSlug}/${content.slug}`;
  return {
    product: 'post_summary',
    resource,
    url: `${publicBaseUrl(request)}${resource}`,
    description: offerDescription(content.title, post.teaser),
    priceCents,
    sales: [{ postId: content.id, publicationId: content.publicationId, shareCents: priceCents }],
    respond: (paymentInfo) =>
      jsonResponse(PaidPublicationPost, { ...content, paymentInfo }, { headers: { 'Cache-Control': 'no-store' } }),
  };
}

/**
 * What the challenge says is for sale. A summary of a teaser says so here, before anyone pays: x402's resource
 * description, MPP's description and the 402 problem's detail all carry this text.
 */
export function offerDescription(title: string, teaser: ResolvedPaidPost['teaser']): string {
  const summary = `Synthesized summary of "${title.slice(0, 120)}"`;
  if (!teaser) return summary;
  const page = teaser.pageTried ? 'the article page could not be read' : 'the article page was not fetched';
  return `${summary} (teaser only: the feed carries ${teaser.words} words and ${page})`;
}
