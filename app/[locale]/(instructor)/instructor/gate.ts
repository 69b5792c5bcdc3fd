// The dashboard's gate, used by every page here before it reads anything: a signed-out
// visitor is sent to sign in and back (with the page's query, so `?page=3` survives); a
// signed-in learner gets a 403 through `forbidden()`, which renders
// app/[locale]/forbidden.tsx. The export route checks the same roles itself. The pages'
// metadata goes through dashboardMetadata, so a refused page's tab says 403, not the
// title of the page the visitor may not see (forbidden.tsx has no metadata of its own).
import 'server-only';
import type { Metadata } from 'next';
import { forbidden, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { checkRole } from '@/app/_lib/auth/guards';
import { signInPath } from '@/app/_lib/auth/next-path';
import type { CurrentUser } from '@/app/_lib/auth/session';
import type { Role } from '@/app/_lib/auth/roles';

export async function gateDashboard(
  locale: string,
  path: string,
  role: Role = 'instructor',
  searchParams: Record<string, string | string[] | undefined> = {},
): Promise<CurrentUser> {
  const gate = await checkRole(role);
  if (gate.ok) return gate.user;
  if (gate.reason === 'signed-out') redirect(signInPath(locale, path, searchParams));
  forbidden();
}

/** A dashboard page's metadata: its `title`, or the 403 page's for a signed-in visitor whose role does not open it. */
export async function dashboardMetadata(title: string, role: Role = 'instructor'): Promise<Metadata> {
  const gate = await checkRole(role);
  if (!gate.ok && gate.reason === 'forbidden') return { title: (await getTranslations('errors'))('forbiddenDocumentTitle') };
  return { title };
}
