// The seed's one job: make sure the admin named by ADMIN_EMAIL / ADMIN_PASSWORD exists.
// Idempotent, because `npm start` seeds on every start: an existing account keeps its
// password (re-hashing would change the row on every run) and is only promoted to
// admin if it is not one yet and its password is ADMIN_PASSWORD.
import { passwordSchema, hashPassword, verifyPassword } from '../app/_lib/auth/password';
import type { Database } from '../app/_lib/db';

export type AdminRequest = { email: string | undefined; password: string | undefined };

export type SeedOutcome =
  | { ok: true; admin: 'not-requested' | 'created' | 'promoted' | 'unchanged'; email?: string }
  /** not made an admin, and why: the server still starts (a squatted address must not keep it down) */
  | { ok: true; admin: 'not-promoted'; email: string; warning: string }
  | { ok: false; error: string };

export async function seedAdmin(client: Database, request: AdminRequest): Promise<SeedOutcome> {
  if (request.email === undefined || request.password === undefined) return { ok: true, admin: 'not-requested' };
  const email = request.email.trim().toLowerCase();

  const existing = await client.user.findUnique({ where: { email }, select: { role: true, passwordHash: true } });
  if (existing !== null) {
    if (existing.role === 'admin') return { ok: true, admin: 'unchanged', email };
    // Anyone may sign up with any address (there is no email verification): an account
    // made under ADMIN_EMAIL before the operator set it is promoted only if its password
    // is ADMIN_PASSWORD, so whoever registered the address first does not become admin.
    if (!(await verifyPassword(existing.passwordHash, request.password))) {
      return {
        ok: true,
        admin: 'not-promoted',
        email,
        warning: `ADMIN_EMAIL ${email} is an existing account whose password is not ADMIN_PASSWORD, so it was not made an admin (anyone may sign up with any address). If the account is yours, set ADMIN_PASSWORD to its password, or promote it with npm run admin:create -- --email ${email}.`,
      };
    }
    await client.user.update({ where: { email }, data: { role: 'admin' } });
    return { ok: true, admin: 'promoted', email };
  }

  const policy = passwordSchema.safeParse(request.password);
  if (!policy.success) {
    const rules = policy.error.issues.map((issue) => issue.message).join(', ');
    return { ok: false, error: `ADMIN_PASSWORD does not meet the password policy (${rules}); use at least 10 characters.` };
  }
  await client.user.create({ data: { email, passwordHash: await hashPassword(request.password), role: 'admin' } });
  return { ok: true, admin: 'created', email };
}
