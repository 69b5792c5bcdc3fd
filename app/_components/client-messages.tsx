// The messages a subtree's client components may use, and no others. next-intl
// serialises whatever a NextIntlClientProvider holds into the page's RSC payload; given
// no `messages` it sends the whole catalogue (both the shell's and every page's strings)
// with every page. A nested provider replaces the outer one's messages rather than
// merging them, so `namespaces` must name every top-level namespace the subtree's
// client components pass to useTranslations.
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { pickNamespaces } from './pick-namespaces';

export async function ClientMessages({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  const messages = await getMessages();
  return <NextIntlClientProvider messages={pickNamespaces(messages, namespaces)}>{children}</NextIntlClientProvider>;
}
