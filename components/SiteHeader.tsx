import Link from 'next/link';
import { signedInUser } from '@/lib/auth/session';

// /docs, /openapi.json and /llms.txt are route handlers, not pages: plain anchors, so no client-side navigation.
const LINKS = [
  { href: '/search', label: 'Search' },
  { href: '/publications', label: 'Publications' },
  { href: '/docs', label: 'API reference' },
  { href: '/openapi.json', label: 'OpenAPI' },
  { href: '/llms.txt', label: 'llms.txt' },
];

export const SERVICE_NAME = 'Financial Publications Research API';

/** Who is signed in, for the header link; a page still renders when that cannot be told (database down). */
async function headerUser() {
  try {
    return await signedInUser();
  } catch (error) {
    // Next signals "render this page per request" by throwing; that must reach Next, not be taken for a failure.
    if (typeof (error as { digest?: unknown })?.digest === 'string') throw error;
    console.error('[header] sign-in state unavailable:', error);
    return null;
  }
}

export async function SiteHeader() {
  const user = await headerUser();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <Link href="/" className="flex items-center gap-2 font-semibold text-slate-900">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6 text-indigo-700"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M4 19V5m0 14h16M8 15l4-4 3 3 5-6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {SERVICE_NAME}
        </Link>
        <nav aria-label="Main">
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium">
            {LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="text-slate-700 hover:text-indigo-700 hover:underline">
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <Link
                href={user ? '/account' : '/signin'}
                className="rounded-md bg-indigo-700 px-3 py-1 text-white hover:bg-indigo-800"
              >
                {user ? 'Account' : 'Sign in'}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
