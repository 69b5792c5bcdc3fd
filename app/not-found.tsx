// A request outside any locale that matched nothing (the proxy normally adds a locale).
// A plain <a>, not next/link: this boundary's client references ship with every page's
// first load, and a full navigation to / lets the proxy pick the learner's language.

export default function GlobalNotFound() {
  return (
    <html lang="en">
      <head>
        <title>Page not found · Reconcile</title>
      </head>
      <body>
        <main id="main" className="container page-narrow" style={{ padding: '4rem 1rem' }}>
          <h1>Page not found</h1>
          <p>
            We couldn&apos;t find that page. <a href="/">Back to Reconcile</a>.
          </p>
        </main>
      </body>
    </html>
  );
}
