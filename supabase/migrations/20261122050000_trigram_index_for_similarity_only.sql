-- The trigram index also answered the equality lookups every search makes (pg_trgm's gin_trgm_ops supports =), and on
-- a small corpus the planner preferred it to the primary key: 3.7 ms a query word instead of microseconds, 17 ms for a
-- seven-word query at 1,500 posts. An index on an expression serves only queries written against that expression, so
-- it is left to the misspelling search (lib/search/lexical/resolve-terms.ts). Lexemes are lower case already, so
-- lower() changes no value.
drop index search_term_stats_trgm_idx;
create index search_term_stats_trgm_idx on search_term_stats using gin (lower(lexeme) gin_trgm_ops);
