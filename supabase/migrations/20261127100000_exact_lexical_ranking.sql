-- Exact top-k lexical ranking and search in every language (lib/search/analysis, lib/search/lexical).
--
-- Documents are now built in TypeScript (Unicode word segmentation, diacritic folding that keeps the accented form,
-- a stemmer per post language, numbers with their sign and percent sign) and stored as ready tsvectors; every post is
-- analysed again, as a new one.
--
-- For each lexeme the indexer keeps the posts where it weighs most (search_term_lists: at most 64, all of them for a
-- rare lexeme, as two parallel arrays in one row) and a bound on its weight in every other post (top_floor). A query
-- scores the posts of its terms' lists exactly, then asks the GIN index only for posts whose bound could still beat
-- the k-th score: that proves the top k exact without scoring every post that matches a common word.
--
-- A post holding a lexeme in its title weighs at least 1 for it (the title bonus), one holding it elsewhere only
-- less than 1; so each lexeme also keeps body_floor, the heaviest it weighs in any post without it in the title, and
-- the posts with a lexeme in their title are found by their own GIN index (the A-labelled part of the vector). A
-- common word's unlisted posts are then bounded by body_floor unless they carry it in the title.

alter table search_term_stats
  add column top_floor real not null default 0 check (top_floor >= 0),
  add column body_floor real not null default 0 check (body_floor >= 0);

create index posts_search_title_idx on posts using gin (ts_filter(search_vector, '{a}'));
-- A post titled exactly as the query comes first (lib/search/search-posts.ts).
create index posts_title_lower_idx on posts (lower(title));

-- One row per lexeme: a batch of new posts reads and rewrites a list in one row instead of inserting and trimming
-- dozens of indexed rows. A deleted post may linger in a list until the lexeme's list changes; readers join posts.
create table search_term_lists (
  lexeme text primary key,
  post_ids uuid[] not null,
  weights real[] not null,
  check (cardinality(post_ids) = cardinality(weights))
);
alter table search_term_lists enable row level security;

-- The languages posts are analysed in: a query word is stemmed in each of them.
create table search_languages (
  language text primary key,
  doc_count integer not null default 0 check (doc_count >= 0)
);
alter table search_languages enable row level security;

update posts set search_vector = null, search_indexed_at = null;
truncate search_term_stats;
update search_corpus_stats set doc_count = 0;
