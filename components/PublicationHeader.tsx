import type { ReactNode } from 'react';
import type { PublicationPage } from '@/lib/publications/catalogue';
import { CuratedBadge, SourceBadge } from './Badges';
import { displayHost, formatDateTime, safeHttpUrl } from './format';
import { PublicationAvatar } from './PublicationAvatar';

/** The identity and metadata block at the top of a publication page. */
export function PublicationHeader({ publication }: { publication: PublicationPage }) {
  const name = publication.title ?? publication.slug;
  const site = safeHttpUrl(publication.siteUrl);
  const facts: { term: string; value: ReactNode }[] = [
    {
      term: 'Site',
      value: site ? (
        <a href={site} rel="noopener noreferrer" className="text-indigo-700 underline hover:text-indigo-900">
          {displayHost(site)}
        </a>
      ) : (
        publication.siteUrl
      ),
    },
    { term: 'Language', value: publication.language ?? 'Not stated' },
    { term: 'Copyright', value: publication.copyright ?? 'Not stated' },
    {
      term: 'Last synced',
      value: publication.lastSyncedAt ? (
        <time dateTime={publication.lastSyncedAt.toISOString()}>{formatDateTime(publication.lastSyncedAt)}</time>
      ) : (
        'Never'
      ),
    },
  ];

  return (
    <header className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <PublicationAvatar
          slug={publication.slug}
          title={publication.title}
          imageUrl={publication.imageUrl}
          size={80}
        />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{name}</h1>
          {publication.authorName && <p className="mt-1 text-slate-700">by {publication.authorName}</p>}
          <div className="mt-3 flex flex-wrap gap-2">
            <SourceBadge kind={publication.sourceKind} platform={publication.platform} />
            {publication.isScoped && <CuratedBadge />}
          </div>
          {publication.description && (
            <p className="mt-3 max-w-3xl leading-relaxed text-slate-700">{publication.description}</p>
          )}
        </div>
      </div>
      <dl className="mt-5 grid gap-x-6 gap-y-3 border-t border-slate-200 pt-5 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {facts.map((fact) => (
          <div key={fact.term} className="min-w-0">
            <dt className="font-semibold text-slate-600">{fact.term}</dt>
            <dd className="mt-0.5 break-words text-slate-900">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
