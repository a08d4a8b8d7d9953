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
  ],
  // Agents in browsers read the payment headers, so the API exposes them to cross-origin callers.
  async headers() {
    return [
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
