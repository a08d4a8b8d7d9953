'use client';

import { signOut } from 'next-auth/react';

/** Signing out also revokes this browser's session token on the server (lib/auth/options.ts, events.signOut). */
export function SignOutButton() {
  return (
    <button
      type="button"
      onClick={() => signOut({ callbackUrl: '/' })}
      className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:border-indigo-700 hover:text-indigo-800"
    >
      Sign out
    </button>
  );
}
