-- Term lists ordered as the ranking orders ties (lib/search/index/term-lists.ts, lib/search/lexical/rank.ts).
--
-- The ranking now counts a term's weight in steps of 1/256 and orders equal scores newest first. A lexeme's list keeps
-- its 64 best posts in that order (the weight's step, then the publication date), and its stats keep the date that
-- goes with the floor: the newest unlisted post whose weight is in the floor's step. An unlisted post can then tie
-- the k-th result only if it is no newer than that, which rules out the thousands of titles that hold a common word
-- at the same step without reading them.
--
-- Dates are microseconds since 1970 as doubles (exact below 2^53); an undated post sorts after every dated one.

-- The lists and floors are rebuilt in the new order: every post is analysed again, as a new one.
update posts set search_vector = null, search_indexed_at = null;
truncate search_term_stats;
truncate search_term_lists;
truncate search_languages;
update search_corpus_stats set doc_count = 0;

alter table search_term_lists add column published_us double precision[] not null default '{}';
alter table search_term_lists add constraint search_term_lists_dates_check
  check (cardinality(published_us) = cardinality(post_ids));

-- Null when no unlisted post in the floor's step is dated (or none was dropped).
alter table search_term_stats add column floor_published_us double precision;
