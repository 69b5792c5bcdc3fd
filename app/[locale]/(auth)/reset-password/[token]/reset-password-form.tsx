'use client';
// The new password, typed twice, with the account page's labels and messages. The button is
// disabled while the request runs (and the server uses the link once whatever arrives);
// after a refusal focus goes to the first field in error. If the link stopped working
// meanwhile (expired, or used in another tab) the fields give way to that message.
import { useActionState, useEffect, useId, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { FormField, focusFirstError } from '@/app/_components/form-field';
import { Link } from '@/app/_lib/i18n/navigation';
import type { ResetFormState } from '../../actions';

type Action = (prev: ResetFormState, formData: FormData) => Promise<ResetFormState>;
type Field = 'newPassword' | 'confirmPassword';
const FIELDS: readonly Field[] = ['newPassword', 'confirmPassword'];

export function ResetPasswordForm({ action, token, email, locale, minLength }: { action: Action; token: string; email: string; locale: string; minLength: number }) {
  const t = useTranslations('resetPassword');
  const labels = useTranslations('account.password');
  const auth = useTranslations('auth.errors');
  const [state, formAction, pending] = useActionState(action, {});
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const signIn = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // the form (and the focused button) gave way to the message: focus its way on, not the page's body
    if (state.message === 'invalid') return signIn.current?.focus();
    focusFirstError(form.current, FIELDS, state.fieldErrors);
  }, [state]);
  // the policy's messages are sign-up's (auth.errors); the mismatch is the account page's
  const errorText = (key: string) => (labels.has(`errors.${key}`) ? labels(`errors.${key}` as 'errors.passwordsDiffer') : auth(key as 'generic'));

  if (state.message === 'invalid') {
    return (
      <p className="form-message" role="alert">
        {t('invalid')}{' '}
        <Link ref={signIn} href="/sign-in">
          {t('toSignIn')}
        </Link>
      </p>
    );
  }

  const field = (name: Field, hint?: string) => {
    const error = state.fieldErrors?.[name]?.[0];
    const input = { type: 'password', autoComplete: 'new-password', required: true, maxLength: 256, minLength };
    return <FormField formId={id} name={name} label={labels(name)} error={error ? errorText(error) : undefined} hint={hint} input={input} />;
  };

  return (
    <form ref={form} action={formAction} className="auth-form" noValidate>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="locale" value={locale} />
      {/* the account's email for the browser's password manager, which saves the new password under it */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {state.message === 'rateLimited' ? (
        <p className="form-message" role="alert">
          {t('rateLimited', { minutes: state.minutes ?? 1 })}
        </p>
      ) : null}
      {state.message === 'invalidForm' ? (
        <p className="form-message" role="alert">
          {auth('invalidForm')}
        </p>
      ) : null}
      {field('newPassword', labels('newHint', { min: minLength }))}
      {field('confirmPassword')}
      <button type="submit" className="button primary" disabled={pending} aria-disabled={pending}>
        {pending ? t('pending') : t('submit')}
      </button>
    </form>
  );
}
