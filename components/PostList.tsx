import { BuySummary } from '@/components/search/BuySummary';
import { postPriceCents } from '@/lib/payments/pricing';
import type { CataloguePost } from '@/lib/publications/catalogue';
import { PodcastMarker, PriceTag, SummaryStatus, TeaserMarker } from './Badges';
import { formatPrice } from './format';
import { PostDate } from './PostDate';

/**
 * A publication's posts, each with its summary's price: a Buy button for a signed-in reader (a summary still being
 * written is waited for), a way to sign in for anyone else, and the paid API URL for agents. The URL is select-all
 * text rather than a copy button: one click selects it, no client JavaScript needed.
 */
export function PostList({
  apiBase,
  publicationSlug,
  posts,
  defaultPriceCents,
  signInHref,
}: {
  /** e.g. https://host/api/v1/publications */
  apiBase: string;
  publicationSlug: string;
  posts: CataloguePost[];
  /** The price of a post without one of its own. */
  defaultPriceCents: number;
  /** Where a signed-out reader signs in to buy; null when someone is signed in (the posts then have Buy buttons). */
  signInHref: string | null;
}) {
  if (posts.length === 0) return <p className="text-slate-700">No posts indexed yet.</p>;
  return (
    <ol className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {posts.map((post) => {
        const apiUrl = `${apiBase}/${publicationSlug}/${post.slug}`;
        const price = postPriceCents(post.priceCents, defaultPriceCents);
        return (
          <li key={post.slug} id={`post-${post.slug}`} className="scroll-mt-20 p-4 target:bg-indigo-50 sm:p-5">
            <h3 className="font-semibold leading-snug text-slate-900">{post.title}</h3>
            {post.subtitle && <p className="mt-1 text-sm leading-relaxed text-slate-700">{post.subtitle}</p>}
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
              <PostDate date={post.publishedAt} />
              <PriceTag cents={price} />
              {post.isPodcast && <PodcastMarker />}
              {post.teaser && <TeaserMarker />}
              <SummaryStatus ready={post.summaryReady} />
            </div>
            {signInHref === null ? (
              <BuySummary
                publicationSlug={publicationSlug}
                postSlug={post.slug}
                price={formatPrice(price)}
                title={post.title}
              />
            ) : (
              <p className="mt-3 text-sm text-slate-700">
                <a href={signInHref} className="font-medium text-indigo-700 underline hover:text-indigo-900">
                  Sign in
                </a>{' '}
                to buy its summary for {formatPrice(price)} from your free weekly allowance or your credits.
              </p>
            )}
            <p className="mt-3 flex min-w-0 items-baseline gap-2 text-xs">
              <span className="shrink-0 font-semibold text-slate-700">Paid API: GET</span>
              <code className="min-w-0 select-all break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800">
                {apiUrl}
              </code>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
