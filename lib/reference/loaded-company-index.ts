import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CompanyIndex } from './build-company-index';

/** Where a loaded SEC list lives: beside the service's other data, read at start in place of the bundled one. */
export function companyIndexPath(dataDir: string): string {
  return path.join(dataDir, 'reference', 'sec-company-index.json');
}

/** The index an operator loaded under DATA_DIR; null when there is none or it is unreadable. */
export function readLoadedCompanyIndex(dataDir: string): CompanyIndex | null {
  const file = companyIndexPath(dataDir);
  if (!existsSync(file)) return null;
  try {
    const index = JSON.parse(readFileSync(file, 'utf8')) as CompanyIndex;
    return Array.isArray(index.entries) && index.entries.length > 0 ? index : null;
  } catch {
    return null;
  }
}
