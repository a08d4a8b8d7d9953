import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Real article pages from Mozilla Readability's test suite (tests/fixtures/article-pages/sources.json), with what a
 * reader sees on each: the feed's teaser (the page's own meta description), the article's first and last words, and
 * boilerplate of the page around the article (navigation, a newsletter box) that must not be taken for it.
 */
export const ARTICLE_PAGES = {
  'nytimes-2': {
    title: 'Yahoo’s Sale to Verizon Leaves Shareholders With Little Say',
    teaser:
      'The internet giant’s decision to sell its business is plagued with challenges that reveal how unusual deal structures can affect shareholders.',
    first: 'Yahoo’s $4.8 billion sale to Verizon is a complicated beast',
    last: 'the lawyers involved will have nightmares for years to come',
    boilerplate: ['To save articles or get newsletters, alerts or recommendations', 'SUBSCRIBE NOW'],
  },
  cnn: {
    title: "The 'birth lottery' and economic mobility",
    teaser:
      'A recently-released report on poverty and inequality found that the U.S. ranks the lowest among countries with welfare states.',
    first: 'The U.S. has long been heralded as a land of opportunity',
    last: 'the levels of assistance in the U.S. are generally lower than in other countries',
    boilerplate: ['Start your day right with the latest news driving global markets', 'Privacy Policy'],
  },
  'seattletimes-1': {
    title:
      'Alaskan halibut, caught by a century-old Seattle boat, provides a glimpse of Amazon’s strategy with Whole Foods',
    teaser:
      'The story of Whole Foods’ halibut deal opens a window into Amazon’s grocery strategy and draws a line from a Seattle industry with roots in the 19th century to the dominant economic force of the 21st.',
    first: 'From the deck of his 106-year-old halibut schooner',
    last: 'It’s Seattle old school meets Seattle new school with Amazon.',
    boilerplate: ['Skip to content', 'Subscriber Services'],
  },
} as const;

export type ArticlePageName = keyof typeof ARTICLE_PAGES;

export function articlePageHtml(name: ArticlePageName): string {
  return readFileSync(path.resolve(import.meta.dirname, '../fixtures/article-pages', `${name}.html`), 'utf8');
}
