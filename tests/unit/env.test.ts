import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';

describe('parseEnv', () => {
  it('needs no variable at all: embedded database with demo data', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ DATA_DIR: '.data', PORT: 3000, DEMO_POSTS: 1500, seedDemoData: true });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('does not seed a configured PostgreSQL unless asked', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h/db' }).seedDemoData).toBe(false);
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' })).toMatchObject({ PORT: 3000, seedDemoData: true });
  });

  it('names every invalid variable in one clear message', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x', PORT: 'abc', OPERATOR_TOKEN: 'short' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/.*\n.*PORT.*\n.*OPERATOR_TOKEN: must be at least 32 characters/s,
    );
  });
});
