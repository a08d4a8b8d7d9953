// Copies Scalar's browser bundle into public/ so the /docs page works offline, without a CDN.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const source = path.join('node_modules', '@scalar', 'api-reference', 'dist', 'browser');
const target = path.join('public', 'vendor', 'scalar');
if (!existsSync(source)) {
  console.warn(`skipped: ${source} is missing`);
  process.exit(0);
}
rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
cpSync(source, target, { recursive: true, filter: (file) => !file.endsWith('.map') });
