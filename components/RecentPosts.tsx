import Link from 'next/link';
import { postPriceCents } from '@/lib/payments/pricing';
import type { CataloguePost } from '@/lib/publications/catalogue';
import { PodcastMarker, PriceTag, SummaryStatus, TeaserMarker } from './Badges';
import { PostDate } from './PostDate';

/** The few newest posts of a publication on its catalogue card; each links to the post on the publication page. */
export function RecentPosts({
  publicationSlug,
  posts,
  defaultPriceCents,
}: {
  publicationSlug: string;
  posts: CataloguePost[];
  /** The price of a post without one of its own. */
  defaultPriceCents: number;
}) {
  if (posts.length === 0) return <p className="text-sm text-slate-600">No posts indexed yet.</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {posts.map((post) => (
        <li key={post.slug} className="py-2.5 first:pt-0 last:pb-0">
          <Link
            href={`/publications/${publicationSlug}#post-${post.slug}`}
            prefetch={false}
            className="line-clamp-2 text-sm font-medium text-slate-900 hover:text-indigo-700 hover:underline"
          >
            {post.title}
          </Link>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
            <PostDate date={post.publishedAt} />
            <PriceTag cents={postPriceCents(post.priceCents, defaultPriceCents)} />
            {post.isPodcast && <PodcastMarker />}
            {post.teaser && <TeaserMarker />}
            <SummaryStatus ready={post.summaryReady} />
          </div>
        </li>
      ))}
    </ul>
  );
}
