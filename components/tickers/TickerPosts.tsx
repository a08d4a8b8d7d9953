import Link from 'next/link';
import { formatDate } from '@/components/format';
import type { TickerDetail } from '@/lib/api/contracts/tickers';

/**
 * The newest posts that mention the ticker, each linking to its place on its publication's page, where its summary
 * is bought: these are candidates, as search results are.
 */
export function TickerPosts({ ticker, posts }: { ticker: string; posts: TickerDetail['latestPosts'] }) {
  return (
    <section aria-labelledby="ticker-posts-heading">
      <h2 id="ticker-posts-heading" className="text-xl font-bold tracking-tight">
        Latest posts that mention {ticker}
      </h2>
      {posts.length === 0 ? (
        <p className="mt-2 text-slate-700">No indexed post mentions {ticker}.</p>
      ) : (
        <ol className="mt-3 space-y-4">
          {posts.map((post) => (
            <li
              key={`${post.publicationSlug}/${post.slug}`}
              data-testid="ticker-post"
              className="rounded-xl border border-slate-200 bg-white p-4"
            >
              <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
                <Link
                  href={`/publications/${post.publicationSlug}`}
                  className="font-medium text-indigo-700 hover:underline"
                >
                  {post.publicationSlug}
                </Link>
                {post.publishedAt && ` · ${formatDate(new Date(post.publishedAt))}`}
              </p>
              <h3 className="mt-1 text-lg font-semibold text-slate-900">
                <Link
                  href={`/publications/${post.publicationSlug}#post-${post.slug}`}
                  className="hover:text-indigo-800 hover:underline"
                >
                  {post.title}
                </Link>
              </h3>
              {post.snippet && <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">{post.snippet}</p>}
              <ul className="mt-2 flex flex-wrap gap-2" aria-label="Why it is listed">
                {post.whyMatched.map((reason) => (
                  <li key={reason} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                    {reason}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
