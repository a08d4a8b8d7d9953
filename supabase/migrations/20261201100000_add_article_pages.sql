-- Full text for feeds that carry only a teaser (lib/ingest/article): the sync fetches the item's article page and keeps
-- its main text, as a publication's full_text setting allows. A post records whether its text is still the teaser (a
-- page paywalled, blocked, unreadable or not fetched), so the 402 challenge and the publication page say so before
-- anyone pays, and the summary says so in its first line.

-- feed: never fetch pages; fetch: fetch every item's page; auto: only when the feed text looks like a teaser.
alter table publications add column full_text text not null default 'auto'
  check (full_text in ('feed', 'fetch', 'auto'));
-- When an article page of an item in the feed is next due (one left for a later sync by the per-sync bound, or a
-- failed page's retry); null when none is. A 304 would not reach those items, so the sync then fetches the feed
-- unconditionally.
alter table publications add column page_due_at timestamptz;

-- web_page: the main text of the item's article page, read by the sync.
alter table posts drop constraint posts_text_source_check;
alter table posts add constraint posts_text_source_check
  check (text_source in ('feed_content', 'feed_excerpt', 'transcript', 'transcription', 'show_notes', 'email', 'web_page'));

-- The stored text is the feed's teaser, not the article: no page replaced it.
alter table posts add column teaser boolean not null default false;
-- What the article page gave, when one was wanted (null otherwise): pending (not fetched yet), read (its text is the
-- post's), feed_complete (no longer than the feed text, which was the whole post), paywalled, blocked, unreadable or
-- failed (the teaser stays; retried later).
alter table posts add column page_outcome text
  check (page_outcome in ('pending', 'read', 'feed_complete', 'paywalled', 'blocked', 'unreadable', 'failed'));
-- When the page was last fetched, and the content hash of the feed text it was fetched for: a page read or found no
-- longer than the feed text is kept while the item stays the same; a failed one is retried only after a while.
alter table posts add column page_checked_at timestamptz;
alter table posts add column page_feed_hash text;

-- Posts stored before this were never checked for teasers: each feed's next sync reads every item once more.
update publications set page_due_at = now() where feed_url is not null;
