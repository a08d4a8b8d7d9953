import { contentHash } from '@/lib/ai/content-hash';
import type { SyncDeps } from '@/lib/ingest/sync/sync-deps';
import type { PageOutcome, PageState, PostDraft } from '@/lib/posts/post-draft';
import { looksLikeTeaser } from '@/lib/posts/teaser';
import { compareWithFeed } from './compare-with-feed';
import type { FullTextSetting } from './full-text-setting';
import type { KnownPage } from './known-pages';
import type { PageBudget } from './page-budget';
import { isRetryable, nextPageDue } from './page-retry';
import { readArticlePage } from './read-article-page';

export interface ArticleContext {
  setting: FullTextSetting;
  /** What the post already holds of its page (by guid), when it is stored. */
  known: KnownPage | undefined;
  /** The item links to a page of its own; an item without a link (its URL made up from the site) has none to fetch. */
  hasLink: boolean;
  budget: PageBudget;
  deps: SyncDeps;
  now: Date;
  log(line: string): void;
}

/**
 * A feed item's text, with its article page's main text when the feed carries only a teaser (or the publication
 * fetches every page), and whether the text is still a teaser. A page is fetched once: a post keeps the page it read
 * (or the finding that the feed text was complete) while the item's link and text stay the same, and a page that
 * gave no article is tried again only after a wait (page-retry.ts). Pages beyond the sync's budget stay `pending`
 * for a later sync. A page that is paywalled, blocked, unreadable or no longer than the feed text leaves the feed's.
 */
export async function withArticleText(draft: PostDraft, context: ArticleContext): Promise<PostDraft> {
  const feedTeaser = looksLikeTeaser({ text: draft.bodyText, textSource: draft.textSource, url: draft.url });
  const feed: PostDraft = { ...draft, teaser: feedTeaser, page: null };
  const wanted = context.setting === 'fetch' || (context.setting === 'auto' && feedTeaser);
  if (!wanted || !context.hasLink) return feed;
  const feedHash = contentHash(draft.bodyText);
  // A changed link is another page: what was read from the old one does not count.
  const known = context.known?.url === draft.url ? context.known : undefined;
  const state = known?.page ?? null;
  if (known && state) {
    const sameItem = state.feedHash === feedHash;
    if (sameItem && state.outcome === 'read' && known.pageText !== null) return keptPage(draft, known, state);
    if (sameItem && state.outcome === 'feed_complete') return { ...feed, teaser: false, page: state };
    const due = nextPageDue(state, context.now);
    if (isRetryable(state.outcome) && due !== null && due > context.now) return { ...feed, page: state };
  }
  if (!context.budget.enabled) {
    // This process fetches no pages: what was read stays, nothing is marked pending (no sync would ever take it).
    return known?.pageText != null && state ? keptPage(draft, known, state) : { ...feed, page: state };
  }
  if (!context.budget.take()) return deferred(draft, feed, known, state);

  const read = await readArticlePage(draft.url, context.deps);
  const checked = (outcome: PageOutcome): PageState => ({ outcome, checkedAt: context.now, feedHash });
  if (read.kind !== 'article') {
    context.log(`page of ${draft.guid} not used (${read.kind}): ${read.reason}`);
    return { ...feed, page: checked(read.kind) };
  }
  const verdict = compareWithFeed(draft.bodyText, read);
  if (verdict.outcome === 'unreadable') {
    context.log(`page of ${draft.guid} not used (unreadable): ${verdict.reason}`);
    return { ...feed, page: checked('unreadable') };
  }
  // No longer than the feed text: the feed carried the whole post, which is therefore no teaser.
  if (verdict.outcome === 'feed_complete') return { ...feed, teaser: false, page: checked('feed_complete') };
  return {
    ...draft,
    contentHtml: read.contentHtml,
    bodyText: read.text,
    textSource: 'web_page',
    teaser: false,
    page: checked('read'),
  };
}

function keptPage(draft: PostDraft, known: KnownPage, page: PageState): PostDraft {
  return {
    ...draft,
    contentHtml: known.pageHtml,
    bodyText: known.pageText ?? draft.bodyText,
    textSource: 'web_page',
    teaser: false,
    page,
  };
}

/**
 * Over this sync's budget: a post that holds a page's text keeps it until the page is read again (its text does not
 * flip to the teaser and back), a page that failed keeps its outcome (it is due, so the next sync comes back to it),
 * and a new one is `pending`.
 */
function deferred(draft: PostDraft, feed: PostDraft, known: KnownPage | undefined, state: PageState | null): PostDraft {
  if (known?.pageText != null && state) return keptPage(draft, known, { ...state, outcome: 'pending' });
  if (state && isRetryable(state.outcome)) return { ...feed, page: state };
  return { ...feed, page: { outcome: 'pending', checkedAt: null, feedHash: null } };
}
