import { readOptionalJsonBody } from '@/lib/api/body';
import { apiRoute } from '@/lib/api/handler';
import { getDb } from '@/lib/db/client';
import { sellOffer } from '@/lib/payments/sell-offer';
import { paymentSetup } from '@/lib/payments/setup';
import { resolvePaidPost } from '@/lib/posts/get-paid-post';
import { paidPostOffer } from '@/lib/posts/paid-post-offer';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ publicationSlug: string; postSlug: string }> };

// GET and POST are the same paid flow; POST may carry an empty or JSON body, which payments are bound to.
async function handle(request: Request, { params }: Context, body: string): Promise<Response> {
  const { publicationSlug, postSlug } = await params;
  const post = await resolvePaidPost(await getDb(), publicationSlug, postSlug);
  return sellOffer(request, paidPostOffer(request, post, paymentSetup()), body);
}

export const GET = apiRoute((request, context: Context) => handle(request, context, ''));
export const POST = apiRoute(async (request, context: Context) =>
  handle(request, context, await readOptionalJsonBody(request)),
);
