// The environment, read once and validated with zod. Every variable has a default so
// that `npm start` works on a fresh clone with nothing set (issue 2, "Accounts").
// Relative database paths are resolved against the repository root, which is the
// working directory of every npm script and of `next start`.
import path from 'node:path';
import { z } from 'zod';

const MINUTES_PER_DAY = 24 * 60;

export const DEFAULT_DATABASE_URL = 'file:./data/reconcile.db';
export const DEFAULT_PORT = 3000;
/** A week without activity ends a session (OWASP: idle timeouts for low-risk apps are days, not minutes, when there is a re-auth for sensitive actions). */
export const DEFAULT_SESSION_IDLE_MINUTES = 7 * MINUTES_PER_DAY;
/** However active, a session ends after 30 days and the user signs in again. */
export const DEFAULT_SESSION_ABSOLUTE_MINUTES = 30 * MINUTES_PER_DAY;

/** `auto` decides per request: Secure when the request came over HTTPS. */
export type SecureCookiesMode = 'auto' | 'always' | 'never';

export type Env = {
  NODE_ENV: 'development' | 'production' | 'test';
  /** Always `file:<absolute path>`. */
  DATABASE_URL: string;
  /** The SQLite file DATABASE_URL points at (absolute). */
  DATABASE_FILE: string;
  PORT: number;
  SESSION_IDLE_MINUTES: number;
  SESSION_ABSOLUTE_MINUTES: number;
  /** Normalised (trimmed, lower-cased) when given. */
  ADMIN_EMAIL: string | undefined;
  ADMIN_PASSWORD: string | undefined;
  SECURE_COOKIES: SecureCookiesMode;
};

export type RawEnv = Readonly<Record<string, string | undefined>>;

export type ParseEnvResult = { ok: true; env: Env } | { ok: false; error: string };

/** Unset and empty are the same: `PORT= npm start` means "use the default". */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const wholeMinutes = (fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of minutes' })
      .int({ error: 'must be a whole number of minutes' })
      .positive({ error: 'must be at least 1 minute' })
      .default(fallback),
  );

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(
      blankToUndefined,
      z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
    ),
    DATABASE_URL: z.preprocess(
      blankToUndefined,
      z
        .string()
        .default(DEFAULT_DATABASE_URL)
        .refine((url) => url.startsWith('file:') && url.length > 'file:'.length, {
          error: 'must be a SQLite file URL such as file:./data/reconcile.db',
        }),
    ),
    PORT: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'must be a port number' })
        .int({ error: 'must be a whole port number' })
        .min(1, { error: 'must be between 1 and 65535' })
        .max(65_535, { error: 'must be between 1 and 65535' })
        .default(DEFAULT_PORT),
    ),
    SESSION_IDLE_MINUTES: wholeMinutes(DEFAULT_SESSION_IDLE_MINUTES),
    SESSION_ABSOLUTE_MINUTES: wholeMinutes(DEFAULT_SESSION_ABSOLUTE_MINUTES),
    ADMIN_EMAIL: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.email({ error: 'must be an email address' }))
        .optional(),
    ),
    ADMIN_PASSWORD: z.preprocess(blankToUndefined, z.string().optional()),
    SECURE_COOKIES: z.preprocess(
      (value) => {
        const v = blankToUndefined(value);
        return typeof v === 'string' ? v.trim().toLowerCase() : v;
      },
      z
        .enum(['auto', 'true', 'false', 'always', 'never', '1', '0'], { error: 'must be auto, true or false' })
        .default('auto')
        .transform((v): SecureCookiesMode => (v === 'auto' ? 'auto' : ['true', 'always', '1'].includes(v) ? 'always' : 'never')),
    ),
  })
  .superRefine((e, ctx) => {
    if (e.SESSION_ABSOLUTE_MINUTES < e.SESSION_IDLE_MINUTES) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_ABSOLUTE_MINUTES'],
        message: `must not be shorter than SESSION_IDLE_MINUTES (${e.SESSION_IDLE_MINUTES})`,
      });
    }
    if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
      const missing = e.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with ADMIN_EMAIL and ADMIN_PASSWORD' });
    }
  });

/**
 * Validates a raw environment. Pure: pass `root` to resolve relative database paths
 * somewhere other than the working directory. Each error line names its variable:
 * `PORT: must be between 1 and 65535 (got "70000")`.
 */
export function parseEnv(raw: RawEnv, options: { root?: string } = {}): ParseEnvResult {
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const given = raw[name];
      const shown = given === undefined || name === 'ADMIN_PASSWORD' ? '' : ` (got ${JSON.stringify(given)})`;
      return `${name}: ${issue.message}${shown}`;
    });
    return { ok: false, error: `Invalid environment:\n  ${lines.join('\n  ')}` };
  }
  const root = options.root ?? process.cwd();
  const file = path.resolve(root, parsed.data.DATABASE_URL.slice('file:'.length));
  return {
    ok: true,
    env: {
      ...parsed.data,
      ADMIN_EMAIL: parsed.data.ADMIN_EMAIL,
      ADMIN_PASSWORD: parsed.data.ADMIN_PASSWORD,
      DATABASE_URL: `file:${file}`,
      DATABASE_FILE: file,
    },
  };
}

/**
 * Whether to mark the session cookie Secure for a request that arrived over
 * `protocol` ("https" / "http", from the URL or X-Forwarded-Proto behind a proxy).
 */
export function useSecureCookies(mode: SecureCookiesMode, protocol: string): boolean {
  if (mode === 'always') return true;
  if (mode === 'never') return false;
  return protocol.replace(/:$/, '').toLowerCase() === 'https';
}

function loadEnv(): Env {
  const result = parseEnv(process.env);
  // A bad environment is an operator's mistake found at start-up: stop with the message.
  if (!result.ok) throw new Error(result.error);
  return result.env;
}

/** The validated environment of this process, read once at first import. */
export const env: Env = loadEnv();
