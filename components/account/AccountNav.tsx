import Link from 'next/link';

const SECTIONS = [
  { href: '/account', label: 'Overview' },
  { href: '/account/keys', label: 'API keys' },
  { href: '/account/watches', label: 'Watches' },
  { href: '/account/tokens', label: 'Agent tokens' },
  { href: '/account/credits', label: 'Credits' },
  { href: '/account/usage', label: 'Usage' },
  { href: '/account/sales', label: 'Sales' },
];

/**
 * The account area's sections; `current` is marked for screen readers as the page being shown. On a phone they sit
 * in rows of three rather than a row that scrolls, so none of them is out of sight.
 */
export function AccountNav({ current }: { current: string }) {
  return (
    <nav aria-label="Account" className="mt-4">
      <ul className="grid grid-cols-3 gap-x-1 border-b border-slate-200 text-center text-sm font-medium sm:flex sm:text-left">
        {SECTIONS.map((section) => {
          const active = section.href === current;
          return (
            <li key={section.href}>
              <Link
                href={section.href}
                aria-current={active ? 'page' : undefined}
                className={`block whitespace-nowrap border-b-2 px-3 py-2 ${
                  active
                    ? 'border-indigo-700 text-indigo-800'
                    : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
                }`}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
