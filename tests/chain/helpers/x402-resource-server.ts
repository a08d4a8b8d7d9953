import { createServer } from 'node:http';
import {
  decodePaymentSignatureHeader,
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
} from '@x402/core/http';
import { HTTPFacilitatorClient, x402ResourceServer } from '@x402/core/server';
import type { PaymentRequirements, SchemeNetworkServer } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import { listenOnLoopback } from '@/lib/payments/sandbox/listen';
import type { SandboxConfig } from '@/lib/payments/sandbox/start';

/**
 * The smallest honest x402 v2 resource server: one paid resource, built from @x402/core's x402ResourceServer, the
 * EVM exact scheme and an HTTP facilitator client. Order matters and mirrors what a real route must do: answer
 * 402 + PAYMENT-REQUIRED without a payment; with one, match it to our requirements, verify, produce the content,
 * and settle only then; the paid answer carries PAYMENT-RESPONSE. The scheme is `exact` unless another server scheme
 * (batch-settlement) is handed in.
 */
export async function startX402ResourceServer(
  config: SandboxConfig['x402'],
  price = '$0.10',
  scheme: SchemeNetworkServer = new ExactEvmScheme(),
) {
  const facilitator = new HTTPFacilitatorClient({ url: config.facilitatorUrl });
  const resourceServer = new x402ResourceServer(facilitator).register(config.network, scheme);
  await resourceServer.initialize(); // asks the facilitator which scheme/network pairs it supports (GET /supported)
  // Deterministic requirements: built once, the same for the challenge and for the paid retry.
  const requirements: PaymentRequirements[] = await resourceServer.buildPaymentRequirements({
    scheme: scheme.scheme,
    network: config.network,
    price,
    payTo: config.payTo,
  });

  const problem = (detail: string) =>
    JSON.stringify({ type: 'about:blank', title: 'Payment Required', status: 402, detail });
  const server = createServer(async (req, res) => {
    try {
      const url = `http://${req.headers.host}${req.url}`;
      const signature = req.headers['payment-signature'];
      const challenge = async (error: string, extra: Record<string, string> = {}) => {
        const resource = { url, description: 'A test report', mimeType: 'application/json' };
        const paymentRequired = await resourceServer.createPaymentRequiredResponse(requirements, resource, error);
        const headers = {
          'content-type': 'application/problem+json',
          'cache-control': 'no-store',
          'PAYMENT-REQUIRED': encodePaymentRequiredHeader(paymentRequired),
          ...extra,
        };
        res.writeHead(402, headers).end(problem(error));
      };
      if (typeof signature !== 'string') return await challenge('Payment required');

      let payload: ReturnType<typeof decodePaymentSignatureHeader>;
      try {
        payload = decodePaymentSignatureHeader(signature); // throws on anything but base64 JSON
      } catch {
        return await challenge('Malformed PAYMENT-SIGNATURE header');
      }
      const accepted = resourceServer.findMatchingRequirements(requirements, payload);
      if (!accepted) return await challenge('The payment does not match this resource');
      const verification = await resourceServer.verifyPayment(payload, accepted);
      if (!verification.isValid) return await challenge(`Payment invalid: ${verification.invalidReason ?? 'unknown'}`);

      const content = JSON.stringify({ report: 'paid content', payer: verification.payer });
      const settlement = await resourceServer.settlePayment(payload, accepted);
      if (!settlement.success) {
        const receipt = { 'PAYMENT-RESPONSE': encodePaymentResponseHeader(settlement) };
        return await challenge(`Settlement failed: ${settlement.errorReason ?? 'unknown'}`, receipt);
      }
      const headers = {
        'content-type': 'application/json',
        'PAYMENT-RESPONSE': encodePaymentResponseHeader(settlement),
      };
      res.writeHead(200, headers).end(content);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) }));
    }
  });
  const listening = await listenOnLoopback(server);
  return { ...listening, requirements, facilitator, resourceServer };
}
