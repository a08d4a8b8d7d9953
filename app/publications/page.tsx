import Link from 'next/link';
import { CatalogueGrid } from '@/components/CatalogueGrid';
import { appContext } from '@/lib/app/process-context';
import { getDb } from '@/lib/db/client';
import { listCatalogue } from '@/lib/publications/catalogue';

// The catalogue changes as feeds sync: rendered per request.
export const dynamic = 'force-dynamic';
export const metadata = {
  title: 'Publications',
  description: 'Every newsletter and podcast indexed here, curated publishers first, with their newest posts.',
};

const POSTS_PER_PUBLICATION = 3;

export default async function PublicationsPage() {
  const catalogue = await listCatalogue(await getDb(), { postsPerPublication: POSTS_PER_PUBLICATION });
  return (
    <section aria-labelledby="publications-heading">
      <h1 id="publications-heading" className="text-3xl font-bold tracking-tight">
        Publications
      </h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        {catalogue.length === 0
          ? 'No publications are indexed yet.'
          : `${catalogue.length} indexed, curated publishers first, each with its newest posts. `}
        {catalogue.length > 0 && (
          <>
            Open one to buy a post&apos;s summary, or{' '}
            <Link href="/search" className="font-medium text-indigo-700 underline hover:text-indigo-900">
              search them all
            </Link>{' '}
            by topic.
          </>
        )}
      </p>
      <CatalogueGrid catalogue={catalogue} defaultPriceCents={(await appContext()).payments.prices.defaultPostCents} />
    </section>
  );
}
