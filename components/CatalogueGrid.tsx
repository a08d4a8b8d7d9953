import type { CatalogueEntry } from '@/lib/publications/catalogue';
import { PublicationCard } from './PublicationCard';

/** The publications as cards, newest posts on each: the landing page's catalogue and the /publications page. */
export function CatalogueGrid({
  catalogue,
  defaultPriceCents,
}: {
  catalogue: CatalogueEntry[];
  /** The price of a post without one of its own. */
  defaultPriceCents: number;
}) {
  return (
    <ul className="mt-6 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
      {catalogue.map((publication) => (
        <li key={publication.slug} className="flex min-w-0">
          <PublicationCard publication={publication} defaultPriceCents={defaultPriceCents} />
        </li>
      ))}
    </ul>
  );
}
