import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv, useSecureCookies, type Env } from './env';

const ROOT = '/srv/reconcile';

function parsed(raw: Record<string, string | undefined>): Env {
  const result = parseEnv(raw, { root: ROOT });
  if (!result.ok) throw new Error(`expected a valid environment, got:\n${result.error}`);
  return result.env;
}

function errorOf(raw: Record<string, string | undefined>): string {
  const result = parseEnv(raw, { root: ROOT });
  if (result.ok) throw new Error('expected the environment to be rejected');
  return result.error;
}

describe('parseEnv', () => {
  it('starts with nothing set: database under data/, port 3000, week-long idle and 30-day absolute sessions', () => {
    expect(parsed({})).toEqual({
      NODE_ENV: 'development',
      DATABASE_URL: `file:${path.join(ROOT, 'data', 'reconcile.db')}`,
      DATABASE_FILE: path.join(ROOT, 'data', 'reconcile.db'),
      PORT: 3000,
      SESSION_IDLE_MINUTES: 7 * 24 * 60,
      SESSION_ABSOLUTE_MINUTES: 30 * 24 * 60,
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      SECURE_COOKIES: 'auto',
    });
  });

  it('treats empty variables as unset', () => {
    expect(parsed({ PORT: '', DATABASE_URL: ' ', SECURE_COOKIES: '' })).toMatchObject({ PORT: 3000, SECURE_COOKIES: 'auto' });
  });

  it('takes the values it is given', () => {
    const env = parsed({
      NODE_ENV: 'production',
      DATABASE_URL: 'file:/var/lib/reconcile/prod.db',
      PORT: '8080',
      SESSION_IDLE_MINUTES: '30',
      SESSION_ABSOLUTE_MINUTES: '600',
      SECURE_COOKIES: 'false',
    });
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      DATABASE_FILE: '/var/lib/reconcile/prod.db',
      PORT: 8080,
      SESSION_IDLE_MINUTES: 30,
      SESSION_ABSOLUTE_MINUTES: 600,
      SECURE_COOKIES: 'never',
    });
  });

  it('resolves a relative database path against the repository root', () => {
    expect(parsed({ DATABASE_URL: 'file:../elsewhere/x.db' }).DATABASE_FILE).toBe('/srv/elsewhere/x.db');
  });

  it('normalises the admin email like sign-up does', () => {
    expect(parsed({ ADMIN_EMAIL: '  Ada@Example.COM ', ADMIN_PASSWORD: 'long enough secret' }).ADMIN_EMAIL).toBe('ada@example.com');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT: must be a port number (got "eighty")'],
    [{ PORT: '70000' }, 'PORT: must be between 1 and 65535 (got "70000")'],
    [{ PORT: '80.5' }, 'PORT: must be a whole port number'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV: must be development, production or test (got "staging")'],
    [{ DATABASE_URL: 'postgres://db/reconcile' }, 'DATABASE_URL: must be a SQLite file URL'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES: must be at least 1 minute'],
    [{ SESSION_ABSOLUTE_MINUTES: 'forever' }, 'SESSION_ABSOLUTE_MINUTES: must be a whole number of minutes'],
    [{ SESSION_IDLE_MINUTES: '120', SESSION_ABSOLUTE_MINUTES: '60' }, 'SESSION_ABSOLUTE_MINUTES: must not be shorter than SESSION_IDLE_MINUTES (120)'],
    [{ SECURE_COOKIES: 'sometimes' }, 'SECURE_COOKIES: must be auto, true or false (got "sometimes")'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long enough secret' }, 'ADMIN_EMAIL: must be an email address'],
    [{ ADMIN_EMAIL: 'ada@example.com' }, 'ADMIN_PASSWORD: must be set together with ADMIN_EMAIL and ADMIN_PASSWORD'],
    [{ ADMIN_PASSWORD: 'long enough secret' }, 'ADMIN_EMAIL: must be set together with ADMIN_EMAIL and ADMIN_PASSWORD'],
  ])('rejects %o with a message naming the variable', (raw, message) => {
    expect(errorOf(raw)).toContain(message);
  });

  it('reports every bad variable at once', () => {
    const error = errorOf({ PORT: '0', NODE_ENV: 'qa' });
    expect(error).toContain('PORT:');
    expect(error).toContain('NODE_ENV:');
  });

  it('never echoes the admin password in an error', () => {
    const error = errorOf({ ADMIN_PASSWORD: 'hunter2-super-secret' });
    expect(error).toContain('ADMIN_EMAIL');
    expect(error).not.toContain('hunter2-super-secret');
  });
});

describe('useSecureCookies', () => {
  it('in auto mode marks cookies Secure only for HTTPS requests', () => {
    expect(useSecureCookies('auto', 'https')).toBe(true);
    expect(useSecureCookies('auto', 'https:')).toBe(true);
    expect(useSecureCookies('auto', 'http')).toBe(false);
  });

  it('obeys an explicit setting whatever the protocol', () => {
    expect(parsed({ SECURE_COOKIES: 'true' }).SECURE_COOKIES).toBe('always');
    expect(useSecureCookies('always', 'http')).toBe(true);
    expect(useSecureCookies('never', 'https')).toBe(false);
  });
});
