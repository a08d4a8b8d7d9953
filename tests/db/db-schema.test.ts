import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDbSchema } from '@/lib/db/render-db-schema';

// Always on PGlite, whatever DATABASE_URL says: the declaration covers the pgvector tables too.
describe('lib/db/schema.ts', () => {
  it('declares exactly the tables and columns the migrations build (regenerate with npm run db:types)', async () => {
    const checkedIn = readFileSync(path.resolve(import.meta.dirname, '../../lib/db/schema.ts'), 'utf8');
    expect(await renderDbSchema()).toBe(checkedIn);
  });
});
