// @ts-check
import createNextIntlPlugin from 'next-intl/plugin';

// Messages are compiled from ICU to a compact array form at build time (next-intl's
// catalog loader, icu-minify), so the browser ships a ~1 kB formatter instead of the
// ICU parser of intl-messageformat (~11 kB gzip in every page's first load).
const withNextIntl = createNextIntlPlugin({
  requestConfig: './app/_lib/i18n/request.ts',
  experimental: {
    messages: { path: './messages', format: 'json', locales: 'infer', precompile: true },
  },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // sim-core is TypeScript source in an npm workspace
  transpilePackages: ['@reconcile/sim-core'],
  serverExternalPackages: ['better-sqlite3', '@node-rs/argon2', '@prisma/adapter-better-sqlite3'],
  typescript: {
    // `npm test` type-checks the whole repository with tsc; the build need not do it twice
    ignoreBuildErrors: true,
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
