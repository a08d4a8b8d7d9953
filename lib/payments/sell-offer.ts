import { createHash } from 'node:crypto';
import { ApiError } from '@/lib/api/errors';
import { errorResponse } from '@/lib/api/handler';
import { appContext } from '@/lib/app/process-context';
import { getDb } from '@/lib/db/client';
import type { Db } from '@/lib/db/types';
import { payWithBearer } from './bearer/pay';
import { paymentRequiredResponse } from './challenge';
import { type PresentedCredential, readCredential } from './credential';
import { deliver } from './deliver';
import { payWithMpp } from './mpp/pay';
import type { PaidOffer } from './offer';
import type { PaymentOutcome } from './outcome';
import type { PaymentSetup } from './setup';
import { payWithX402 } from './x402/pay';

/**
 * The process database and payment setup by default; tests hand in their own. The wallet replay store (x402 nonces,
 * mppx) still uses the process database.
 */
export interface SellOfferDeps {
  db?: Db;
  setup?: PaymentSetup;
}

/**
 * Sells one resolved offer. Route handlers call this only after validation and content resolution (400, 404 and 503
 * never reach it), so a challenge is only issued, and money only taken, for content that will be delivered.
 * Every request is charged again; nothing grants lasting access. This is the one settlement point: each adapter
 * returns a PaymentOutcome, and only here is a paid outcome recorded and delivered.
 */
export async function sellOffer(
  request: Request,
  offer: PaidOffer,
  body = '',
  deps: SellOfferDeps = {},
): Promise<Response> {
  const db = deps.db ?? (await getDb());
  const setup = deps.setup ?? (await appContext()).payments;
  const bodySha256 = createHash('sha256').update(body).digest('hex');
  // Only GET and POST buy. A HEAD (which Next answers with the GET handler, dropping the body) would otherwise be
  // charged for content it never receives: it gets the challenge, so a client can still read the price.
  if (!SELLING_METHODS.has(request.method)) {
    const refusal = `${request.method} requests are never charged: repeat as GET or POST to buy.`;
    return paymentRequiredResponse(request, offer, setup, { bodySha256, refusal });
  }
  const credential = readCredential(request.headers);
  // Each adapter runs offer.prepare once the credential is verified and before any money moves: a request that only
  // carries a payment header never gets a brief written for it.
  const outcome = await pay(credential, { db, request, offer, setup, bodySha256 });
  switch (outcome.kind) {
    case 'paid':
      return deliver(db, request, offer, outcome.delivery);
    case 'answered':
      return outcome.response;
    case 'refused':
      return paymentRequiredResponse(request, offer, setup, { bodySha256, ...outcome.challenge });
    case 'rejected':
      return errorResponse(outcome.error, request);
  }
}

const SELLING_METHODS = new Set(['GET', 'POST']);

interface Sale {
  db: Db;
  request: Request;
  offer: PaidOffer;
  setup: PaymentSetup;
  bodySha256: string;
}

/** Hands the credential to its adapter. No credential is refused with the plain challenge. */
async function pay(
  credential: PresentedCredential,
  { db, request, offer, setup, bodySha256 }: Sale,
): Promise<PaymentOutcome> {
  switch (credential.kind) {
    case 'invalid':
      return { kind: 'rejected', error: new ApiError({ code: 'unauthorized', message: credential.reason }) };
    case 'none':
      return { kind: 'refused', challenge: {} };
    case 'bearer':
      return payWithBearer(db, offer, setup, credential.token);
    case 'x402':
      return payWithX402(request, offer, setup, credential.paymentSignature);
    case 'mpp':
      return payWithMpp(db, request, offer, setup, bodySha256);
  }
}
