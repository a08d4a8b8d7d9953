-- The posts whose search documents changed, for the in-memory postings (lib/search/postings): a process holding them
-- reads the changes after the ones it applied instead of reading every post again. A row names the post only; the
-- reader reads the post as it is then. xid orders the rows by the transaction that wrote them, so a reader knows which
-- changes may still commit: every transaction before its snapshot's xmin has ended.
create table search_changes (
  seq bigint generated always as identity primary key,
  post_id uuid not null,
  xid xid8 not null default pg_current_xact_id(),
  changed_at timestamptz not null default now()
);
create index search_changes_xid_idx on search_changes (xid);
create index search_changes_changed_at_idx on search_changes (changed_at);

create function note_search_change() returns trigger
language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    insert into search_changes (post_id) values (old.id);
    return old;
  end if;
  insert into search_changes (post_id) values (new.id);
  return new;
end
$$;

-- What the postings hold of a post: its vector, date and publication.
create trigger posts_search_changed after update of search_vector, published_at, publication_id on posts
  for each row execute function note_search_change();
create trigger posts_search_inserted after insert on posts
  for each row when (new.search_vector is not null) execute function note_search_change();
create trigger posts_search_deleted after delete on posts
  for each row execute function note_search_change();
