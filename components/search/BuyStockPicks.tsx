'use client';

import { useState, useTransition } from 'react';
import type { BoughtPicks } from '@/app/search/actions';
import { buyStockPicksAction } from '@/app/search/actions';
import { ScrollTable } from '@/components/account/ScrollTable';
import { BUTTON_PRIMARY, TD } from '@/components/account/styles';
import { TickerLink } from '@/components/tickers/TickerLink';
import type { ActionResult } from '@/lib/dashboard/action-result';

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
  const [pending, startTransition] = useTransition();

  if (result?.ok) {
    const picks = result.value;
    return (
      <div role="status" data-testid="bought-picks" className="space-y-3">
        <p className="text-sm font-semibold text-emerald-900">
          Paid ${picks.amountUsd}: {picks.count} pick{picks.count === 1 ? '' : 's'}{' '}
          {picks.startDate === picks.endDate ? `of ${picks.dateUsed}` : `from ${picks.startDate} to ${picks.endDate}`}
        </p>
        <ScrollTable label="Stock picks" headings={['Ticker', 'Action', 'Conviction', 'Analyst', 'Article']}>
          {picks.items.map((pick) => (
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
