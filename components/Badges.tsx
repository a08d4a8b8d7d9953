import { formatPrice, sourceKindLabel } from './format';

// Small pill labels. Colours are 800/900 text on 50/100 fills: well above 4.5:1 contrast.
const PILL = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

/** Where a publication's posts come from: Substack, Beehiiv, Ghost, RSS, Podcast or E-mail. */
export function SourceBadge({ kind, platform }: { kind: string; platform: string | null }) {
  return (
    <span className={`${PILL} bg-slate-100 text-slate-800 ring-slate-300`}>
      <span className="sr-only">Source: </span>
      {sourceKindLabel(kind, platform)}
    </span>
  );
}

/** Curated publishers form the scoped search tier, ranked ahead of the rest. */
export function CuratedBadge() {
  return (
    <span className={`${PILL} bg-indigo-50 text-indigo-800 ring-indigo-200`} title="Curated publisher: searched first">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3 w-3 fill-current">
        <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
      </svg>
      Curated
    </span>
  );
}

/** Whether the paid summary already exists; a pending one is generated on demand (the API answers 503 meanwhile). */
export function SummaryStatus({ ready }: { ready: boolean }) {
  return ready ? (
    <span className={`${PILL} bg-emerald-50 text-emerald-800 ring-emerald-200`}>Summary ready</span>
  ) : (
    <span className={`${PILL} bg-amber-50 text-amber-900 ring-amber-200`}>Summary pending</span>
  );
}

/** Marks podcast episodes (posts with an audio enclosure). */
export function PodcastMarker() {
  return (
    <span className={`${PILL} bg-violet-50 text-violet-800 ring-violet-200`}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3 w-3 fill-current">
        <path d="M10 2a3 3 0 00-3 3v5a3 3 0 006 0V5a3 3 0 00-3-3zm-5 8a1 1 0 10-2 0 7 7 0 006 6.9V19h2v-2.1A7 7 0 0017 10a1 1 0 10-2 0 5 5 0 01-10 0z" />
      </svg>
      Podcast
    </span>
  );
}

/** What a post's summary costs: its own price, or the service's default post price (postPriceCents). */
export function PriceTag({ cents }: { cents: number }) {
  return (
    <span className="text-xs font-medium text-slate-700">
      <span className="sr-only">Summary price: </span>
      {formatPrice(cents)}
    </span>
  );
}

/**
 * Marks a post whose text is the feed's teaser (its article page was paywalled, blocked, unreadable or not fetched):
 * its summary covers the teaser only, which a buyer is told here before paying.
 */
export function TeaserMarker() {
  return (
    <span
      className={`${PILL} bg-orange-50 text-orange-900 ring-orange-200`}
      title="The feed carries only a teaser of this post and its article page was not read (paywalled, blocked or not fetched): its summary covers the teaser only."
    >
      Teaser only
    </span>
  );
}
