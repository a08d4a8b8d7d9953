import { createHash } from 'node:crypto';
import { Receipt } from 'mppx';
import { ApiError } from '@/lib/api/errors';
import { getDb } from '@/lib/db/client';
import { type ChallengeOptions, mppRealm, paymentRequiredResponse } from './challenge';
import { readCredential } from './credential';
import { payWithBearer } from './credits-flow';
import { deliver } from './deliver';
import { chargeWithMpp } from './mpp/charge';
import type { PaidOffer } from './offer';
import { paymentSetup } from './setup';
import { payWithX402 } from './x402/pay';

/**
 * Sells one resolved offer. Route handlers call this only after validation and content resolution (400, 404 and 503
 * never reach it), so a challenge is only issued, and money only taken, for content that will be delivered.
 * Every request is charged again; nothing grants lasting access.
 */
export async function sellOffer(request: Request, offer: PaidOffer, body = ''): Promise<Response> {
  const db = await getDb();
  const setup = paymentSetup();
  const bodySha256 = createHash('sha256').update(body).digest('hex');
  const credential = readCredential(request.headers);
  const challenge = (options: Omit<ChallengeOptions, 'bodySha256'> = {}) =>
    paymentRequiredResponse(request, offer, setup, { bodySha256, ...options });

  switch (credential.kind) {
    case 'invalid':
      throw new ApiError({ code: 'unauthorized', message: credential.reason });
    case 'none':
      return challenge();
    case 'bearer':
      return payWithBearer(db, request, offer, setup, credential.token);
    case 'x402': {
      if (!setup.x402) return challenge({ refusal: 'x402 is not enabled on this service.' });
      const outcome = await payWithX402(db, request, offer, setup.x402, credential.paymentSignature);
      if (outcome instanceof Response) return outcome;
      return challenge({ refusal: outcome.refused, paymentResponse: outcome.paymentResponse });
    }
    case 'mpp': {
      const outcome = setup.mpp
        ? await chargeWithMpp(setup.mpp, mppRealm(request, setup.mpp), request, offer, bodySha256)
        : null;
      if (!outcome) return challenge({ refusal: 'MPP is not enabled on this service.' });
      if (outcome.status === 402) return challenge({ mppChallenge: outcome.challenge });
      // mppx has verified and settled the payment; its receipt names the payment (transaction hash or charge id).
      const receiptHeader = outcome.withReceipt(new Response(null)).headers.get('Payment-Receipt') ?? '';
      const receipt = Receipt.deserialize(receiptHeader);
      return deliver(db, request, offer, {
        protocol: 'mpp',
        uniqueKey: `mpp:${receipt.method}:${receipt.reference}`,
        amountCents: offer.priceCents,
        method: receipt.method,
        reference: receipt.reference,
        headers: { 'Payment-Receipt': receiptHeader },
      });
    }
  }
}
