export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl space-y-2 px-4 py-6 text-sm text-slate-700 sm:px-6">
        <p>
          <strong className="font-semibold text-slate-900">Demo data: synthetic content for trying the service.</strong>{' '}
          The embedded default database is seeded with a generated demo corpus: its publications, authors, posts,
          summaries and stock picks are fictional and are not investment advice.
        </p>
        <p>
          Machine-readable:{' '}
          <a href="/openapi.json" className="underline hover:text-indigo-700">
            OpenAPI 3.1
          </a>
          ,{' '}
          <a href="/.well-known/x402" className="underline hover:text-indigo-700">
            /.well-known/x402
          </a>
          ,{' '}
          <a href="/llms.txt" className="underline hover:text-indigo-700">
            llms.txt
          </a>
          .
        </p>
      </div>
    </footer>
  );
}
