/** Where agents find the MCP server, named by every discovery document (OpenAPI, llms.txt, the home page). */
export const MCP_PATH = '/mcp';
/** The MCP server's name, as `initialize` reports it and the server card names it. */
export const MCP_SERVER_NAME = 'financial-publications-research';
export const MCP_SERVER_CARD_PATH = '/.well-known/mcp.json';

/** The OpenAPI document's `x-mcp` note. */
export function mcpNote(origin: string | undefined) {
  return {
    url: `${origin ?? ''}${MCP_PATH}`,
    transport: 'streamable-http',
    stateless: true,
    serverCard: `${origin ?? ''}${MCP_SERVER_CARD_PATH}`,
    payments:
      'Paid tools take the connection\'s Authorization header (API key or session token), an MPP credential in _meta["org.paymentauth/credential"], or an x402 PaymentPayload in _meta["x402/payment"].',
  };
}

/** Copy-paste configuration for common MCP hosts. */
export function mcpHostConfigs(origin: string) {
  const url = `${origin}${MCP_PATH}`;
  return {
    claudeCode: `claude mcp add --transport http finpub ${url} --header "Authorization: Bearer pk_svc_…"`,
    json: JSON.stringify(
      { mcpServers: { finpub: { type: 'http', url, headers: { Authorization: 'Bearer pk_svc_…' } } } },
      null,
      2,
    ),
  };
}
