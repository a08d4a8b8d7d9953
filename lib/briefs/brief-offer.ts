import { createHash } from 'node:crypto';
import { publicBaseUrl } from '@/lib/api/base-url';
import { ResearchBrief } from '@/lib/api/contracts/briefs';
import { ApiError } from '@/lib/api/errors';
import { jsonResponse } from '@/lib/api/handler';
import type { Db } from '@/lib/db/types';
import type { PaidOffer } from '@/lib/payments/offer';
import { centsToUsd, clampPrice, splitShares } from '@/lib/payments/pricing';
import type { PaymentSetup } from '@/lib/payments/setup';
import { keepPaidAnswer, owedPaidAnswer, type PaidAnswer } from './paid-answers';
import { type BriefPlan, planBrief } from './plan-brief';
import type { SelectOptions } from './select-sources';
import type { Brief, BriefGenerator, BriefInput } from './types';
import { writeBrief } from './write-brief';

export const BRIEFS_PATH = '/api/v1/briefs';

export interface BriefOfferDeps extends SelectOptions {
  setup: PaymentSetup;
  generator: BriefGenerator;
}

/**
 * A research brief for sale. Its sources and its offline answer are decided first (planBrief: the posts that hold a
 * claim on the question; none is a 404 `no_sources`, before any challenge), the price is the per-article price for
 * each source the answer cites, each source gets one sale with its share, and the 402 names the sources. The answer
 * is written for sale (with OpenAI where configured) only once the credential has been verified (PaidOffer.prepare),
 * and kept before any money moves: a wallet payer told to retry gets that answer even if search now picks others.
 */
export async function briefOffer(
  db: Db,
  request: Request,
  input: BriefInput,
  deps: BriefOfferDeps,
): Promise<PaidOffer> {
  const owed = await owedPaidAnswer(db, request, BRIEFS_PATH);
  // Already paid for: the answer is ready, and no adapter prepares again on a retry.
  if (owed) return offerOf(request, owed, async () => owed.brief, owed.brief);
  const { plan, priceCents, quote } = await quoteBrief(db, input, deps);
  if (input.quote && input.quote !== quote) throw quoteChanged(input.quote, plan, priceCents);
  const { sources } = plan.selection;
  const shares = splitShares(priceCents, sources.length);
  const answer: Omit<PaidAnswer, 'brief'> = {
    quote,
    priceCents,
    description: `Research brief from ${sourcesPhrase(sources.length)}: ${sources
      .map((post) => `${post.publicationSlug}/${post.postSlug}`)
      .join(', ')} (quote ${quote})`,
    sales: sources.map((post, i) => ({ postId: post.id, publicationId: post.publicationId, shareCents: shares[i]! })),
  };
  return offerOf(request, answer, async () => {
    const brief = await writeBrief(plan, deps.generator);
    return (await keepPaidAnswer(db, { ...answer, brief })).brief;
  });
}

/**
 * The offer of an answer: bound to its quote (both wallet protocols bind a payment to the resource, x402
 * `extra.resource` and MPP `scope`, and recompute it on the paid retry). With a digest of the request and of the
 * chosen posts in it, a payment signed for other sources no longer matches, and the buyer gets a fresh 402 instead
 * of being charged another amount or served other sources than quoted. How long a quote holds is the protocols' own
 * validity (x402 maxTimeoutSeconds, 300 s here; MPP's challenge expiry).
 */
function offerOf(
  request: Request,
  answer: Omit<PaidAnswer, 'brief'>,
  write: () => Promise<Brief>,
  ready: Brief | null = null,
): PaidOffer {
  let brief: Brief | null = ready;
  return {
    product: 'research_brief',
    resource: `${BRIEFS_PATH}?quote=${answer.quote}`,
    url: `${publicBaseUrl(request)}${BRIEFS_PATH}`,
    description: answer.description,
    priceCents: answer.priceCents,
    sales: answer.sales,
    async prepare() {
      brief = await write();
    },
    respond: (paymentInfo) => {
      if (!brief) throw new Error('a research brief is sold only after it is written (PaidOffer.prepare)');
      return jsonResponse(
        ResearchBrief,
        { ...brief, quote: answer.quote, asOf: new Date().toISOString(), paymentInfo },
        { headers: { 'Cache-Control': 'no-store' } },
      );
    },
  };
}

/**
 * What a brief would cost now, the sources it would read and its offline answer: the one pricing the 402 quotes and
 * the dashboard's Ask box shows. No post holding a claim on the question: the 404 `no_sources` error.
 */
export async function quoteBrief(
  db: Db,
  input: BriefInput,
  deps: SelectOptions & { setup: PaymentSetup },
): Promise<{ plan: BriefPlan; priceCents: number; quote: string }> {
  const plan = await planBrief(db, input, deps);
  if (!plan) {
    throw new ApiError({
      code: 'no_sources',
      message:
        'No post states anything about the subject of this question (within its window and publications). Nothing was charged.',
    });
  }
  const priceCents = clampPrice(plan.selection.sources.length * deps.setup.prices.stockPicksArticleCents);
  return { plan, priceCents, quote: quoteDigest(input, plan.selection.sources) };
}

/** What a quote commits to: the request as understood, and the posts chosen for it, in order. */
export function quoteDigest(input: BriefInput, sources: ReadonlyArray<{ id: string }>): string {
  const request = {
    question: input.question,
    window: input.window ?? null,
    publications: [...(input.publications ?? [])].sort(),
    maxSources: input.maxSources ?? null,
    sources: sources.map((post) => post.id),
  };
  return createHash('sha256').update(JSON.stringify(request)).digest('hex').slice(0, 16);
}

function quoteChanged(accepted: string, plan: BriefPlan, priceCents: number): ApiError {
  const n = plan.selection.sources.length;
  return new ApiError({
    code: 'quote_changed',
    message: `Quote ${accepted} no longer holds: the posts that answer this question changed. The brief now reads ${sourcesPhrase(n)} and costs $${centsToUsd(priceCents)}. Nothing was charged; ask again without "quote", or with the new one.`,
  });
}

function sourcesPhrase(n: number): string {
  return `${n} source article${n === 1 ? '' : 's'}`;
}
