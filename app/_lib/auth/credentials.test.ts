import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, normaliseEmail, signInSchema, signUpSchema } from './credentials';
import { safeNextPath } from './next-path';

describe('sign-up form', () => {
  it('normalises the email so case and spaces make no second account', () => {
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    const parsed = signUpSchema.parse({ email: ' Ada@Example.COM', password: 'long enough pw', name: '' });
    expect(parsed).toEqual({ email: 'ada@example.com', password: 'long enough pw', name: undefined });
  });

  it('reports each field with an i18n key', () => {
    const parsed = signUpSchema.safeParse({ email: 'nope', password: 'short', name: 'x'.repeat(81) });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsOf(parsed.error!)).toEqual({
      email: ['invalidEmail'],
      password: ['passwordTooShort'],
      name: ['nameTooLong'],
    });
  });

  it('refuses a name with control characters or invisible direction marks, and keeps the joiners scripts need', () => {
    for (const name of ['\u202Enimda', 'Ada\u200B', 'Ada\u0007', 'A\nda', '\u2066Ada\u2069', 'Ada\u061C', '\u3164', '\u115F\u1160', 'A\u2028da', 'A\u00ADda', 'Ada\u180E', 'Ada\u{E0041}']) {
      const parsed = signUpSchema.safeParse({ email: 'a@b.co', password: 'long enough pw', name });
      expect(parsed.success, JSON.stringify(name)).toBe(false);
      expect(fieldErrorsOf(parsed.error!)).toEqual({ name: ['nameUnprintable'] });
    }
    for (const name of ['김에이다', 'Ada Lovelace', '\u{1F469}\u200D\u{1F4BB} Ada', 'क्\u200Dष']) {
      expect(signUpSchema.safeParse({ email: 'a@b.co', password: 'long enough pw', name }).success, name).toBe(true);
    }
  });

  it('sign-in never explains the password rules', () => {
    const parsed = signInSchema.safeParse({ email: 'a@b.co', password: '' });
    expect(fieldErrorsOf(parsed.error!)).toEqual({ password: ['wrongCredentials'] });
  });
});

describe('the next path after sign-in', () => {
  it('follows same-site paths only', () => {
    expect(safeNextPath('/en/account', '/en')).toBe('/en/account');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', '', undefined, '/ok\u0000']) {
      expect(safeNextPath(bad, '/en')).toBe('/en');
    }
  });
});
