import type { BoughtBrief } from '@/app/search/brief-actions';
import { formatDate } from '@/components/format';

/**
 * A bought research brief: each claim with its numbered citations (links to the source below), then the sources in
 * the order searched, each with the quotes of it that the answer cites, verbatim as the post has them.
 */
export function BriefAnswer({ brief }: { brief: BoughtBrief }) {
  return (
    <div className="space-y-4">
      <ol className="list-disc space-y-2 pl-5" aria-label="Answer" data-testid="brief-claims">
        {brief.claims.map((claim) => (
          <li
            key={`${claim.text}|${claim.sources.join()}`}
            className="leading-relaxed text-slate-900 [overflow-wrap:anywhere]"
          >
            {claim.text}{' '}
            {claim.sources.map((ref) => (
              <a
                key={ref}
                href={`#brief-source-${ref}`}
                className="font-semibold text-indigo-700 no-underline hover:underline"
                aria-label={`Source ${ref}`}
              >
                [{ref}]
              </a>
            ))}
          </li>
        ))}
      </ol>
      <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Sources</h4>
      <ol className="space-y-3" data-testid="brief-sources">
        {brief.sources.map((source) => (
          <li
            key={source.ref}
            id={`brief-source-${source.ref}`}
            className="rounded-lg border border-slate-200 bg-white p-3 [overflow-wrap:anywhere]"
          >
            <p className="text-sm text-slate-700">
              <span className="font-semibold text-slate-900">[{source.ref}]</span> {source.publicationSlug}
              {source.publishedAt && ` · ${formatDate(new Date(source.publishedAt))}`}
            </p>
            <p className="font-medium text-slate-900">{source.title}</p>
            {source.citations.map((citation) => (
              <blockquote
                key={`${citation.claim}-${citation.evidenceQuote}`}
                className="mt-2 border-l-4 border-indigo-200 pl-3 text-sm text-slate-800"
              >
                “{citation.evidenceQuote}”<span className="text-slate-600"> (claim {citation.claim})</span>
              </blockquote>
            ))}
          </li>
        ))}
      </ol>
    </div>
  );
}
