'use client';

import { useEffect, useRef, useState, useTransition } from 'react';
import type { BoughtSummary } from '@/app/search/actions';
import { buySummaryAction } from '@/app/search/actions';
import { BUTTON_PRIMARY } from '@/components/account/styles';
import { SummaryText } from '@/components/tickers/SummaryText';
import type { ActionResult } from '@/lib/dashboard/action-result';

/**
 * How long to wait before asking again for a summary that is still being written: the job takes about a second, so
 * the first tries come soon; about 20 s in all before saying it is taking longer. Each try that finds it unwritten
 * charges nothing.
 */
const WRITING_RETRY_MS = [500, 1000, 1500, 2000, 3000, 4000, 4000, 4000];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * "Buy summary · $0.10": one click pays (allowance first, then credits) and shows the summary in place. A summary
 * that is still being written is waited for, the button saying so, and shown (and paid) once it is there.
 */
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
  const [writing, setWriting] = useState(false);
  const [pending, startTransition] = useTransition();
  const gone = useRef(false);
  useEffect(
    () => () => {
      gone.current = true;
    },
    [],
  );

  async function buy() {
    setResult(null);
    for (let attempt = 0; ; attempt++) {
      const outcome = await buySummaryAction(publicationSlug, postSlug);
      if (gone.current) return;
      // While waiting, a refusal for asking too often (the generation limit) is one more reason to wait.
      const waiting = !outcome.ok && attempt > 0 && outcome.code === 'rate_limited';
      if (outcome.ok || (outcome.code !== 'summary_not_ready' && !waiting)) {
        setWriting(false);
        setResult(outcome);
        return;
      }
      if (attempt === WRITING_RETRY_MS.length) {
        setWriting(false);
        setResult({
          ok: false,
          error: 'This summary is still being written. Try again in a minute. You were not charged.',
        });
        return;
      }
      setWriting(true);
      const retryAfterMs = waiting ? Math.min(outcome.retryAfterSeconds ?? 3, 5) * 1000 : 0;
      await sleep(Math.max(WRITING_RETRY_MS[attempt]!, retryAfterMs));
    }
  }

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
        <SummaryText text={value.summary} className="mt-2 whitespace-pre-line leading-relaxed text-slate-900" />
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
        onClick={() => startTransition(buy)}
      >
        {writing ? 'Writing the summary…' : pending ? 'Paying…' : `Buy summary · ${price}`}
      </button>
      {writing && (
        <p role="status" data-testid="summary-writing" className="mt-2 text-sm text-slate-700">
          The summary is being written: it appears here in a few seconds. You are charged only once it does.
        </p>
      )}
      {result && !result.ok && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {result.error}
        </p>
      )}
    </div>
  );
}
