import type { Queryable } from '@/lib/db/types';
import type { PageOutcome, PageState } from '@/lib/posts/post-draft';

/** What a post already holds of its article page: the text read from it (if its text is a page's) and its state. */
export interface KnownPage {
  /** The post's link as stored: a changed link is another page. */
  url: string;
  /** The page's text and HTML when the post's text is a page's (text_source web_page), else null. */
  pageText: string | null;
  pageHtml: string | null;
  page: PageState | null;
}

/**
 * The stored page state of the posts with these (stored) guids, so a sync keeps what earlier syncs read instead of
 * fetching every page again. Texts are read only for posts whose text is a page's: a feed of thousands of teasers
 * costs a few columns per post here, not their bodies.
 */
export async function knownArticlePages(
  db: Queryable,
  publicationId: string,
  guids: string[],
): Promise<Map<string, KnownPage>> {
  if (guids.length === 0) return new Map();
  const rows = await db.query<{
    guid: string;
    url: string;
    page_text: string | null;
    page_html: string | null;
    page_outcome: string | null;
    page_checked_at: Date | null;
    page_feed_hash: string | null;
  }>(
    `select guid, url, page_outcome, page_checked_at, page_feed_hash,
            case when text_source = 'web_page' then body_text end as page_text,
            case when text_source = 'web_page' then content_html end as page_html
       from posts where publication_id = $1 and guid = any($2::text[])`,
    [publicationId, guids],
  );
  return new Map(
    rows.map((row) => [
      row.guid,
      {
        url: row.url,
        pageText: row.page_text,
        pageHtml: row.page_html,
        page: row.page_outcome
          ? {
              outcome: row.page_outcome as PageOutcome,
              checkedAt: row.page_checked_at,
              feedHash: row.page_feed_hash,
            }
          : null,
      },
    ]),
  );
}
