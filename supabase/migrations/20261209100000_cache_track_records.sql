-- Each publication's track record, computed once and kept until its inputs change (issue 48, docs/track-record.md).
-- A record follows from two inputs only: the publication's calls (its stock picks and their posts' publication times)
-- and the stored closes. Triggers below count changes to each: prices_version for any write to the closes or to what
-- the provider said about a ticker, a record's calls_version for any write to its publication's picks or posts'
-- times. A stored record is current while both counts equal the ones it was computed from; otherwise the next
-- request computes it again. Counting in triggers catches every writer (extraction, feed sync, the demo, admin
-- deletes) without each having to remember.

create table track_record_inputs (
  singleton boolean primary key default true check (singleton),
  prices_version bigint not null default 0
);
insert into track_record_inputs default values;

create table track_records (
  publication_id uuid primary key references publications (id) on delete cascade,
  calls_version bigint not null default 0,
  -- the counts the stored figures were computed from; null until first computed
  computed_calls_version bigint,
  computed_prices_version bigint,
  computed_at timestamptz,
  -- the record without its calls (lib/track-record/stored-record.ts)
  summary jsonb
);

-- The record's calls, newest first (positions 0 to n-1, 0 the newest), as many as a request can list (1,000): the
-- route reads `position < limit`, a range of the primary key.
create table track_record_calls (
  publication_id uuid not null references track_records (publication_id) on delete cascade,
  position integer not null,
  call jsonb not null,
  primary key (publication_id, position)
);

create function note_track_record_prices_change() returns trigger
language plpgsql as $$
begin
  update track_record_inputs set prices_version = prices_version + 1;
  return null;
end
$$;

create trigger daily_prices_track_record after insert or update or delete or truncate on daily_prices
  for each statement execute function note_track_record_prices_change();
create trigger price_series_track_record_written after insert or delete or truncate on price_series
  for each statement execute function note_track_record_prices_change();

-- The daily fetch writes every ticker's checked_at; only a changed verdict changes a record (its unpriced reasons).
create function note_track_record_series_change() returns trigger
language plpgsql as $$
begin
  if exists (select 1 from old_rows o join new_rows n using (ticker)
              where (o.source, o.status, o.message) is distinct from (n.source, n.status, n.message)) then
    update track_record_inputs set prices_version = prices_version + 1;
  end if;
  return null;
end
$$;

create trigger price_series_track_record_updated after update on price_series
  referencing old table as old_rows new table as new_rows
  for each statement execute function note_track_record_series_change();

create function note_track_record_calls_change() returns trigger
language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    update track_records set calls_version = calls_version + 1
     where publication_id in (select p.publication_id from new_rows n join posts p on p.id = n.post_id);
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    -- A pick deleted with its post finds no post here: the posts trigger below counts that change.
    update track_records set calls_version = calls_version + 1
     where publication_id in (select p.publication_id from old_rows o join posts p on p.id = o.post_id);
  end if;
  return null;
end
$$;

-- Transition tables allow one event per trigger.
create trigger stock_picks_track_record_inserted after insert on stock_picks
  referencing new table as new_rows
  for each statement execute function note_track_record_calls_change();
create trigger stock_picks_track_record_updated after update on stock_picks
  referencing old table as old_rows new table as new_rows
  for each statement execute function note_track_record_calls_change();
create trigger stock_picks_track_record_deleted after delete on stock_picks
  referencing old table as old_rows
  for each statement execute function note_track_record_calls_change();

create function note_track_record_post_change() returns trigger
language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    update track_records set calls_version = calls_version + 1
     where publication_id in (select publication_id from old_rows);
    return null;
  end if;
  -- A post's publication time is its calls' entry: moving it (or the post) changes their outcomes.
  update track_records set calls_version = calls_version + 1
   where publication_id in (old.publication_id, new.publication_id);
  return null;
end
$$;

create trigger posts_track_record_moved after update of published_at, publication_id on posts
  for each row when (old.published_at is distinct from new.published_at
                     or old.publication_id is distinct from new.publication_id)
  execute function note_track_record_post_change();
create trigger posts_track_record_deleted after delete on posts
  referencing old table as old_rows
  for each statement execute function note_track_record_post_change();

alter table track_record_inputs enable row level security;
alter table track_records enable row level security;
alter table track_record_calls enable row level security;
