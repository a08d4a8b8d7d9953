import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };

// Five layers: pure logic (unit), the data layer against a real database (db: PGlite, or PostgreSQL when
// DATABASE_URL is set), the built app over HTTP (http), real payments on local anvil chains (chain), and the
// dashboard in a real browser (browser: Debian's chromium driven by playwright-core).
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        resolve: { alias },
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Suites call the paid routes in process, many times from one address; the limits themselves are tested
          // over HTTP (tests/http/rate-limits.test.ts) and by the account action's suite.
          env: { RATE_LIMIT_GENERATION: '1000000', RATE_LIMIT_CHALLENGE: '1000000' },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'http',
          include: ['tests/http/**/*.test.ts'],
          globalSetup: ['tests/http/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 600_000,
        },
      },
      {
        resolve: { alias },
        test: { name: 'chain', include: ['tests/chain/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
