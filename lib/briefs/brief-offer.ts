import { createHash } from 'node:crypto';
import { publicBaseUrl } from '@/lib/api/base-url';
import { ResearchBrief } from '@/lib/api/contracts/briefs';
import { ApiError } from '@/lib/api/errors';
import { jsonResponse } from '@/lib/api/handler';
import type { Db } from '@/lib/db/types';
import type { PaidOffer } from '@/lib/payments/offer';
import { clampPrice, splitShares } from '@/lib/payments/pricing';
import type { PaymentSetup } from '@/lib/payments/setup';
import { type BriefPlan, planBrief } from './plan-brief';
import type { SelectOptions } from './select-sources';
import type { Brief, BriefGenerator, BriefInput, SourceSelection } from './types';
import { writeBrief } from './write-brief';

export const BRIEFS_PATH = '/api/v1/briefs';

export interface BriefOfferDeps extends SelectOptions {
  setup: PaymentSetup;
  generator: BriefGenerator;
}

/**
 * A research brief for sale: its sources are picked first (none: 404 `no_sources`, before any challenge), the price
 * is the per-article price (the one stock picks use) for each source, each source gets one sale with its share, and
 * the 402 names the sources. The answer is written only for a request that may pay (PaidOffer.prepare); one the
 * sources do not answer is a 404 `no_sources` too, and charges nothing.
 */
export async function briefOffer(
  db: Db,
  request: Request,
  input: BriefInput,
  deps: BriefOfferDeps,
): Promise<PaidOffer> {
  const { plan, priceCents, quote } = await quoteBrief(db, input, deps);
  const { selection } = plan;
  const n = selection.sources.length;
  const shares = splitShares(priceCents, n);
  let brief: Brief | null = null;
  return {
    product: 'research_brief',
    // Both wallet protocols bind a payment to the resource (x402 `extra.resource`, MPP `scope`) and recompute it on
    // the paid retry. With a digest of the request and of the chosen posts in it, the quote is part of what is paid
    // for: if search picks other posts by the time the payment comes back (a new post, a window that moved), the
    // resource differs, the credential no longer matches, and the buyer gets a fresh 402 for the new sources instead
    // of being charged another amount or served other sources than quoted. How long a quote holds is the protocols'
    // own validity (x402 maxTimeoutSeconds, 300 s here; MPP's challenge expiry).
    resource: `${BRIEFS_PATH}?quote=${quote}`,
    url: `${publicBaseUrl(request)}${BRIEFS_PATH}`,
    description: `Research brief from ${n} source article${n === 1 ? '' : 's'}: ${selection.sources
      .map((post) => `${post.publicationSlug}/${post.postSlug}`)
      .join(', ')} (quote ${quote})`,
    priceCents,
    sales: selection.sources.map((post, i) => ({
      postId: post.id,
      publicationId: post.publicationId,
      shareCents: shares[i]!,
    })),
    async prepare() {
      brief = await writeBrief(plan, deps.generator);
    },
    respond: (paymentInfo) => {
      if (!brief) throw new Error('a research brief is sold only after it is written (PaidOffer.prepare)');
      return jsonResponse(
        ResearchBrief,
        { ...brief, asOf: new Date().toISOString(), paymentInfo },
        { headers: { 'Cache-Control': 'no-store' } },
      );
    },
  };
}

/**
 * What a brief would cost now, and the sources it would read: the one pricing the 402 quotes and the dashboard's Ask
 * box shows. No matching post: the 404 `no_sources` error.
 */
export async function quoteBrief(
  db: Db,
  input: BriefInput,
  deps: SelectOptions & { setup: PaymentSetup },
): Promise<{ plan: BriefPlan; priceCents: number; quote: string }> {
  const plan = await planBrief(db, input, deps);
  if (!plan) {
    throw noSources(
      'No post states anything about the subject of this question (within its window and publications). Nothing was charged.',
    );
  }
  const priceCents = clampPrice(plan.selection.sources.length * deps.setup.prices.stockPicksArticleCents);
  return { plan, priceCents, quote: quoteDigest(input, plan.selection) };
}

/** What a quote commits to: the request as understood, and the posts chosen for it, in order. */
export function quoteDigest(input: BriefInput, selection: SourceSelection): string {
  const request = {
    question: input.question,
    window: input.window ?? null,
    publications: [...(input.publications ?? [])].sort(),
    maxSources: input.maxSources ?? null,
    sources: selection.sources.map((post) => post.id),
  };
  return createHash('sha256').update(JSON.stringify(request)).digest('hex').slice(0, 16);
}

function noSources(message: string): ApiError {
  return new ApiError({ code: 'no_sources', message });
}
