'use client';

import { useState, useTransition } from 'react';
import type { BoughtPicks } from '@/app/search/actions';
import { buyStockPicksAction } from '@/app/search/actions';
import { ScrollTable } from '@/components/account/ScrollTable';
import { BUTTON_PRIMARY, TD } from '@/components/account/styles';
import { TickerLink } from '@/components/tickers/TickerLink';
import type { ActionResult } from '@/lib/dashboard/action-result';

type Pick = BoughtPicks['items'][number];
type PickOrder = 'newest' | 'hitRate' | 'meanExcess';
const PICK_ORDERS: Record<PickOrder, string> = {
  newest: 'Newest article first',
  hitRate: 'Publication’s hit rate',
  meanExcess: 'Publication’s mean excess return',
};

const pct = (x: number | null) => (x === null ? null : `${(x * 100).toFixed(1)}%`);

/** The publication's record beside a pick: hit rate and mean excess at 30 trading days, or why there is none. */
function recordText(record: Pick['publicationRecord']): string {
  const mean = pct(record.meanExcessReturn);
  if (mean === null) return 'No scored calls yet';
  const hit = pct(record.hitRate);
  return `${hit === null ? `${record.scoredCalls} scored (too few for a rate)` : `${hit} hits of ${record.scoredCalls}`} · mean ${mean} vs ${record.benchmark}`;
}

/** Picks by their publication's record, best first (picks without a figure last; the API's order breaks ties). */
function orderPicks(items: Pick[], order: PickOrder): Pick[] {
  if (order === 'newest') return items;
  const key = (pick: Pick) =>
    order === 'hitRate' ? pick.publicationRecord.hitRate : pick.publicationRecord.meanExcessReturn;
  return items
    .map((pick, index) => ({ pick, index, value: key(pick) }))
    .sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity) || a.index - b.index)
    .map(({ pick }) => pick);
}

/**
 * A day's stock picks: the price (from the day's source articles) on the button, the picks once paid, each ticker
 * linking to its page. `buy` and `label` sell another selection the same way (a ticker's last N days).
 */
export function BuyStockPicks({
  day,
  price,
  articles,
  label,
  buy,
}: {
  day: string;
  price: string;
  articles: number;
  label?: string;
  buy?: () => Promise<ActionResult<BoughtPicks>>;
}) {
  const [result, setResult] = useState<ActionResult<BoughtPicks> | null>(null);
  const [order, setOrder] = useState<PickOrder>('newest');
  const [pending, startTransition] = useTransition();

  if (result?.ok) {
    const picks = result.value;
    return (
      <div role="status" data-testid="bought-picks" className="space-y-3">
        <p className="text-sm font-semibold text-emerald-900">
          Paid ${picks.amountUsd}: {picks.count} pick{picks.count === 1 ? '' : 's'}{' '}
          {picks.startDate === picks.endDate ? `of ${picks.dateUsed}` : `from ${picks.startDate} to ${picks.endDate}`}
        </p>
        <label className="block text-sm text-slate-800">
          Order by{' '}
          <select
            className="rounded border border-slate-300 px-2 py-1"
            value={order}
            onChange={(event) => setOrder(event.target.value as PickOrder)}
            data-testid="picks-order"
          >
            {Object.entries(PICK_ORDERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <ScrollTable
          label="Stock picks"
          headings={['Ticker', 'Action', 'Conviction', 'Analyst', 'Article', 'Publication’s record (30 days)']}
        >
          {orderPicks(picks.items, order).map((pick) => (
            <tr key={pick.id}>
              <td className={`${TD} font-mono font-semibold`}>
                <TickerLink ticker={pick.ticker} />
              </td>
              <td className={TD}>
                {pick.direction} · {pick.action.replaceAll('_', ' ').toLowerCase()}
              </td>
              <td className={TD}>{pick.convictionLabel}</td>
              <td className={TD}>{pick.author}</td>
              <td className={TD}>{pick.articleTitle}</td>
              <td className={TD} data-testid="pick-record">
                {recordText(pick.publicationRecord)}
              </td>
            </tr>
          ))}
        </ScrollTable>
      </div>
    );
  }
  return (
    <div>
      <button
        type="button"
        className={BUTTON_PRIMARY}
        disabled={pending}
        onClick={() => startTransition(async () => setResult(await (buy ? buy() : buyStockPicksAction(day))))}
      >
        {pending ? 'Paying…' : `${label ?? `Buy stock picks of ${day}`} · ${price}`}
      </button>
      <p className="mt-2 text-sm text-slate-700">
        Drawn from {articles} article{articles === 1 ? '' : 's'}; the price is per source article.
      </p>
      {result && !result.ok && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {result.error}
        </p>
      )}
    </div>
  );
}
