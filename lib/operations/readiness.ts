import { getDb } from '@/lib/db/client';
import { pendingMigrations } from '@/lib/db/pending-migrations';
import { liveMethods, paymentSetup } from '@/lib/payments/setup';

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  pendingMigrations: string[];
  payments: { methods: string[]; testMoney: boolean };
}

const DATABASE_TIMEOUT_MS = 2000;

/**
 * Whether this instance should receive traffic: its database answers within 2 s with every migration applied. The
 * payment methods it sells with are reported (credits always; x402 and MPP when configured or sandboxed).
 */
export async function checkReadiness(): Promise<Readiness> {
  const setup = paymentSetup();
  const payments = {
    methods: liveMethods(setup),
    testMoney: setup.testMoney,
  };
  try {
    const pending = await withTimeout(
      (async () => {
        const db = await getDb();
        await db.query('select 1');
        return pendingMigrations(db);
      })(),
      DATABASE_TIMEOUT_MS,
    );
    return { ready: pending.length === 0, database: 'ok', pendingMigrations: pending, payments };
  } catch {
    return { ready: false, database: 'unreachable', pendingMigrations: [], payments };
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
