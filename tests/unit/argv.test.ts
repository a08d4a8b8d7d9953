import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '@/lib/operator/argv';

describe('parseCommandLine', () => {
  it('splits command words from options', () => {
    expect(parseCommandLine(['keys', 'create', '--email', 'a@b.c', '--name', 'ci', '--json'])).toEqual({
      command: 'keys create',
      options: { email: 'a@b.c', name: 'ci', json: true },
    });
  });

  it('reads --key=value and trailing flags', () => {
    expect(parseCommandLine(['seed', '--posts=100000', '--reset'])).toEqual({
      command: 'seed',
      options: { posts: '100000', reset: true },
    });
  });

  it('keeps a stray word visible instead of dropping it', () => {
    expect(parseCommandLine(['seed', '--reset', 'now', 'extra']).options).toEqual({
      reset: 'now',
      'unexpected argument "extra"': true,
    });
  });

  it('recognizes -h as help', () => {
    expect(parseCommandLine(['-h']).options).toEqual({ help: true });
  });
});
