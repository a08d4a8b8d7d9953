import type { CataloguePost } from '@/lib/publications/catalogue';
import { PodcastMarker, PriceTag, SummaryStatus } from './Badges';
import { PostDate } from './PostDate';

/**
 * A publication's posts with the paid API URL of each. The URL is select-all text rather than a copy button: one
 * click selects it, no client JavaScript needed.
 */
export function PostList({
  apiBase,
  publicationSlug,
  posts,
}: {
  /** e.g. https://host/api/v1/publications */
  apiBase: string;
  publicationSlug: string;
  posts: CataloguePost[];
}) {
  if (posts.length === 0) return <p className="text-slate-700">No posts indexed yet.</p>;
  return (
    <ol className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {posts.map((post) => {
        const apiUrl = `${apiBase}/${publicationSlug}/${post.slug}`;
        return (
          <li key={post.slug} id={`post-${post.slug}`} className="scroll-mt-20 p-4 target:bg-indigo-50 sm:p-5">
            <h3 className="font-semibold leading-snug text-slate-900">{post.title}</h3>
            {post.subtitle && <p className="mt-1 text-sm leading-relaxed text-slate-700">{post.subtitle}</p>}
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
              <PostDate date={post.publishedAt} />
              <PriceTag cents={post.priceCents} />
              {post.isPodcast && <PodcastMarker />}
              <SummaryStatus ready={post.summaryReady} />
            </div>
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
