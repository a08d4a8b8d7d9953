-- Ranking reads the search vector of every candidate (a few thousand rows for a common term). Stored out of line
-- (TOAST), each read is a lookup in the toast table's index plus a fetch of two or more chunks, which made those reads
-- about four times slower than the rest of the row. Storage MAIN keeps the vector in the row, compressed when that
-- helps; PostgreSQL moves it out only when the row could not fit on a page, and the body text, which search does not
-- read there, is moved out first.
alter table posts alter column search_vector set storage main;

-- Vectors written before this migration stay out of line until they are rewritten: rewrite them (concatenating an
-- empty vector yields a new value, so the row is stored afresh under the new rule; search results do not change).
update posts set search_vector = search_vector || ''::tsvector where search_vector is not null;
