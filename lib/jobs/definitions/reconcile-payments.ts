import { getDb } from '@/lib/db/client';
import { defineJob } from '@/lib/jobs/definition';
import { drainOutbox } from '@/lib/payments/settlements/outbox';
import { reconcileSettlement } from '@/lib/payments/settlements/reconcile';
import { listOpenSettlements } from '@/lib/payments/settlements/store';
import { paymentSetup } from '@/lib/payments/setup';

/** A settlement younger than this may still be answered in its own request: the job leaves it alone. */
const SETTLE_GRACE_MS = 30_000;

/**
 * Every minute: records the payments waiting in the outbox, and finds out what became of wallet settlements whose
 * outcome was unknown (lib/payments/settlements/reconcile). What stays open is listed by `admin payments --pending`.
 */
export const reconcilePaymentsJob = defineJob({
  id: 'reconcile-payments',
  trigger: { cron: '* * * * *' },
  retries: 1,
  concurrency: 1,
  singleton: {},
  async handler({ step }) {
    const outbox = await step.run('record the payment outbox', async () => drainOutbox(await getDb()));
    const settlements = await step.run('reconcile pending settlements', async () => {
      const db = await getDb();
      const x402 = paymentSetup().x402;
      const outcomes: Record<string, number> = {};
      if (!x402) return outcomes;
      for (const settlement of await listOpenSettlements(db)) {
        if (settlement.status !== 'pending') continue;
        if (Date.now() - Date.parse(settlement.createdAt) < SETTLE_GRACE_MS) continue;
        const status = await reconcileSettlement(db, settlement, x402);
        outcomes[status] = (outcomes[status] ?? 0) + 1;
      }
      return outcomes;
    });
    return { outbox, settlements };
  },
});
