'use client';

import { useState, useTransition } from 'react';
import type { BoughtSummary } from '@/app/search/actions';
import { buySummaryAction } from '@/app/search/actions';
import { BUTTON_PRIMARY } from '@/components/account/styles';
import type { ActionResult } from '@/lib/dashboard/action-result';

/** "Buy summary · $0.10": one click pays (allowance first, then credits) and shows the summary in place. */
export function BuySummary({
  publicationSlug,
  postSlug,
  price,
  title,
}: {
  publicationSlug: string;
  postSlug: string;
  price: string;
  title: string;
}) {
  const [result, setResult] = useState<ActionResult<BoughtSummary> | null>(null);
  const [pending, startTransition] = useTransition();

  if (result?.ok) {
    const { value } = result;
    return (
      <div
        role="status"
        data-testid="bought-summary"
        className="mt-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4"
      >
        <p className="text-sm font-semibold text-emerald-950">
          Paid ${value.amountUsd} from {value.spendSource === 'sponsored' ? 'your weekly allowance' : 'your credits'}
        </p>
        <p className="mt-2 whitespace-pre-line leading-relaxed text-slate-900">{value.summary}</p>
        <a href={value.url} className="mt-2 inline-block text-sm font-medium text-indigo-700 underline" rel="noopener">
          Read the original post
        </a>
      </div>
    );
  }
  return (
    <div className="mt-3">
      <button
        type="button"
        className={BUTTON_PRIMARY}
        disabled={pending}
        aria-label={`Buy summary · ${price}: “${title}”`}
        onClick={() => startTransition(async () => setResult(await buySummaryAction(publicationSlug, postSlug)))}
      >
        {pending ? 'Paying…' : `Buy summary · ${price}`}
      </button>
      {result && !result.ok && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {result.error}
        </p>
      )}
    </div>
  );
}
