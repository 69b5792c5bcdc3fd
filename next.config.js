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

// monaco-yaml 5.5.1's worker imports monaco-editor/esm/vs/editor/editor.worker.js
// (through monaco-worker-manager), a path monaco-editor 0.57's `exports` map no longer
// allows; the same module is exported as monaco-editor/editor/editor.worker.js.
const MONACO_WORKER_ALIAS = {
  'monaco-editor/esm/vs/editor/editor.worker.js': 'monaco-editor/editor/editor.worker.js',
};

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // sim-core is TypeScript source in an npm workspace
  transpilePackages: ['@reconcile/sim-core'],
  serverExternalPackages: ['better-sqlite3', '@node-rs/argon2', '@prisma/adapter-better-sqlite3'],
  turbopack: {
    resolveAlias: MONACO_WORKER_ALIAS,
  },
  /** @param {import('webpack').Configuration} config */
  webpack(config) {
    config.resolve ??= {};
    config.resolve.alias = { ...(/** @type {Record<string, string>} */ (config.resolve.alias ?? {})), ...MONACO_WORKER_ALIAS };
    return config;
  },
  // `forbidden()` (app/[locale]/forbidden.tsx): a learner in the instructor area gets a 403,
  // not the refusal page with a 200. Experimental in Next 16; this flag is what enables it.
  experimental: {
    authInterrupts: true,
  },
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
          // a page another site opens (window.open) gets no handle on ours, nor ours on it
          { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
        ],
      },
      {
        // a password-reset link carries its secret in the path: no Referer sends it to
        // another site, whatever the page's scripts do (its meta tag says so too), and no
        // crawler that is handed it indexes the page (the last match wins over the rule above)
        source: '/:locale/reset-password/:token',
        headers: [
          { key: 'Referrer-Policy', value: 'no-referrer' },
          { key: 'X-Robots-Tag', value: 'noindex, nofollow' },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
