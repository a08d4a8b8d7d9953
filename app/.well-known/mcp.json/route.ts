import { PUBLICATION_RESOURCE } from '@/app/mcp/server';
import { MCP_TOOLS } from '@/app/mcp/tools';
import { SERVICE_NAME } from '@/components/SiteHeader';
import { originCacheHeaders, publicBaseUrl } from '@/lib/api/base-url';
import { PRICE_RANGE_USD } from '@/lib/api/openapi/payment-offers';
import { appContext } from '@/lib/app/process-context';
import { MCP_PATH, MCP_SERVER_NAME } from '@/lib/mcp/discovery';
import { liveMethods } from '@/lib/payments/setup';

export const dynamic = 'force-dynamic';

/** The MCP server card: where to connect, which tools there are, what each costs and how to pay. */
export async function GET(request: Request) {
  const origin = publicBaseUrl(request);
  const setup = (await appContext()).payments;
  return Response.json(
    {
      name: MCP_SERVER_NAME,
      title: SERVICE_NAME,
      description:
        'Free search over premium financial newsletters and podcasts; paid per call: AI post summaries and daily stock picks.',
      version: '1.0.0',
      remotes: [{ type: 'streamable-http', url: `${origin}${MCP_PATH}` }],
      stateless: true,
      authentication: {
        optional: true,
        scheme: 'Bearer',
        description:
          'An API key (pk_svc_…, purchased credits) or session token (st_…, weekly allowance first) from /account.',
      },
      payments: {
        methods: liveMethods(setup),
        x402: { paymentMeta: 'x402/payment', responseMeta: 'x402/payment-response' },
        mpp: {
          credentialMeta: 'org.paymentauth/credential',
          paymentRequiredMeta: 'org.paymentauth/payment-required',
          receiptMeta: 'org.paymentauth/receipt',
        },
      },
      tools: MCP_TOOLS.map((tool) => ({
        name: tool.name,
        title: tool.title,
        description: tool.route.summary,
        paid: tool.price !== null,
        ...(tool.price ? { price: { ...tool.price(setup.prices).card, rangeUsd: PRICE_RANGE_USD } } : {}),
      })),
      resources: [{ uriTemplate: PUBLICATION_RESOURCE, mimeType: 'application/json' }],
    },
    { headers: originCacheHeaders() },
  );
}
