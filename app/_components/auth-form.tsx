'use client';
// The sign-in and sign-up form. Errors come back from the server action as i18n keys;
// the fields keep what was typed (except the password) and the button is disabled while
// the request runs, so a double click sends one request. After a refusal focus goes where
// the learner goes on typing — the first field in error, or the password after a wrong one
// (an email taken at sign-up is the email field's error) — not back to the top of the page.
import { useActionState, useEffect, useId, useRef } from 'react';
import { useTranslations } from 'next-intl';
import type { AuthFormState } from '@/app/[locale]/(auth)/actions';
import { FormField, focusFirstError } from './form-field';

type Action = (prev: AuthFormState, formData: FormData) => Promise<AuthFormState>;

interface Props {
  mode: 'sign-in' | 'sign-up';
  action: Action;
  locale: string;
  next?: string;
  passwordMinLength: number;
}

export function AuthForm({ mode, action, locale, next, passwordMinLength }: Props) {
  const t = useTranslations('auth');
  const [state, formAction, pending] = useActionState(action, {});
  const id = useId();
  const errorText = (key: string) => t(`errors.${key}` as 'errors.generic', state.values ?? {});
  const fieldError = (field: 'email' | 'password' | 'name') => state.fieldErrors?.[field]?.[0];
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // a message of the whole form (wrong credentials, too many attempts): the password is typed again
    focusFirstError(form.current, ['email', 'name', 'password'] as const, state.fieldErrors, state.message === undefined || state.message === 'invalidForm' ? undefined : 'password');
  }, [state]);

  const field = (name: 'email' | 'password' | 'name', label: string, props: React.InputHTMLAttributes<HTMLInputElement>, hint?: string) => {
    const error = fieldError(name);
    return <FormField formId={id} name={name} label={label} error={error ? errorText(error) : undefined} hint={hint} input={props} />;
  };

  return (
    <form ref={form} action={formAction} className="auth-form" noValidate>
      <input type="hidden" name="locale" value={locale} />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      {state.message && state.message !== 'invalidForm' ? (
        <p className="form-message" role="alert">
          {errorText(state.message)}
        </p>
      ) : null}
      {state.message === 'invalidForm' ? (
        <p className="form-message" role="alert">
          {t('errors.invalidForm')}
        </p>
      ) : null}
      {field('email', t('email'), {
        type: 'email',
        autoComplete: 'email',
        required: true,
        maxLength: 254,
        defaultValue: state.email ?? '',
      })}
      {mode === 'sign-up'
        ? field('name', t('name'), {
            type: 'text',
            autoComplete: 'name',
            maxLength: 80,
            defaultValue: state.name ?? '',
          })
        : null}
      {field(
        'password',
        t('password'),
        {
          type: 'password',
          autoComplete: mode === 'sign-up' ? 'new-password' : 'current-password',
          required: true,
          minLength: mode === 'sign-up' ? passwordMinLength : undefined,
          maxLength: mode === 'sign-up' ? 256 : 1024,
        },
        mode === 'sign-up' ? t('passwordHint', { min: passwordMinLength }) : undefined,
      )}
      <button type="submit" className="button primary" disabled={pending} aria-disabled={pending}>
        {pending ? t('pending') : mode === 'sign-up' ? t('submitSignUp') : t('submitSignIn')}
      </button>
    </form>
  );
}
