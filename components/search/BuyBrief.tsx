'use client';

import { useState, useTransition } from 'react';
import type { BoughtBrief } from '@/app/search/brief-actions';
import { buyBriefAction } from '@/app/search/brief-actions';
import { BUTTON_PRIMARY } from '@/components/account/styles';
import type { ActionResult } from '@/lib/dashboard/action-result';
import { BriefAnswer } from './BriefAnswer';

/**
 * "Buy brief · $0.50": one click pays the price shown (allowance first, then credits) and shows the answer with its
 * citations in place. Should other posts answer by then, nothing is charged: the page offers the new price instead.
 */
export function BuyBrief({ question, quote, price }: { question: string; quote: string; price: string }) {
  const [result, setResult] = useState<ActionResult<BoughtBrief> | null>(null);
  const [pending, startTransition] = useTransition();

  if (result?.ok) {
    const brief = result.value;
    const paid = brief.paymentInfo;
    return (
      <div role="status" data-testid="bought-brief" className="rounded-xl border border-emerald-300 bg-emerald-50 p-4">
        <p className="mb-3 text-sm font-semibold text-emerald-950">
          Paid ${paid?.amountUsd ?? '0.00'} from{' '}
          {paid?.spendSource === 'sponsored' ? 'your weekly allowance' : 'your credits'} · {brief.sources.length} source
          {brief.sources.length === 1 ? '' : 's'}
        </p>
        <BriefAnswer brief={brief} />
      </div>
    );
  }
  return (
    <div>
      <button
        type="button"
        className={`${BUTTON_PRIMARY} w-full sm:w-auto`}
        disabled={pending}
        onClick={() => startTransition(async () => setResult(await buyBriefAction(question, quote)))}
      >
        {pending ? 'Writing the brief…' : `Buy brief · ${price}`}
      </button>
      {result && !result.ok && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {result.error}{' '}
          {result.code === 'quote_changed' && (
            <a
              href={`/search?ask=${encodeURIComponent(question)}`}
              data-testid="brief-new-price"
              className="font-semibold underline"
            >
              Show the new price
            </a>
          )}
        </p>
      )}
    </div>
  );
}
