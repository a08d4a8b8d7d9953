// Writes lib/db/schema.ts, the row types of every table, from the migrations: run after adding one.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderDbSchema } from '@/lib/db/render-db-schema';

const out = path.resolve(import.meta.dirname, '../lib/db/schema.ts');
writeFileSync(out, await renderDbSchema());
console.log(`wrote ${path.relative(process.cwd(), out)}`);
