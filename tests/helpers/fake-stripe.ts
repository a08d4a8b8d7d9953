import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { type LoopbackServer, startLoopbackServer } from './loopback-server';

/**
 * A loopback stand-in for the parts of Stripe's API the service uses, speaking its wire protocol (form-encoded
 * requests with a Bearer secret key, JSON objects and errors, Idempotency-Key replays) so the official `stripe` SDK
 * talks to it unchanged:
 * - Checkout Sessions (create, retrieve) and a hosted payment page at the session's `url`, whose Pay button marks the
 *   session paid, delivers a signed `checkout.session.completed` webhook and redirects to `success_url`;
 * - shared payment tokens (the test helper that issues one) and PaymentIntents confirmed with one, as `mppx`'s
 *   stripe.charge creates them, and the PaymentIntent search by metadata;
 * - Idempotency-Key as Stripe keeps it: the same key with the same parameters answers the first response again with
 *   `Idempotent-Replayed: true`, with other parameters 400 `idempotency_error`;
 * - refunds delivered as `charge.refunded` webhooks.
 * Webhooks are signed with the SDK's own test-header helper, as Stripe signs them.
 */
export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks go (the service's /api/webhooks/stripe), set once the service runs. */
  setWebhookUrl(url: string): void;
  sessions: Map<string, CheckoutSession>;
  paymentIntents: Map<string, PaymentIntent>;
  /**
   * How many of the next PaymentIntent creations (replays included) Stripe carries out but whose answer is lost: the
   * connection closes before the response, as when a network drops it after Stripe processed the request.
   */
  loseIntentResponses: number;
  /** Every webhook delivered: the body as sent, and the service's status. */
  delivered: Array<{ payload: string; status: number }>;
  /** Signs and delivers an event to the webhook URL; returns the status and body. */
  deliver(event: object, options?: { secret?: string }): Promise<{ status: number; body: string }>;
  refund(paymentIntentId: string, cents: number): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  mode: string;
}

interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_refunded: number;
  currency: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  shared_payment_granted_token: string | null;
  /** The seller network the token was granted to (for a shared-payment-token payment). */
  network_id?: string | null;
}

interface GrantedToken {
  id: string;
  maxAmount: number;
  currency: string;
  networkId: string | null;
  used: boolean;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Stripe's bracketed form keys (`metadata[user_id]`) flattened into one map; we read the keys we need by name. */
const form = (body: string) => new URLSearchParams(body);
/** A request's parameters in one order, for comparing two requests made with the same Idempotency-Key. */
const sortedParams = (params: URLSearchParams) =>
  [...params]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');
const prefixed = (params: URLSearchParams, prefix: string) =>
  Object.fromEntries(
    [...params].filter(([k]) => k.startsWith(`${prefix}[`)).map(([k, v]) => [k.slice(prefix.length + 1, -1), v]),
  );

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
  res.end(JSON.stringify(body));
}

const stripeError = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error') =>
  json(res, status, { error: { type, message } });

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, CheckoutSession>();
  const paymentIntents = new Map<string, PaymentIntent>();
  const tokens = new Map<string, GrantedToken>();
  /** Each Idempotency-Key's request parameters and the response it got, answered again on a replay. */
  const idempotent = new Map<string, { params: string; body: unknown }>();
  const delivered: FakeStripe['delivered'] = [];
  let webhookUrl = '';

  async function deliver(event: object, options: { secret?: string } = {}) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret });
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    const body = await response.text();
    delivered.push({ payload, status: response.status });
    return { status: response.status, body };
  }

  const event = (type: string, object: unknown) => ({
    id: id('evt'),
    object: 'event',
    type,
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });

  async function api(req: IncomingMessage, res: ServerResponse, path: string) {
    // Stripe takes the secret key as a Bearer token (the SDK) or as the Basic user name (mppx's own calls).
    const basic = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
    if (req.headers.authorization !== `Bearer ${secretKey}` && req.headers.authorization !== basic)
      return stripeError(res, 401, 'Invalid API Key provided.', 'authentication_error');
    const params = form(await readBody(req));
    const key = req.headers['idempotency-key'];
    const replayKey = typeof key === 'string' ? `${path} ${key}` : null;
    // The creation of a PaymentIntent is done (or replayed) but its answer never reaches the caller.
    const lost = () => {
      if (req.method !== 'POST' || path !== '/v1/payment_intents' || fake.loseIntentResponses <= 0) return false;
      fake.loseIntentResponses -= 1;
      res.socket?.destroy();
      return true;
    };
    const earlier = replayKey ? idempotent.get(replayKey) : undefined;
    if (earlier && earlier.params !== sortedParams(params))
      return stripeError(
        res,
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        'idempotency_error',
      );
    if (earlier) return lost() || json(res, 200, earlier.body, { 'idempotent-replayed': 'true' });
    const answer = (body: unknown) => {
      if (replayKey) idempotent.set(replayKey, { params: sortedParams(params), body });
      if (!lost()) json(res, 200, body);
    };

    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const amount = Number(params.get('line_items[0][price_data][unit_amount]'));
      const quantity = Number(params.get('line_items[0][quantity]') ?? '1');
      if (!Number.isInteger(amount) || amount < 50) return stripeError(res, 400, 'Amount must be at least $0.50 usd');
      const sessionId = id('cs_test');
      const session: CheckoutSession = {
        id: sessionId,
        object: 'checkout.session',
        url: `${fake.url}/c/pay/${sessionId}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount * quantity,
        currency: params.get('line_items[0][price_data][currency]') ?? 'usd',
        customer_email: params.get('customer_email'),
        client_reference_id: params.get('client_reference_id'),
        metadata: prefixed(params, 'metadata'),
        payment_intent: null,
        success_url: params.get('success_url') ?? '',
        cancel_url: params.get('cancel_url') ?? '',
        mode: params.get('mode') ?? 'payment',
      };
      sessions.set(sessionId, session);
      return answer(session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && sessionMatch) {
      const session = sessions.get(sessionMatch[1]!);
      return session ? json(res, 200, session) : stripeError(res, 404, 'No such checkout.session');
    }
    if (req.method === 'POST' && path === '/v1/test_helpers/shared_payment/granted_tokens') {
      const token: GrantedToken = {
        id: id('spt'),
        maxAmount: Number(params.get('usage_limits[max_amount]')),
        currency: params.get('usage_limits[currency]') ?? 'usd',
        networkId: params.get('seller_details[network_id]'),
        used: false,
      };
      tokens.set(token.id, token);
      return answer({ id: token.id, object: 'shared_payment.granted_token' });
    }
    if (req.method === 'GET' && path === '/v1/payment_intents/search') {
      // Only the one query form the service sends: a metadata field equal to a quoted value.
      const query = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(
        new URL(req.url ?? '', 'http://x').searchParams.get('query') ?? '',
      );
      if (!query) return stripeError(res, 400, 'Unsupported search query');
      const data = [...paymentIntents.values()].filter((intent) => intent.metadata[query[1]!] === query[2]);
      return json(res, 200, { object: 'search_result', url: path, has_more: false, next_page: null, data });
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(params.get('amount'));
      const currency = params.get('currency') ?? '';
      const token = tokens.get(params.get('shared_payment_granted_token') ?? '');
      if (!token) return stripeError(res, 400, 'No such shared payment token');
      if (token.used) return stripeError(res, 400, 'This shared payment token has already been used');
      if (amount > token.maxAmount || currency !== token.currency)
        return stripeError(res, 400, 'The amount exceeds the shared payment token usage limits');
      if (params.get('confirm') !== 'true') return stripeError(res, 400, 'Expected confirm=true');
      token.used = true;
      const intent: PaymentIntent = {
        id: id('pi'),
        object: 'payment_intent',
        amount,
        amount_refunded: 0,
        currency,
        status: 'succeeded',
        metadata: prefixed(params, 'metadata'),
        shared_payment_granted_token: token.id,
        network_id: token.networkId,
      };
      paymentIntents.set(intent.id, intent);
      return answer(intent);
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path})`);
  }

  // The hosted Checkout page: a Pay button, as a person would click it on Stripe's page.
  async function hostedPage(req: IncomingMessage, res: ServerResponse, sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) {
      res.writeHead(404).end('No such checkout');
      return;
    }
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><title>Stripe test checkout</title><main><h1>Pay $${(session.amount_total / 100).toFixed(2)}</h1>` +
          `<form method="post"><button type="submit">Pay</button></form><a href="${session.cancel_url}">Back</a></main></html>`,
      );
      return;
    }
    await readBody(req);
    const intent: PaymentIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      status: 'succeeded',
      metadata: session.metadata,
      shared_payment_granted_token: null,
    };
    paymentIntents.set(intent.id, intent);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
    await deliver(event('checkout.session.completed', session));
    res.writeHead(303, { location: session.success_url }).end();
  }

  const server: LoopbackServer = await startLoopbackServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const pay = /^\/c\/pay\/([^/]+)$/.exec(path);
    const work = pay ? hostedPage(req, res, pay[1]!) : api(req, res, path);
    work.catch((error) => stripeError(res, 500, String(error), 'api_error'));
  });

  const fake: FakeStripe = {
    url: server.origin,
    secretKey,
    webhookSecret,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    sessions,
    paymentIntents,
    loseIntentResponses: 0,
    delivered,
    deliver,
    async refund(paymentIntentId, cents) {
      const intent = paymentIntents.get(paymentIntentId);
      if (!intent) throw new Error(`no payment intent ${paymentIntentId}`);
      intent.amount_refunded += cents;
      return deliver(
        event('charge.refunded', {
          id: id('ch'),
          object: 'charge',
          amount: intent.amount,
          amount_refunded: intent.amount_refunded,
          payment_intent: intent.id,
          refunded: intent.amount_refunded >= intent.amount,
        }),
      );
    },
    close: () => server.close(),
  };
  return fake;
}

/** What createToken of mppx's card method (stripe.charge) receives: the amount and terms the token is granted for. */
interface TokenGrant {
  paymentMethod?: string;
  currency: string;
  amount: string;
  expiresAt: number;
  networkId?: string;
}

/**
 * mppx's card method's createToken, as an agent's own backend does it with its Stripe key: a shared payment token
 * granted to the seller for this amount, from the loopback Stripe's test helper.
 */
export function grantSharedPaymentToken(fake: FakeStripe) {
  return async (input: TokenGrant): Promise<string> => {
    const response = await fetch(`${fake.url}/v1/test_helpers/shared_payment/granted_tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        payment_method: input.paymentMethod!,
        'usage_limits[currency]': input.currency,
        'usage_limits[max_amount]': input.amount,
        'usage_limits[expires_at]': String(input.expiresAt),
        'seller_details[network_id]': input.networkId ?? '',
      }),
    });
    return ((await response.json()) as { id: string }).id;
  };
}
