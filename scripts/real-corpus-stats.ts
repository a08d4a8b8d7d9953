/**
 * Counts of the real-text corpus (tests/fixtures/real-text): posts per source, per kind and in all.
 *
 *   node --import tsx scripts/real-corpus-stats.ts
 */
import { loadRealCorpus, type RealPost } from '@/tests/fixtures/real-text/corpus';

function countBy(posts: RealPost[], key: (post: RealPost) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const post of posts) counts.set(key(post), (counts.get(key(post)) ?? 0) + 1);
  return counts;
}

function print(title: string, counts: Map<string, number>): void {
  console.log(`\n${title}`);
  const width = Math.max(...[...counts.keys()].map((name) => name.length));
  for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    console.log(`  ${name.padEnd(width)}  ${String(count).padStart(5)}`);
  }
}

const started = performance.now();
const posts = await loadRealCorpus();
const seconds = (performance.now() - started) / 1000;

print(
  'Posts per source',
  countBy(posts, (post) => post.source),
);
print(
  'Posts per kind',
  countBy(posts, (post) => post.kind),
);
print(
  'Posts per text source',
  countBy(posts, (post) => post.textSource),
);
const characters = posts.reduce((sum, post) => sum + post.text.length, 0);
console.log(
  `\nTotal: ${posts.length} posts, ${characters.toLocaleString('en-US')} characters of text (loaded in ${seconds.toFixed(1)} s)`,
);
