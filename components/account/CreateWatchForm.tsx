'use client';

import { useActionState } from 'react';
import type { ActionResult } from '@/lib/dashboard/action-result';
import { BUTTON_PRIMARY, INPUT } from './styles';

interface Created {
  name: string;
  secret: string;
  feedUrl: string;
}

/** What to watch and where to send it; the signing secret and the feed URL are shown once, after creating. */
export function CreateWatchForm({
  action,
}: {
  action: (previous: unknown, form: FormData) => Promise<ActionResult<Created>>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <div className="space-y-4">
      <form action={formAction} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
          <label className="block text-sm font-medium text-slate-800">
            Watch
            <select name="kind" className={INPUT} defaultValue="ticker">
              <option value="ticker">A ticker</option>
              <option value="query">A topic</option>
              <option value="publication">A publication</option>
            </select>
          </label>
          <label className="block text-sm font-medium text-slate-800">
            Ticker, topic or publication
            <input
              name="subject"
              required
              maxLength={200}
              placeholder="e.g. NVDA, regional bank credit"
              className={INPUT}
            />
          </label>
        </div>
        <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
          <label className="block text-sm font-medium text-slate-800">
            Webhook URL (optional, https)
            <input name="webhookUrl" type="url" maxLength={2000} placeholder="https://…" className={INPUT} />
          </label>
          <label className="block text-sm font-medium text-slate-800">
            Topic confidence
            <select name="minConfidence" className={INPUT} defaultValue="weak">
              <option value="weak">Weak or better</option>
              <option value="strong">Strong only</option>
            </select>
          </label>
        </div>
        <button type="submit" className={BUTTON_PRIMARY} disabled={pending}>
          {pending ? 'Creating…' : 'Create watch'}
        </button>
      </form>
      {state && !state.ok && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
          {state.error}
        </p>
      )}
      {state?.ok && (
        <div role="status" className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
          <p className="font-semibold">Watching “{state.value.name}”.</p>
          <p className="mt-1 text-sm">Copy both now: this is the only time they are shown.</p>
          <p className="mt-3 text-sm font-medium">Webhook signing secret (Standard Webhooks)</p>
          <code data-testid="watch-secret" className="block break-all rounded-lg bg-white px-3 py-2 font-mono text-sm">
            {state.value.secret}
          </code>
          <p className="mt-3 text-sm font-medium">Feed URL (JSON Feed; add format=atom for Atom)</p>
          <code data-testid="watch-feed" className="block break-all rounded-lg bg-white px-3 py-2 font-mono text-sm">
            {state.value.feedUrl}
          </code>
        </div>
      )}
    </div>
  );
}
