/**
 * The rule-based pick extractor against posts written by hand in the shape of real newsletters
 * (tests/fixtures/picks/hand-labelled.json), not the demo generator's templates it was tuned on:
 *
 *   node --import tsx scripts/eval-picks-hand.ts
 *
 * Prints precision and recall by post + ticker, action and direction agreement on the matched calls, and each miss
 * and extra, so a change to the rules can be judged on text it was not written for.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extractByRules } from '@/lib/ai/picks/offline';

interface LabelledPost {
  title: string;
  text: string;
  calls: Array<[ticker: string, action: string, direction: string]>;
}

const file = path.resolve(import.meta.dirname, '../tests/fixtures/picks/hand-labelled.json');
const { posts } = JSON.parse(readFileSync(file, 'utf8')) as { posts: LabelledPost[] };
let truth = 0;
let predicted = 0;
let matched = 0;
let action = 0;
let direction = 0;
const notes: string[] = [];
for (const post of posts) {
  const picks = extractByRules({ title: post.title, text: post.text });
  truth += post.calls.length;
  predicted += picks.length;
  const expected = new Map(post.calls.map(([ticker, a, d]) => [ticker, { a, d }]));
  for (const pick of picks) {
    const call = expected.get(pick.ticker);
    if (!call) {
      notes.push(`EXTRA "${post.title}": ${pick.ticker} ${pick.action} ${pick.direction}: ${pick.evidenceQuote}`);
      continue;
    }
    expected.delete(pick.ticker);
    matched += 1;
    if (call.a === pick.action) action += 1;
    else notes.push(`ACTION "${post.title}": ${pick.ticker} ${call.a} -> ${pick.action}`);
    if (call.d === pick.direction) direction += 1;
    else notes.push(`DIRECTION "${post.title}": ${pick.ticker} ${call.d} -> ${pick.direction}`);
  }
  for (const [ticker, call] of expected) notes.push(`MISS "${post.title}": ${ticker} ${call.a} ${call.d}`);
}
const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);
console.log(`${posts.length} hand-written posts, ${truth} labelled calls; extractor predicted ${predicted}`);
console.log(`precision ${pct(matched, predicted)}  recall ${pct(matched, truth)}  (matched by post + ticker)`);
console.log(`on matched calls: action ${pct(action, matched)}, direction ${pct(direction, matched)}`);
for (const note of notes) console.log(note);
