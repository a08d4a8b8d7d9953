import type { PostPath } from '@/lib/api/contracts/paid';
import { handle } from '@/lib/api/route';
import { accessPublicationPost, getPublicationPostBySlug } from '@/lib/api/routes/publication-post';
import { appContext } from '@/lib/app/process-context';
import { getDb } from '@/lib/db/client';
import { sellOffer } from '@/lib/payments/sell-offer';
import { paidPostOffer } from '@/lib/posts/paid-post-offer';
import { resolvePaidPost } from '@/lib/posts/resolve-paid-post';
import { clientIp } from '@/lib/rate-limits/client-ip';

export const dynamic = 'force-dynamic';

// GET and POST are the same paid flow; POST may carry an empty or JSON body, which payments are bound to.
async function sellPost(request: Request, path: PostPath, body: string): Promise<Response> {
  const post = await resolvePaidPost(await getDb(), path, { ip: clientIp(request) });
  return sellOffer(request, paidPostOffer(request, post, (await appContext()).payments), body);
}

export const GET = handle(getPublicationPostBySlug, ({ request, params }) => sellPost(request, params, ''));
export const POST = handle(accessPublicationPost, ({ request, params, body }) => sellPost(request, params, body));
