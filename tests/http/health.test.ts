import { describe, expect, it } from 'vitest';
import { getJson } from '@/tests/helpers/http';

// Probes for load balancers and orchestrators.
describe('health probes', () => {
  it('/healthz answers while the process lives', async () => {
    const response = await getJson('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz reports the database, the schema, the payment methods, the posts waiting for search and those quarantined', async () => {
    const response = await getJson<Record<string, unknown>>('/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'ready',
      ready: true,
      database: 'ok',
      pendingMigrations: [],
      payments: { methods: ['credits', 'x402', 'mpp'], testMoney: true },
    });
    // The demo corpus is within what start-up indexes before listening: no background run. Other suites' imports
    // index their posts as they store them, so the pending count is a number, not necessarily 0 at this moment.
    const search = response.body.search as { pendingPosts: number; pendingEmbeddings: number | null };
    expect(search).toMatchObject({ indexing: false });
    expect(Number.isInteger(search.pendingPosts) && search.pendingPosts >= 0).toBe(true);
    expect(search.pendingEmbeddings === null || Number.isInteger(search.pendingEmbeddings)).toBe(true);
    // Quarantined posts are counted per stage (lib/post-failures); they never make the instance unready.
    const failed = response.body.failedPosts as Record<string, number>;
    expect(Object.keys(failed).sort()).toEqual(['embed', 'index', 'picks', 'summary', 'total']);
    expect(Object.values(failed).every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
  });
});
