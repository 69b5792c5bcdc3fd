// Next 16's request proxy (formerly middleware): locale routing (next-intl) and the
// Content-Security-Policy. Authorisation is checked where the data is read and written
// (server components and server actions), never only here.
//
// CSP: a fresh nonce per request, as Next's CSP guide describes
// (node_modules/next/dist/docs/01-app/02-guides/content-security-policy.md): the policy
// goes on the request too, where Next reads the nonce and puts it on its own scripts, and
// `x-nonce` carries it to the layout's inline theme script. 'strict-dynamic' lets those
// scripts load the rest (chunks, the sim's Web Worker, Monaco). Inline styles and data:
// images are what Monaco needs (issue 6, "Lab workspace"). A nonce needs a dynamic render,
// which the layout's read of `x-nonce` makes every page.
import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from './app/_lib/i18n/routing';
import { foreignLocaleRedirect } from './app/_lib/i18n/foreign-locale';

const handleI18nRouting = createMiddleware(routing);

function pagePolicy(nonce: string): string {
  // React rebuilds server error stacks with eval in development only (Next's CSP guide)
  const devEval = process.env.NODE_ENV === 'development' ? " 'unsafe-eval'" : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${devEval}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** JSON answers are never a document: nothing may load from them or frame them. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export default function proxy(request: NextRequest) {
  if (request.nextUrl.pathname.startsWith('/api/')) {
    const response = NextResponse.next();
    response.headers.set('Content-Security-Policy', API_POLICY);
    return response;
  }
  const foreign = foreignLocaleRedirect(request.nextUrl.pathname);
  if (foreign !== undefined) {
    const url = request.nextUrl.clone();
    url.pathname = foreign;
    return NextResponse.redirect(url);
  }
  const nonce = newNonce();
  const policy = pagePolicy(nonce);
  // next-intl forwards the request's headers to the render (NextResponse.next/rewrite with `request.headers`)
  request.headers.set('x-nonce', nonce);
  request.headers.set('Content-Security-Policy', policy);
  const response = handleI18nRouting(request);
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  // pages and API routes; not Next internals or files with an extension
  matcher: ['/((?!_next|_vercel|.*\\..*).*)'],
};
