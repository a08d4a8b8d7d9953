import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/types';
import {
  allowedTransition,
  ForbiddenTransitionError,
  TRANSITIONS,
  transition,
  WALLET_PAYMENT_STATES,
  type WalletPaymentState,
} from '@/lib/payments/settlements/states';

const STATES = Object.keys(WALLET_PAYMENT_STATES) as WalletPaymentState[];
const EDGES = Object.keys(TRANSITIONS).map((edge) => edge.split(' → ') as [WalletPaymentState, WalletPaymentState]);
const allowed = new Set(Object.keys(TRANSITIONS));

describe('wallet payment states', () => {
  it('accepts every transition in the table, between states it declares', () => {
    expect(EDGES.length).toBeGreaterThan(0);
    for (const [from, to] of EDGES) {
      expect(STATES).toContain(from);
      expect(STATES).toContain(to);
      expect(allowedTransition(from, to)).toBe(TRANSITIONS[`${from} → ${to}` as keyof typeof TRANSITIONS]);
    }
  });

  it('refuses every other pair of states as a programming error', () => {
    let refused = 0;
    for (const from of STATES) {
      for (const to of STATES) {
        if (allowed.has(`${from} → ${to}`)) continue;
        expect(() => allowedTransition(from, to)).toThrow(ForbiddenTransitionError);
        refused++;
      }
    }
    expect(refused).toBe(STATES.length ** 2 - EDGES.length);
    // The ones a careless caller might try: skipping the settlement, delivering a failure, settling twice.
    for (const [from, to] of [
      ['challenged', 'settled'],
      ['claimed', 'settled'],
      ['failed', 'recorded'],
      ['settled', 'settling'],
      ['recorded', 'recorded'],
      ['undelivered', 'recorded'],
      ['released', 'claimed'],
    ] as const) {
      expect(() => allowedTransition(from, to)).toThrow(`a wallet payment cannot go from ${from} to ${to}`);
    }
  });

  it('refuses a forbidden transition before touching any store', async () => {
    const untouchable = new Proxy({} as Db, {
      get: () => {
        throw new Error('the store was touched');
      },
    });
    const forbidden = transition as unknown as (
      db: Db,
      key: string,
      from: string,
      to: string,
      change?: unknown,
    ) => Promise<void>;
    await expect(forbidden(untouchable, 'x402:k', 'settled', 'settling')).rejects.toBeInstanceOf(
      ForbiddenTransitionError,
    );
  });

  it('reaches every state from a challenge, and says who recovers each one after a crash', () => {
    const reached = new Set<WalletPaymentState>(['challenged']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [from, to] of EDGES) {
        if (reached.has(from) && !reached.has(to)) {
          reached.add(to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...STATES].sort());
    for (const state of STATES) expect(WALLET_PAYMENT_STATES[state].ifTheProcessStops.length).toBeGreaterThan(20);
    for (const [from, to] of EDGES) {
      expect(TRANSITIONS[`${from} → ${to}` as keyof typeof TRANSITIONS].by.length).toBeGreaterThan(5);
    }
  });

  it('is the only caller of the writers of the payment stores in the service code', () => {
    // The writers of each store, and the one file besides states.ts allowed to call each (where it is defined).
    const writers: Record<string, string> = {
      claimKey: 'lib/payments/replay-store.ts', // mppx's own claims (tryClaim) live there too
      releaseKey: 'lib/payments/replay-store.ts',
      openSettlement: 'lib/payments/settlements/store.ts',
      resolveSettlement: 'lib/payments/settlements/store.ts',
      recordPayment: 'lib/payments/record.ts',
      recordPaymentIn: 'lib/payments/record.ts',
      markUndelivered: 'lib/payments/record.ts',
      insertOutboxRow: 'lib/payments/settlements/outbox-store.ts',
      appendOutboxLine: 'lib/payments/settlements/outbox-store.ts',
      noteOutboxError: 'lib/payments/settlements/outbox-store.ts',
      markOutboxRecorded: 'lib/payments/settlements/outbox-store.ts',
    };
    const root = path.resolve(import.meta.dirname, '../..');
    const sources = ['lib', 'app', 'scripts']
      .flatMap((dir) =>
        readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`),
      )
      .filter((file) => /\.tsx?$/.test(file));
    const offenders: string[] = [];
    for (const file of sources) {
      if (file === 'lib/payments/settlements/states.ts') continue;
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const [writer, home] of Object.entries(writers)) {
        if (file !== home && new RegExp(`\\b${writer}\\(`).test(text)) offenders.push(`${file}: ${writer}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
