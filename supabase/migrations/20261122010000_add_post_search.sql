-- Topic search: a weighted full-text document per post, corpus statistics for BM25-style ranking, and (where pgvector
-- exists) post embeddings for semantic ranking. lib/search/index fills them; the app never relies on triggers because
-- documents are normalised in TypeScript first (finance symbols such as S&P 500, AT&T and 10-K would not survive the
-- english text-search configuration otherwise), and queries get the same normalisation.

-- Title (A), subtitle (B), publication name and author (C), body (D).
alter table posts add column search_vector tsvector;
-- Null while a post waits to be indexed (new or changed).
alter table posts add column search_indexed_at timestamptz;

create index posts_search_vector_idx on posts using gin (search_vector);
create index posts_search_pending_idx on posts (id) where search_indexed_at is null;

-- Document frequency of each lexeme over indexed posts: the IDF of BM25. Kept in step with search_vector by the
-- indexer in the same transaction.
create table search_term_stats (
  lexeme text primary key,
  doc_count integer not null check (doc_count >= 0)
);

-- Number of indexed posts, the N of the IDF; one row.
create table search_corpus_stats (
  singleton boolean primary key default true check (singleton),
  doc_count integer not null default 0 check (doc_count >= 0)
);
insert into search_corpus_stats (singleton) values (true);

-- Embeddings per post and model. The dimension differs by model, so the column is untyped and each model gets its own
-- partial HNSW index on a cast (lib/search/semantic/ensure-index.ts). Without pgvector this table does not exist and
-- hybrid search runs lexically, reporting mode "fts".
do $$
begin
  if exists (select 1 from pg_extension where extname = 'vector') then
    execute $sql$
      create table post_embeddings (
        post_id uuid not null references posts (id) on delete cascade,
        model text not null,
        embedding vector not null,
        created_at timestamptz not null default now(),
        primary key (post_id, model)
      )
    $sql$;
    execute 'alter table post_embeddings enable row level security';
  end if;
end
$$;

alter table search_term_stats enable row level security;
alter table search_corpus_stats enable row level security;

-- Misspelt query words ("nvdia") are corrected to the nearest indexed lexeme by trigram similarity.
create index search_term_stats_trgm_idx on search_term_stats using gin (lexeme gin_trgm_ops);
