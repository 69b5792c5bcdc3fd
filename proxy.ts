// Next 16's request proxy (formerly middleware): only locale routing happens here.
// Authorisation is checked where the data is read and written (server components and
// server actions), never only here.
import createMiddleware from 'next-intl/middleware';
import { routing } from './app/_lib/i18n/routing';

export default createMiddleware(routing);

export const config = {
  // everything except API routes, Next internals and files with an extension
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)'],
};
