import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { buyTickerPicksAction } from '@/app/tickers/actions';
import { formatPrice } from '@/components/format';
import { requestOrigin } from '@/components/request-origin';
import { BuyStockPicks } from '@/components/search/BuyStockPicks';
import { TickerPosts } from '@/components/tickers/TickerPosts';
import { TickerWindows } from '@/components/tickers/TickerWindows';
import { Ticker, type TickerDetail } from '@/lib/api/contracts/tickers';
import { appContext } from '@/lib/app/process-context';
import { signedInUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { quotePicks } from '@/lib/picks/quote';
import { getTickerDetail } from '@/lib/tickers/get-detail';

export const dynamic = 'force-dynamic';

const POST_LIMIT = 20;
// The range the page sells: the middle window, long enough to hold most tickers' calls.
const BUY_DAYS = 30;

type Props = { params: Promise<{ ticker: string }> };

// generateMetadata and the page both need the ticker: cache() loads it once per request.
const loadTicker = cache(async (param: string): Promise<TickerDetail | null> => {
  const ticker = Ticker.safeParse(safeDecode(param));
  if (!ticker.success) return null;
  try {
    return await getTickerDetail(await getDb(), ticker.data, { postLimit: POST_LIMIT });
  } catch (error) {
    if ((error as { code?: unknown })?.code === 'not_found') return null;
    throw error;
  }
});

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const detail = await loadTicker((await params).ticker);
  if (!detail) return { title: 'Ticker not found' };
  const name = detail.company ? `${detail.ticker} (${detail.company.name})` : detail.ticker;
  return { title: name, description: `What financial newsletters say about ${name}: mentions, calls and posts.` };
}

export default async function TickerRoute({ params }: Props) {
  const { ticker: param } = await params;
  const [detail, origin, user] = await Promise.all([loadTicker(param), requestOrigin(), signedInUser()]);
  if (!detail) notFound();
  // One address per ticker: "nvda", "$NVDA" and "brk-b" move to NVDA and BRK.B.
  if (safeDecode(param) !== detail.ticker) permanentRedirect(`/tickers/${encodeURIComponent(detail.ticker)}`);

  const setup = (await appContext()).payments;
  const quote = user
    ? await quotePicks(await getDb(), { day: null, days: BUY_DAYS, ticker: detail.ticker }, setup)
    : null;
  const apiPath = `/api/v1/tickers/${encodeURIComponent(detail.ticker)}`;
  const picksPath = `/api/v1/stock-picks?ticker=${encodeURIComponent(detail.ticker)}&days=${BUY_DAYS}`;

  return (
    <div className="space-y-10">
      <section aria-labelledby="ticker-heading">
        <nav aria-label="Breadcrumb" className="mb-4 text-sm">
          <Link href="/search" className="text-indigo-700 underline hover:text-indigo-900">
            ← Search
          </Link>
        </nav>
        <h1 id="ticker-heading" className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
          <span className="font-mono">{detail.ticker}</span>
          {detail.company && <span className="text-slate-700"> · {detail.company.name}</span>}
        </h1>
        <p className="mt-2 text-sm text-slate-700" data-testid="ticker-company">
          {detail.company
            ? `${detail.company.type === 'ETF' ? 'ETF' : 'Equity'} · ${detail.company.exchange ?? 'exchange unknown'}`
            : 'Not in the reference company list: known from the posts that mention it.'}
        </p>
        <p className="mt-3 max-w-3xl text-slate-700">
          What the indexed newsletters and podcasts say about {detail.ticker}: the posts that mention it, the calls
          extracted from them, and who made them. Free as JSON for agents:{' '}
          <a
            href={apiPath}
            className="font-mono text-indigo-700 underline hover:text-indigo-900 [overflow-wrap:anywhere]"
          >
            {apiPath}
          </a>
        </p>
      </section>

      <TickerWindows windows={detail.windows} />

      <section aria-labelledby="buy-heading">
        <h2 id="buy-heading" className="text-xl font-bold tracking-tight">
          The calls themselves
        </h2>
        <p className="mt-2 max-w-3xl text-sm text-slate-700">
          Each call with its analyst, conviction and evidence quote is paid, per source article. Agents call{' '}
          <span className="font-mono [overflow-wrap:anywhere]">{`${origin}${picksPath}`}</span>.
        </p>
        <div className="mt-3">
          {!user ? (
            <p className="text-sm text-slate-700">
              <Link
                href={`/signin?callbackUrl=${encodeURIComponent(`/tickers/${detail.ticker}`)}`}
                className="font-medium text-indigo-700 underline hover:text-indigo-900"
              >
                Sign in
              </Link>{' '}
              to buy them with your free weekly allowance or your credits.
            </p>
          ) : quote ? (
            <BuyStockPicks
              day={quote.day}
              price={formatPrice(quote.priceCents)}
              articles={quote.articles}
              label={`Buy ${detail.ticker} calls of the last ${BUY_DAYS} days`}
              buy={buyTickerPicksAction.bind(null, detail.ticker, BUY_DAYS)}
            />
          ) : (
            <p className="text-sm text-slate-700">
              No calls on {detail.ticker} in the last {BUY_DAYS} days.
            </p>
          )}
        </div>
      </section>

      <section aria-labelledby="publications-heading">
        <h2 id="publications-heading" className="text-xl font-bold tracking-tight">
          Publications that called it
        </h2>
        {detail.publications.length === 0 ? (
          <p className="mt-2 text-slate-700">No publication has made a call on {detail.ticker}.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {detail.publications.map((publication) => (
              <li
                key={publication.publicationSlug}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4"
              >
                <Link
                  href={`/publications/${publication.publicationSlug}`}
                  className="font-medium text-indigo-700 underline hover:text-indigo-900 [overflow-wrap:anywhere]"
                >
                  {publication.title ?? publication.publicationSlug}
                </Link>
                <span className="text-sm text-slate-700">
                  {publication.calls} call{publication.calls === 1 ? '' : 's'}, latest {publication.lastCallDate}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <TickerPosts ticker={detail.ticker} posts={detail.latestPosts} />
    </div>
  );
}
