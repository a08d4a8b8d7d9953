import { appContext } from '@/lib/app/process-context';
import { refundOrphanedDebits } from '@/lib/credits/refund-orphaned';
import { getDb } from '@/lib/db/client';
import { defineJob } from '@/lib/jobs/definition';
import { claimDueVouchers } from '@/lib/payments/batch-settlement/claims';
import { sessionPayee, settleDueSessionChannels } from '@/lib/payments/mpp-session/settle';
import { drainOutbox } from '@/lib/payments/settlements/outbox';
import { reconcilePendingSettlements } from '@/lib/payments/settlements/reconcile';

/**
 * Every minute: records the payments waiting in the outbox, finds out what became of wallet settlements (x402 and
 * MPP) and x402 batch claims whose outcome was unknown, claims x402 vouchers on chain when enough are due
 * (lib/payments/batch-settlement/claims), settles MPP session channels' spent vouchers when due
 * (lib/payments/mpp-session/settle), and refunds credit debits whose payment was never recorded (a crash between
 * the two) (lib/payments/settlements/reconcile). What stays open is listed by `admin payments --pending`.
 */
export const reconcilePaymentsJob = defineJob({
  id: 'reconcile-payments',
  trigger: { cron: '* * * * *' },
  retries: 1,
  concurrency: 1,
  singleton: {},
  async handler({ step }) {
    const outbox = await step.run('record the payment outbox', async () => drainOutbox(await getDb()));
    const settlements = await step.run('reconcile pending settlements', async () =>
      reconcilePendingSettlements(await getDb(), (await appContext()).payments),
    );
    // After an interrupted claim was finished, so its vouchers are not claimed again.
    const claims = await step.run('claim x402 batch-settlement vouchers', async () => {
      const x402 = (await appContext()).payments.x402;
      if (!x402?.batchSettlement) return null;
      return claimDueVouchers(await getDb(), x402, x402.batchSettlement.claims);
    });
    // After an interrupted settle was finished, so it is not sent twice.
    const sessionSettles = await step.run('settle MPP session vouchers', async () => {
      const mpp = (await appContext()).payments.mpp;
      const payee = sessionPayee(mpp);
      if (!payee || !mpp?.tempo?.session) return null;
      return settleDueSessionChannels(await getDb(), payee, mpp.tempo.session.settle);
    });
    // After the outbox is drained: a debit whose payment only waited there is not refunded.
    const refunded = await step.run('refund debits whose payment was never recorded', async () =>
      refundOrphanedDebits(await getDb()),
    );
    return { outbox, settlements, claims, sessionSettles, refunded: refunded.length };
  },
});
