/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WASM and extension bundles from its own package folder at run time,
  // so these must stay plain Node modules instead of being bundled.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-pgvector',
    'postgres',
  ],
  poweredByHeader: false,
};

export default nextConfig;
