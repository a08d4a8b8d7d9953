'use client';

import { type ReactNode, useActionState, useState } from 'react';
import type { ActionResult } from '@/lib/dashboard/action-result';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, INPUT } from './styles';

interface Created {
  name: string;
  /** The raw secret: shown here once. */
  key?: string;
  token?: string;
}

/**
 * A "name it, create it" form for API keys and agent tokens. The new secret is shown once, with a copy button and
 * a warning; reloading the page shows only its prefix or name from then on.
 */
export function CreateSecretForm({
  action,
  label,
  placeholder,
  usage,
  options,
}: {
  action: (previous: unknown, form: FormData) => Promise<ActionResult<Created>>;
  label: string;
  placeholder: string;
  usage: string;
  /** Optional fields of the form under the name (an API key's spend cap). */
  options?: ReactNode;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const [copied, setCopied] = useState(false);
  const secret = state?.ok ? (state.value.key ?? state.value.token) : undefined;

  return (
    <div className="space-y-4">
      <form action={formAction} className="space-y-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <label className="block flex-1 text-sm font-medium text-slate-800">
            {label}
            <input name="name" required maxLength={100} placeholder={placeholder} className={INPUT} />
          </label>
          <button type="submit" className={BUTTON_PRIMARY} disabled={pending}>
            {pending ? 'Creating…' : 'Create'}
          </button>
        </div>
        {options}
      </form>
      {state && !state.ok && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
          {state.error}
        </p>
      )}
      {secret && (
        <div role="status" className="rounded-xl border border-emerald-300 bg-emerald-50 p-4">
          <p className="font-semibold text-emerald-950">“{state?.ok && state.value.name}” created.</p>
          <p className="mt-1 text-sm text-emerald-950">
            Copy it now: this is the only time it is shown. We keep only a hash of it. {usage}
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
            <code data-testid="new-secret" className="block break-all rounded-lg bg-white px-3 py-2 font-mono text-sm">
              {secret}
            </code>
            <button
              type="button"
              className={BUTTON_SECONDARY}
              onClick={async () => {
                await navigator.clipboard.writeText(secret);
                setCopied(true);
              }}
            >
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
