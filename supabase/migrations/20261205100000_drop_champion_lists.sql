-- Search has one ranking engine: the postings in memory, and while they load the fallback that scores every matching
-- post in SQL (lib/search/README.md). The champion lists, the bounds on the posts off them and the title index served
-- only the SQL path's pruning. The code stopped reading them, then writing them (the releases before this file); this
-- drops them. A rolling upgrade from a release that still reads them goes through one that does not first.
drop table search_term_lists;
alter table search_term_stats
  drop column top_floor,
  drop column body_floor,
  drop column floor_published_us;
drop index posts_search_title_idx;
