import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '@/lib/post-failures/backoff';
import { describeError } from '@/lib/post-failures/describe-error';
import { isDataFault, PostAnalysisError } from '@/lib/post-failures/is-item-fault';
import { isolateFailures } from '@/lib/post-failures/isolate-failures';

const pgError = (code: string, message = 'refused') => Object.assign(new Error(message), { code });

describe('isolateFailures', () => {
  // All-or-nothing, like a transaction: the attempt fails when any of its items is bad.
  const run = async (items: number[], bad: Set<number>) => {
    const attempts: number[][] = [];
    const passed: number[] = [];
    const quarantined: number[] = [];
    await isolateFailures(
      items,
      async (some) => {
        attempts.push([...some]);
        if (some.some((item) => bad.has(item))) throw pgError('42601');
        passed.push(...some);
      },
      async (item) => {
        quarantined.push(item);
      },
    );
    return { attempts, passed: passed.sort((a, b) => a - b), quarantined };
  };

  it('lets every good item through and quarantines exactly the bad ones, in about 2·log2(n) extra attempts', async () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    const { attempts, passed, quarantined } = await run(items, new Set([417]));
    expect(quarantined).toEqual([417]);
    expect(passed).toEqual(items.filter((i) => i !== 417));
    expect(attempts.length).toBeLessThanOrEqual(1 + 2 * Math.ceil(Math.log2(1000)));
  });

  it('isolates several bad items, and a batch with none is one attempt', async () => {
    const items = Array.from({ length: 64 }, (_, i) => i);
    expect((await run(items, new Set([0, 31, 32, 63]))).quarantined).toEqual([0, 31, 32, 63]);
    expect((await run(items, new Set())).attempts).toHaveLength(1);
  });

  it('throws at once on an error that cannot be an item fault, and when stopped', async () => {
    const lost = new Error('connection lost');
    const quarantined: number[] = [];
    const tries: number[][] = [];
    const attempt = async (some: readonly number[]) => {
      tries.push([...some]);
      throw lost;
    };
    await expect(
      isolateFailures([1, 2, 3, 4], attempt, async (i) => void quarantined.push(i), { isItemFault: isDataFault }),
    ).rejects.toBe(lost);
    expect(tries).toHaveLength(1);
    const stopped = new AbortController();
    stopped.abort();
    await expect(
      isolateFailures([1, 2], attempt, async (i) => void quarantined.push(i), { signal: stopped.signal }),
    ).rejects.toBe(lost);
    expect(quarantined).toEqual([]);
  });
});

describe('isDataFault', () => {
  it("counts refused data as the row's fault, and the connection, the server and locks as nobody's", () => {
    expect(isDataFault(pgError('42601', 'syntax error in tsvector'))).toBe(true);
    expect(isDataFault(pgError('54000', 'word is too long'))).toBe(true);
    expect(isDataFault(pgError('22021', 'invalid byte sequence'))).toBe(true);
    expect(isDataFault(pgError('P0001', 'raised by a trigger'))).toBe(true);
    for (const code of ['08006', '40P01', '57P01', '53100', '55P03', 'XX000', '25P02']) {
      expect(isDataFault(pgError(code))).toBe(false);
    }
    expect(isDataFault(new Error('connection lost'))).toBe(false);
    expect(isDataFault(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe(false);
    expect(isDataFault(new PostAnalysisError('p', new RangeError('stack')))).toBe(false);
  });
});

describe('failure details', () => {
  it('backs off a minute, then four times longer each attempt, at most a day', () => {
    expect([1, 2, 3, 4, 5, 9, 50].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 4, 16, 64, 256, 1440, 1440]);
  });

  it('keeps a reason on one bounded line', () => {
    expect(describeError(new Error('syntax error\n  in tsvector'))).toBe('syntax error in tsvector');
    expect(describeError(new Error('x'.repeat(5000)))).toHaveLength(500);
    expect(describeError('plain')).toBe('plain');
  });
});
