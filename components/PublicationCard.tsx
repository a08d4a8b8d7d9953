import Link from 'next/link';
import type { CatalogueEntry } from '@/lib/publications/catalogue';
import { CuratedBadge, SourceBadge } from './Badges';
import { PublicationAvatar } from './PublicationAvatar';
import { RecentPosts } from './RecentPosts';

/** One publication in the landing page catalogue: identity, description and its newest posts. */
export function PublicationCard({
  publication,
  defaultPriceCents,
}: {
  publication: CatalogueEntry;
  /** The price of a post without one of its own. */
  defaultPriceCents: number;
}) {
  const name = publication.title ?? publication.slug;
  const headingId = `pub-${publication.slug}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex w-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <header className="flex items-start gap-4">
        <PublicationAvatar slug={publication.slug} title={publication.title} imageUrl={publication.imageUrl} />
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-semibold leading-snug text-slate-900">
            <Link
              href={`/publications/${publication.slug}`}
              prefetch={false}
              className="hover:text-indigo-700 hover:underline"
            >
              {name}
            </Link>
          </h3>
          {publication.authorName && <p className="text-sm text-slate-700">by {publication.authorName}</p>}
          <div className="mt-2 flex flex-wrap gap-2">
            <SourceBadge kind={publication.sourceKind} platform={publication.platform} />
            {publication.isScoped && <CuratedBadge />}
          </div>
        </div>
      </header>
      {publication.description && (
        <p className="line-clamp-3 text-sm leading-relaxed text-slate-700">{publication.description}</p>
      )}
      <section aria-label={`Latest posts from ${name}`} className="mt-auto border-t border-slate-200 pt-4">
        <h4 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">Latest posts</h4>
        <RecentPosts
          publicationSlug={publication.slug}
          posts={publication.posts}
          defaultPriceCents={defaultPriceCents}
        />
      </section>
    </article>
  );
}
