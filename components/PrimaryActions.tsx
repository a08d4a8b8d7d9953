import Link from 'next/link';

/** The two ways in, shown on the landing page and the 404 page: browse the catalogue or read the API reference. */
export function PrimaryActions({ className = '' }: { className?: string }) {
  return (
    <div className={`flex flex-wrap gap-3 ${className}`}>
      <Link
        href="/#catalogue"
        className="rounded-lg bg-indigo-700 px-4 py-2 font-medium text-white hover:bg-indigo-800"
      >
        Browse publications
      </Link>
      <a
        href="/docs"
        className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-900 hover:border-indigo-700 hover:text-indigo-800"
      >
        API reference
      </a>
    </div>
  );
}
