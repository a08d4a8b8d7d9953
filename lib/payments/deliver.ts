import { refundDebit } from '@/lib/credits/refund';
import type { Db } from '@/lib/db/types';
import { REQUEST_ID_HEADER } from '@/lib/operations/request-context';
import type { PaidOffer } from './offer';
import { centsToUsd } from './pricing';
import { DuplicatePaymentError, type PaymentRecord } from './record';
import { keepInOutbox } from './settlements/outbox';
import { transition } from './settlements/states';

export type Delivery = Omit<PaymentRecord, 'httpMethod' | 'delivered' | 'requestId'> & {
  /** For credit payments: the debit to give back if the answer cannot be recorded or sent. */
  refundLedgerKey?: string;
  headers?: Record<string, string>;
};

/**
 * The last step of every paid request, after the money moved: record the payment and its sales once, then send the
 * content. If recording fails, a credit debit is refunded; if sending fails after recording, the payment is marked
 * undelivered so it stays visible instead of silently lost. sellOffer is the only caller, for a paid outcome.
 */
export async function deliver(db: Db, request: Request, offer: PaidOffer, delivery: Delivery): Promise<Response> {
  const { refundLedgerKey, headers, ...payment } = delivery;
  const refund = (ledgerKey: string) =>
    refundDebit(db, ledgerKey).catch((e: unknown) => console.error('[payments] refund failed', e));
  try {
    const record = { ...payment, httpMethod: request.method, requestId: requestIdOf(request), delivered: true };
    await transition(db, payment.uniqueKey, 'settled', 'recorded', { offer, payment: record });
  } catch (error) {
    if (refundLedgerKey) await refund(refundLedgerKey);
    // A wallet payment already recorded (an identical retry raced this one): nothing is lost or delivered twice.
    else if (!(error instanceof DuplicatePaymentError)) {
      // A wallet payment settled on chain but missing from our records: into the durable outbox, which the
      // reconcile job records from; the log line is only a pointer to it.
      const record = {
        ...payment,
        httpMethod: request.method,
        requestId: requestIdOf(request),
        delivered: false,
        failure: 'record failed',
      };
      await keepInOutbox(db, offer, record, error);
      console.error(
        '[payments] settled payment could not be recorded; kept in the payment outbox',
        JSON.stringify({ ...payment, resource: offer.resource }),
        error,
      );
    }
    throw error;
  }
  try {
    const response = offer.respond({
      amountUsd: centsToUsd(payment.amountCents),
      protocol: payment.protocol,
      ...(payment.spendSource ? { spendSource: payment.spendSource } : {}),
    });
    for (const [name, value] of Object.entries(headers ?? {})) response.headers.set(name, value);
    // What was charged, in headers too: the stock-picks body has no paymentInfo, and the request log reads them.
    response.headers.set('X-Payment-Amount-Usd', centsToUsd(payment.amountCents));
    response.headers.set('X-Payment-Protocol', payment.protocol);
    return response;
  } catch (error) {
    const failure = error instanceof Error ? error.message : String(error);
    await transition(db, payment.uniqueKey, 'recorded', 'undelivered', failure);
    if (refundLedgerKey) await refund(refundLedgerKey);
    throw error;
  }
}

function requestIdOf(request: Request): string | undefined {
  return request.headers.get(REQUEST_ID_HEADER) ?? undefined;
}
