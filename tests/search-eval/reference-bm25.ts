import { createRequire } from 'node:module';
import MiniSearch from 'minisearch';
import { parseTimeWindow } from '@/lib/search/query/time-window';
import type { SearchResponseLike } from './run';

// wink-porter2-stemmer ships CommonJS without types: one function from a word to its Porter2 stem.
const stem = createRequire(import.meta.url)('wink-porter2-stemmer') as (word: string) => string;

export interface ReferenceDoc {
  publicationSlug: string;
  slug: string;
  title: string;
  subtitle: string | null;
  body: string;
  publishedAt: Date | null;
}

// A short English stop list: the reference ranks content words, as our search does.
const STOP_WORDS = new Set(
  'a an and are as at be by for from has have in is it its of on or that the this to was were will with what why how'.split(
    ' ',
  ),
);

/**
 * The reference ranking for the evaluation: MiniSearch's BM25 (a maintained library, exact: it scores every matching
 * document) over the same posts, with Porter2 stemming and the title weighted above the body. It has no notion of time,
 * so a query's time phrase is parsed with the service's own parser, removed from the text, and applied as a filter on
 * the publication date; everything else about the ranking is the library's.
 */
export function referenceBm25(docs: ReferenceDoc[], k: number) {
  const index = new MiniSearch<ReferenceDoc & { id: string }>({
    fields: ['title', 'subtitle', 'body'],
    storeFields: [],
    processTerm: (term) => {
      const lower = term.toLowerCase();
      return STOP_WORDS.has(lower) ? null : stem(lower);
    },
    searchOptions: { boost: { title: 3, subtitle: 1.5 }, combineWith: 'OR' },
  });
  const byId = new Map<string, ReferenceDoc>();
  index.addAll(
    docs.map((doc) => {
      const id = `${doc.publicationSlug}/${doc.slug}`;
      byId.set(id, doc);
      return { ...doc, subtitle: doc.subtitle ?? '', id };
    }),
  );

  return (q: string, now: Date): SearchResponseLike => {
    const { window, rest } = parseTimeWindow(q, now);
    const start = window ? Date.parse(window.startIso) : null;
    const end = window ? Date.parse(window.endIso) : null;
    const inWindow = (doc: ReferenceDoc) =>
      start === null ||
      (doc.publishedAt !== null && doc.publishedAt.getTime() >= start && doc.publishedAt.getTime() < end!);
    const items = index
      .search(rest)
      .map((hit) => byId.get(String(hit.id))!)
      .filter(inWindow)
      .slice(0, k)
      .map((doc) => ({ publicationSlug: doc.publicationSlug, slug: doc.slug }));
    return {
      mode: 'bm25',
      matchConfidence: items.length > 0 ? 'strong' : 'none',
      timeWindow: window ? { label: window.label, startIso: window.startIso, endIso: window.endIso } : null,
      items,
    };
  };
}
