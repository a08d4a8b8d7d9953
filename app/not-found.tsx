import { PrimaryActions } from '@/components/PrimaryActions';

export const metadata = { title: 'Page not found' };

/** The website's 404. API paths keep their JSON 404 (app/api/[...path]). */
export default function NotFound() {
  return (
    <section aria-labelledby="not-found-heading" className="mx-auto max-w-xl py-12 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">404</p>
      <h1 id="not-found-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
        We couldn&apos;t find that page
      </h1>
      <p className="mt-4 leading-relaxed text-slate-700">
        Nothing lives at this address. Looking for a publication? They are addressed by their site&apos;s host, for
        example <code className="rounded bg-slate-100 px-1 font-mono text-sm">/publications/example.substack.com</code>,
        and all of them are listed on{' '}
        <a href="/publications" className="font-medium text-indigo-700 underline hover:text-indigo-900">
          the publications page
        </a>
        .
      </p>
      <PrimaryActions className="mt-8 justify-center" />
    </section>
  );
}
