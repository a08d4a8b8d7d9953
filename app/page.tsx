import { CatalogueGrid } from '@/components/CatalogueGrid';
import { Features } from '@/components/Features';
import { ForAgents } from '@/components/ForAgents';
import { PrimaryActions } from '@/components/PrimaryActions';
import { requestOrigin } from '@/components/request-origin';
import { appContext } from '@/lib/app/process-context';
import { getDb } from '@/lib/db/client';
import { type CatalogueEntry, listCatalogue } from '@/lib/publications/catalogue';

// The catalogue changes as feeds sync; render per request rather than at build time (there is no database then).
export const dynamic = 'force-dynamic';

const POSTS_PER_PUBLICATION = 3;

async function loadCatalogue(): Promise<CatalogueEntry[] | null> {
  try {
    return await listCatalogue(await getDb(), { postsPerPublication: POSTS_PER_PUBLICATION });
  } catch (error) {
    // The rest of the page (what the service is, how agents use it) is still worth serving.
    console.error('[home] catalogue unavailable:', error);
    return null;
  }
}

export default async function HomePage() {
  const [catalogue, origin] = await Promise.all([loadCatalogue(), requestOrigin()]);
  const sample = catalogue?.find((entry) => entry.posts.length > 0);
  const samplePost = sample ? { publication: sample.slug, post: sample.posts[0]!.slug } : null;

  return (
    <>
      <section aria-labelledby="hero-heading" className="max-w-3xl">
        <h1 id="hero-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Research premium financial newsletters and podcasts, one paid answer at a time
        </h1>
        <p className="mt-4 text-lg leading-relaxed text-slate-700">
          Search Substack, Beehiiv and Ghost newsletters, RSS blogs, podcasts and e-mail newsletters for free. Pay per
          request for an AI-synthesized summary of a post or for the day&apos;s stock picks extracted from posts. Built
          for people and for agents: nothing to subscribe to, every paid request is charged on its own.
        </p>
        <PrimaryActions className="mt-6" />
      </section>

      <Features />
      <ForAgents origin={origin} samplePost={samplePost} />

      <section id="catalogue" aria-labelledby="catalogue-heading" className="mt-16 scroll-mt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="catalogue-heading" className="text-2xl font-bold tracking-tight">
            Publications
          </h2>
          {catalogue && catalogue.length > 0 && (
            <p className="text-sm text-slate-700">
              {catalogue.length} indexed · curated publishers first · newest posts shown
            </p>
          )}
        </div>
        {catalogue === null ? (
          <p role="status" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
            The catalogue is unavailable right now. Please try again shortly.
          </p>
        ) : catalogue.length === 0 ? (
          <p className="mt-4 text-slate-700">No publications are indexed yet.</p>
        ) : (
          <CatalogueGrid
            catalogue={catalogue}
            defaultPriceCents={(await appContext()).payments.prices.defaultPostCents}
          />
        )}
      </section>
    </>
  );
}
