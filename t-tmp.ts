import { questionTopic } from '@/lib/briefs/question-topic';
import { migrate } from '@/lib/db/migrate';
import { openPglite } from '@/lib/db/pglite';
import { selectEmbeddingProvider } from '@/lib/search/embeddings/select';
import { indexForSearch } from '@/lib/search/index/index-for-search';
import { searchPosts } from '@/lib/search/search-posts';
import { storeRealCorpus } from '@/tests/briefs-eval/real-corpus-db';

const db = await openPglite(null);
await migrate(db);
const { keyOf } = await storeRealCorpus(db);
const emb = selectEmbeddingProvider({ provider: 'local' });
await indexForSearch(db, emb, () => {});
const q = process.argv[2]!;
console.log(questionTopic(q));
const r = await searchPosts(
  db,
  { q: questionTopic(q), limit: 20, mode: 'hybrid', now: new Date('2026-11-20T15:00:00Z'), publications: null },
  { embeddings: emb },
);
for (const it of r.items) console.log(it.publicationSlug, it.slug);
console.log([...keyOf.entries()].filter(([k]) => process.argv.slice(3).includes(k)));
