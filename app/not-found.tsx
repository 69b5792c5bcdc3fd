// A request outside any locale that matched nothing (the proxy normally adds a locale).
import Link from 'next/link';

export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body>
        <main id="main" className="container page-narrow" style={{ padding: '4rem 1rem' }}>
          <h1>Page not found</h1>
          <p>
            We couldn&apos;t find that page. <Link href="/">Back to Reconcile</Link>.
          </p>
        </main>
      </body>
    </html>
  );
}
