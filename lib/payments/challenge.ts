import { randomUUID } from 'node:crypto';
import type { PaymentPayload } from '@x402/core/types';
import { publicBaseUrl } from '@/lib/api/base-url';
import { chargeWithMpp } from './mpp/charge';
import type { PaidOffer } from './offer';
import { centsToUsd } from './pricing';
import { liveMethods, type PaymentMethodName, type PaymentSetup } from './setup';
import { x402ChallengeHeader, x402Requirements } from './x402/challenge';
import { x402ServerFor } from './x402/resource-server';

/** What a refused credential adds to the fresh 402; all optional, so `{}` is the plain challenge. */
export interface ChallengeExtras {
  /**
   * Why the presented payment was refused, or why its protocol is not enabled here (x402 or MPP): shown as the
   * problem's detail and in PAYMENT-REQUIRED.error, where x402 clients look for it.
   */
  refusal?: string;
  /** PAYMENT-RESPONSE of a failed x402 settlement ({success: false, errorReason}). */
  paymentResponse?: string;
  /** The refused x402 payment, when its scheme corrects the payer through the challenge (a voucher out of step). */
  x402Payload?: PaymentPayload;
  /** mppx's own 402 for a refused MPP credential: its problem body and fresh challenge are kept. */
  mppChallenge?: Response;
}

export interface ChallengeOptions extends ChallengeExtras {
  bodySha256: string;
}

const HOW_TO_PAY: Record<PaymentMethodName, string> = {
  x402: 'x402 v2 (PAYMENT-REQUIRED)',
  mpp: 'MPP (WWW-Authenticate)',
  credits: 'Authorization: Bearer <API key or session token>',
};

/** The MPP realm: configured, else the public host the client addressed. */
export function mppRealm(request: Request, setup: NonNullable<PaymentSetup['mpp']>): string {
  return setup.realm ?? new URL(publicBaseUrl(request)).host;
}

/**
 * The one 402 of every paid route: an MPP challenge per offered method in WWW-Authenticate, the x402 v2 challenge in
 * PAYMENT-REQUIRED, and an RFC 9457 problem body. Decided only after the content and price are known.
 */
export async function paymentRequiredResponse(
  request: Request,
  offer: PaidOffer,
  setup: PaymentSetup,
  options: ChallengeOptions,
): Promise<Response> {
  const headers = new Headers({ 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' });
  const price = `$${centsToUsd(offer.priceCents)}`;
  const methods = liveMethods(setup);
  let problem: Record<string, unknown> = {
    type: 'https://paymentauth.org/problems/payment-required',
    title: 'Payment Required',
    status: 402,
    detail:
      options.refusal ??
      `${offer.description} costs ${price}. Pay with ${[...methods.slice(1), methods[0]!].map((m) => HOW_TO_PAY[m]).join(' or ')}, then repeat this exact request.` +
        (setup.testMoney ? ' This service runs a payment sandbox: TEST MONEY ONLY (see DATA_DIR/sandbox.json).' : ''),
  };

  const mppChallenge = options.mppChallenge ?? (await freshMppChallenge(request, offer, setup, options.bodySha256));
  const wwwAuthenticate = mppChallenge?.headers.get('WWW-Authenticate');
  if (wwwAuthenticate) {
    headers.set('WWW-Authenticate', wwwAuthenticate);
    problem.challengeId = /\bid="([^"]+)"/.exec(wwwAuthenticate)?.[1];
    if (options.mppChallenge) {
      const mppProblem = (await options.mppChallenge.json().catch(() => null)) as Record<string, unknown> | null;
      if (mppProblem && typeof mppProblem.type === 'string') problem = { ...mppProblem, status: 402 };
    }
  }

  if (setup.x402) {
    try {
      const server = await x402ServerFor(setup.x402);
      const requirements = await x402Requirements(server, setup.x402, offer);
      const header = await x402ChallengeHeader(server, requirements, offer, options.refusal, options.x402Payload);
      headers.set('PAYMENT-REQUIRED', header);
    } catch (error) {
      // The facilitator being unreachable must not hide the other ways to pay.
      console.error('[payments] x402 challenge unavailable:', error instanceof Error ? error.message : error);
    }
  }
  if (options.paymentResponse) headers.set('PAYMENT-RESPONSE', options.paymentResponse);
  problem.challengeId ??= randomUUID();
  problem.paymentMethods = methods;
  return new Response(JSON.stringify(problem), { status: 402, headers });
}

async function freshMppChallenge(
  request: Request,
  offer: PaidOffer,
  setup: PaymentSetup,
  bodySha256: string,
): Promise<Response | undefined> {
  if (!setup.mpp) return undefined;
  const outcome = await chargeWithMpp(
    setup.mpp,
    mppRealm(request, setup.mpp),
    withoutCredentials(request),
    offer,
    bodySha256,
  );
  return outcome?.status === 402 ? outcome.challenge : undefined;
}

/** The same request minus its payment headers, so mppx issues a plain challenge. */
function withoutCredentials(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete('authorization');
  headers.delete('payment-signature');
  return new Request(request.url, { method: request.method, headers });
}
