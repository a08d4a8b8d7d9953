import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildCompanyIndex } from './build-company-index';
import { companyIndexPath } from './loaded-company-index';
import { instrumentFor, replaceCompanyIndex, universeInfo } from './universe';

/**
 * Builds the index from a newer SEC company_tickers.json, stores it under DATA_DIR and uses it from now on (this
 * process at once, later ones at start). Without the build's word list, a ticker the bundled index did not know is
 * taken as a possible word (a bare mention needs context) and a new one-word name resolves only through an alias:
 * the safe side for precision.
 */
export function loadCompanyIndex(file: string, options: { dataDir: string; asOf: string }) {
  const bytes = readFileSync(file);
  const before = universeInfo();
  const index = buildCompanyIndex(
    JSON.parse(bytes.toString('utf8')),
    {
      source: `SEC EDGAR company_tickers.json (loaded from ${path.basename(file)})`,
      asOf: options.asOf,
      bytes,
    },
    (word, use) => {
      if (use === 'name') return true;
      const known = instrumentFor(word.toUpperCase());
      return known ? known.word : true;
    },
  );
  const target = companyIndexPath(options.dataDir);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(`${target}.tmp`, JSON.stringify(index));
  renameSync(`${target}.tmp`, target);
  replaceCompanyIndex(index);
  return { path: target, previous: before, current: universeInfo() };
}
