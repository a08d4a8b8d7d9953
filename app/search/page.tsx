import Link from 'next/link';
import { z } from 'zod';
import { GET as searchRoute } from '@/app/api/v1/search/route';
import { Panel } from '@/components/account/AccountPage';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, INPUT } from '@/components/account/styles';
import { formatDate, formatPrice } from '@/components/format';
import { AskBox } from '@/components/search/AskBox';
import { BuyStockPicks } from '@/components/search/BuyStockPicks';
import { BuySummary } from '@/components/search/BuySummary';
import type { TopicSearchResponse } from '@/lib/api/contracts/search';
import { appContext } from '@/lib/app/process-context';
import { signedInUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { postPriceCents } from '@/lib/payments/pricing';
import { quoteStockPicks } from '@/lib/picks/quote';
import { quoteBrief } from './brief-quote';
import { apiErrorMessage, callApi } from './call-api';

// The day of the stock-picks route's `date` parameter: a real calendar day as YYYY-MM-DD.
const PICKS_DAY = z.iso.date();

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Search' };

type SearchBody = typeof TopicSearchResponse._zod.output;

const EXAMPLES = ['semiconductor export controls this week', 'rate cuts last 3 days', 'latest energy stocks'];
const CONFIDENCE: Record<SearchBody['matchConfidence'], string> = {
  strong: 'Strong match',
  weak: 'Weak match: few posts share these terms',
  none: 'No good match',
};

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// A page of results, and the most the API gives at once (its `limit` is 1-30).
const PAGE = 10;
const MOST = 30;

async function runSearch(q: string, mode: string, limit: number): Promise<{ body: SearchBody } | { error: string }> {
  const query = new URLSearchParams({ q, mode, limit: String(limit) });
  const response = await callApi(searchRoute, `/api/v1/search?${query}`);
  if (response.ok) return { body: (await response.json()) as SearchBody };
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string; issues?: { q?: string[] } } | null;
  if (body?.code === 'invalid_query') return { error: `The search ${body.issues?.q?.[0] ?? 'is not valid'}.` };
  return { error: await apiErrorMessage(response) };
}

export default async function SearchPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const q = first(params.q)?.trim() ?? '';
  const mode = first(params.mode) === 'fts' ? 'fts' : 'hybrid';
  const limit = first(params.limit) === String(MOST) ? MOST : PAGE;
  const picksDay = first(params.picksDate) || undefined;
  const ask = first(params.ask)?.trim() ?? '';
  // A day the API would refuse is said so here too, instead of quietly showing another day's picks.
  const badPicksDay = picksDay !== undefined && !PICKS_DAY.safeParse(picksDay).success;
  const setup = (await appContext()).payments;
  const [user, result, picks, briefQuote] = await Promise.all([
    signedInUser(),
    q ? runSearch(q, mode, limit) : Promise.resolve(null),
    badPicksDay ? Promise.resolve(null) : quoteStockPicks(await getDb(), picksDay ?? null, setup),
    ask ? quoteBrief(ask) : Promise.resolve(null),
  ]);

  return (
    <div className="space-y-10">
      <section aria-labelledby="search-heading">
        <h1 id="search-heading" className="text-3xl font-bold tracking-tight">
          Search posts
        </h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          Free topic search over every indexed newsletter and podcast. Add a time phrase such as “this week”, “last 3
          days” or “latest”. Summaries and stock picks are paid per request.
        </p>
        <form method="get" action="/search" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <label className="block flex-1 text-sm font-medium text-slate-800">
            Topic
            <input name="q" type="search" defaultValue={q} required minLength={2} maxLength={500} className={INPUT} />
          </label>
          <label className="block text-sm font-medium text-slate-800">
            Mode
            <select
              name="mode"
              defaultValue={mode}
              className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
            >
              <option value="hybrid">Hybrid (words and meaning)</option>
              <option value="fts">Words only</option>
            </select>
          </label>
          <button type="submit" className={BUTTON_PRIMARY}>
            Search
          </button>
        </form>
        {!q && (
          <p className="mt-3 flex flex-wrap gap-2 text-sm">
            <span className="text-slate-700">Try:</span>
            {EXAMPLES.map((example) => (
              <Link key={example} href={`/search?q=${encodeURIComponent(example)}`} className={BUTTON_SECONDARY}>
                {example}
              </Link>
            ))}
          </p>
        )}
      </section>

      {result && 'error' in result && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
          {result.error}
        </p>
      )}
      {result && 'body' in result && (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading" className="text-xl font-semibold tracking-tight">
            {result.body.count} of {result.body.totalCount} posts
          </h2>
          <p className="mt-1 text-sm text-slate-700" data-testid="search-confidence">
            {CONFIDENCE[result.body.matchConfidence]} · {result.body.mode === 'hybrid' ? 'hybrid' : 'words only'}
            {result.body.timeWindow &&
              ` · ${result.body.timeWindow.label.replaceAll('_', ' ')} (${formatDate(new Date(result.body.timeWindow.startIso))} to ${formatDate(new Date(result.body.timeWindow.endIso))})`}
            {result.body.freshnessCoverage?.staleFallbackMode && ' · few posts in that window, older ones included'}
          </p>
          {!user && result.body.count > 0 && (
            <p className="mt-3 rounded-lg border border-indigo-200 bg-indigo-50 p-3 text-indigo-950">
              <Link
                href={`/signin?callbackUrl=${encodeURIComponent(`/search?q=${encodeURIComponent(q)}`)}`}
                className="font-semibold underline"
              >
                Sign in
              </Link>{' '}
              to buy summaries with your free weekly allowance or credits.
            </p>
          )}
          <ol className="mt-4 space-y-4">
            {result.body.items.map((item) => {
              const price = formatPrice(postPriceCents(item.priceCents ?? null, setup.prices.defaultPostCents));
              return (
                <li
                  key={`${item.publicationSlug}/${item.slug}`}
                  data-testid="search-result"
                  className="rounded-xl border border-slate-200 bg-white p-4"
                >
                  <p className="text-sm text-slate-700">
                    <Link
                      href={`/publications/${item.publicationSlug}`}
                      className="font-medium text-indigo-700 hover:underline"
                    >
                      {item.publicationSlug}
                    </Link>
                    {item.publishedAt && ` · ${formatDate(new Date(item.publishedAt))}`} · relevance{' '}
                    {Math.round(item.relevanceScore)}
                  </p>
                  <h3 className="mt-1 text-lg font-semibold text-slate-900">{item.title}</h3>
                  {item.snippet && <p className="mt-1 text-slate-700">{item.snippet}</p>}
                  {item.whyMatched.length > 0 && (
                    <ul className="mt-2 flex flex-wrap gap-2" aria-label="Why it matched">
                      {item.whyMatched.map((reason) => (
                        <li key={reason} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                          {reason}
                        </li>
                      ))}
                    </ul>
                  )}
                  {user ? (
                    <BuySummary
                      publicationSlug={item.publicationSlug}
                      postSlug={item.slug}
                      price={price}
                      title={item.title}
                    />
                  ) : (
                    <p className="mt-3 text-sm text-slate-700">Summary: {price}</p>
                  )}
                </li>
              );
            })}
          </ol>
          {result.body.totalCount > result.body.count && (
            <p className="mt-4 text-sm text-slate-700">
              {limit < MOST ? (
                <Link
                  href={`/search?${new URLSearchParams({ q, mode, limit: String(MOST) })}`}
                  className={BUTTON_SECONDARY}
                >
                  Show the first {Math.min(MOST, result.body.totalCount)}
                </Link>
              ) : (
                `${result.body.totalCount - result.body.count} more match: narrow the topic or add a time phrase.`
              )}
            </p>
          )}
        </section>
      )}

      <Panel title="Ask: a research brief" id="ask">
        <AskBox question={ask} quote={briefQuote} signedIn={user !== null} q={q} />
      </Panel>

      <Panel title="Stock picks" id="stock-picks">
        <form method="get" action="/search" className="mb-4 flex flex-wrap items-end gap-3">
          {q && <input type="hidden" name="q" value={q} />}
          <label className="block text-sm font-medium text-slate-800">
            Day (UTC)
            <input
              name="picksDate"
              type="date"
              defaultValue={picks?.day ?? (badPicksDay ? '' : picksDay) ?? ''}
              className={INPUT}
            />
          </label>
          <button type="submit" className={BUTTON_SECONDARY}>
            Show price
          </button>
        </form>
        {badPicksDay ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
            {`“${picksDay.slice(0, 40)}” is not a day: give one as YYYY-MM-DD.`}
          </p>
        ) : !picks ? (
          <p className="text-slate-700">No stock picks were extracted for that day.</p>
        ) : user ? (
          <BuyStockPicks day={picks.day} price={formatPrice(picks.priceCents)} articles={picks.articles} />
        ) : (
          <p className="text-slate-700">
            The picks of {picks.day} cost {formatPrice(picks.priceCents)} ({picks.articles} source articles).{' '}
            <Link href="/signin?callbackUrl=%2Fsearch" className="font-semibold text-indigo-700 underline">
              Sign in
            </Link>{' '}
            to buy them.
          </p>
        )}
      </Panel>
    </div>
  );
}
