import Link from 'next/link';
import type { QuoteResult } from '@/app/search/brief-quote';
import { BUTTON_PRIMARY, INPUT } from '@/components/account/styles';
import { formatDate } from '@/components/format';
import { BuyBrief } from './BuyBrief';

/**
 * The search page's Ask box: a question, the price the API quotes for its brief with the source articles it would
 * read (nothing is charged to see them), and for a signed-in person a Buy button that shows the cited answer.
 */
export function AskBox({
  question,
  quote,
  signedIn,
  q,
}: {
  question: string;
  quote: QuoteResult | null;
  signedIn: boolean;
  /** The search on the page, kept when a question is asked. */
  q: string;
}) {
  return (
    <div className="space-y-4" data-testid="ask-box">
      <p className="max-w-3xl text-slate-700">
        A research brief answers a question from the posts search finds for it: every claim cites its source with a
        quote found word for word in the post. It is priced per source article read.
      </p>
      <form method="get" action="/search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        {q && <input type="hidden" name="q" value={q} />}
        <label className="block flex-1 text-sm font-medium text-slate-800">
          Question
          <input
            name="ask"
            type="text"
            defaultValue={question}
            required
            minLength={3}
            maxLength={500}
            placeholder="What are newsletters saying about regional bank credit this month?"
            className={INPUT}
          />
        </label>
        <button type="submit" className={BUTTON_PRIMARY}>
          Show price
        </button>
      </form>
      {quote && 'error' in quote && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
          {quote.error}
        </p>
      )}
      {quote && 'none' in quote && (
        <p role="status" data-testid="brief-none" className="rounded-lg border border-slate-200 bg-slate-50 p-3">
          {quote.none} Nothing is charged for that question.
        </p>
      )}
      {quote && 'quote' in quote && (
        <div data-testid="brief-quote" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <p className="font-medium text-slate-900">
            This brief costs <span data-testid="brief-price">${quote.quote.amountUsd}</span>: it reads{' '}
            {quote.quote.sources.length} source article{quote.quote.sources.length === 1 ? '' : 's'}.
          </p>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-800" aria-label="Sources quoted">
            {quote.quote.sources.map((source) => (
              <li key={`${source.publicationSlug}/${source.postSlug}`} className="[overflow-wrap:anywhere]">
                <span className="font-medium text-slate-900">{source.title ?? source.postSlug}</span>
                {' · '}
                {source.publicationTitle ?? source.publicationSlug}
                {source.publishedAt && ` · ${formatDate(source.publishedAt)}`}
              </li>
            ))}
          </ol>
          {signedIn ? (
            <BuyBrief question={quote.quote.question} quote={quote.quote.quote} price={`$${quote.quote.amountUsd}`} />
          ) : (
            <p className="text-sm text-slate-700">
              <Link
                href={`/signin?callbackUrl=${encodeURIComponent(`/search?ask=${encodeURIComponent(question)}`)}`}
                className="font-semibold text-indigo-700 underline"
              >
                Sign in
              </Link>{' '}
              to buy it with your free weekly allowance or credits.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
