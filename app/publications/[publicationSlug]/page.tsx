import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { PostList } from '@/components/PostList';
import { PublicationHeader } from '@/components/PublicationHeader';
import { requestOrigin } from '@/components/request-origin';
import { TrackRecordPanel } from '@/components/track-record/TrackRecordPanel';
import { appContext } from '@/lib/app/process-context';
import { signedInUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { getPublicationPage } from '@/lib/publications/catalogue';
import { normalizePublicationSlug } from '@/lib/publications/slug';
import { recordSummaryBySlug } from '@/lib/track-record/headline';

export const dynamic = 'force-dynamic';

const POST_LIMIT = 50;

type Props = { params: Promise<{ publicationSlug: string }> };

// generateMetadata and the page both need the publication: cache() loads it once per request.
const loadPublication = cache(async (param: string) => {
  // Accept what a visitor might paste (any case, "www.", a percent-encoded URL) like the API does.
  const slug = normalizePublicationSlug(param);
  return slug ? getPublicationPage(await getDb(), slug, { postLimit: POST_LIMIT }) : null;
});

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const publication = await loadPublication((await params).publicationSlug);
  if (!publication) return { title: 'Publication not found' };
  return {
    title: publication.title ?? publication.slug,
    description: publication.description ?? `Posts from ${publication.slug}, with paid AI-synthesized summaries.`,
  };
}

export default async function PublicationRoute({ params }: Props) {
  const { publicationSlug } = await params;
  const [publication, origin, user] = await Promise.all([
    loadPublication(publicationSlug),
    requestOrigin(),
    signedInUser(),
  ]);
  if (!publication) notFound();
  // One address per publication: a pasted variant ("www.", upper case, a full URL) moves to the canonical slug.
  if (safeDecode(publicationSlug) !== publication.slug) permanentRedirect(`/publications/${publication.slug}`);
  const record = await recordSummaryBySlug(await getDb(), publication.slug);

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link href="/publications" className="text-indigo-700 underline hover:text-indigo-900">
          ← All publications
        </Link>
      </nav>
      <PublicationHeader publication={publication} />
      {record && <TrackRecordPanel slug={publication.slug} summary={record} />}
      <section aria-labelledby="posts-heading" className="mt-10">
        <h2 id="posts-heading" className="text-xl font-bold tracking-tight">
          {publication.posts.length === POST_LIMIT ? `${POST_LIMIT} newest posts` : 'Posts'}
        </h2>
        <p className="mt-2 max-w-3xl text-sm leading-relaxed text-slate-700">
          Buy a post&apos;s synthesized summary here with your free weekly allowance or your credits. Agents call its
          URL: without a credential for the 402 challenge (x402 v2 or MPP), or with an API key to spend credits. Free
          detail as JSON:{' '}
          <a
            href={`/api/v1/publications/${publication.slug}`}
            className="break-all font-mono text-indigo-700 underline hover:text-indigo-900"
          >
            /api/v1/publications/{publication.slug}
          </a>
        </p>
        {/* Most posts are teasers (a news feed's sentence per item, the article paywalled): said before anyone pays. */}
        {publication.teaserCount * 2 > publication.postCount && (
          <p className="mt-3 max-w-3xl rounded-lg bg-orange-50 p-3 text-sm leading-relaxed text-orange-900 ring-1 ring-inset ring-orange-200">
            {publication.teaserCount} of its {publication.postCount} posts are teasers: its feed carries only the
            opening of each article, and the article pages could not be read (paywalled, blocked or not fetched). Their
            summaries cover the teaser only; such posts are marked <strong>Teaser only</strong>.
          </p>
        )}
        <div className="mt-4">
          <PostList
            apiBase={`${origin}/api/v1/publications`}
            publicationSlug={publication.slug}
            posts={publication.posts}
            defaultPriceCents={(await appContext()).payments.prices.defaultPostCents}
            signInHref={user ? null : `/signin?callbackUrl=${encodeURIComponent(`/publications/${publication.slug}`)}`}
          />
        </div>
      </section>
    </>
  );
}
