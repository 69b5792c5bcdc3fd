// The dashboard's gate, used by every page here before it reads anything: a signed-out
// visitor is sent to sign in and back; a signed-in learner gets the forbidden page (the
// caller renders <Forbidden />). The export route checks the same roles itself.
import 'server-only';
import { redirect } from 'next/navigation';
import { checkRole, type RoleCheck } from '@/app/_lib/auth/guards';
import type { Role } from '@/app/_lib/auth/roles';

export async function gateDashboard(locale: string, path: string, role: Role = 'instructor'): Promise<RoleCheck> {
  const gate = await checkRole(role);
  if (!gate.ok && gate.reason === 'signed-out') redirect(`/${locale}/sign-in?next=${encodeURIComponent(`/${locale}${path}`)}`);
  return gate;
}
