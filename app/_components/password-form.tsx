'use client';
// The account page's "Change password" form. Errors come back from the server action as
// i18n keys; the button is disabled while the request runs (a double click sends one
// request); after a refusal focus goes to the first field in error, after a change to the
// confirmation, and the fields are cleared (a form action resets its form).
import { useActionState, useEffect, useId, useRef } from 'react';
import { useTranslations } from 'next-intl';
import type { PasswordFormState } from '@/app/[locale]/(learn)/account/actions';
import { FormField, focusFirstError } from './form-field';

type Action = (prev: PasswordFormState, formData: FormData) => Promise<PasswordFormState>;
type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];

export function PasswordForm({ action, minLength }: { action: Action; minLength: number }) {
  const t = useTranslations('account.password');
  const auth = useTranslations('auth.errors');
  const [state, formAction, pending] = useActionState(action, {});
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state.changed) {
      done.current?.focus();
      return;
    }
    focusFirstError(form.current, FIELDS, state.fieldErrors, state.message === 'rateLimited' ? 'currentPassword' : undefined);
  }, [state]);
  // the policy's messages are sign-up's (auth.errors); the rest are this form's own
  const errorText = (key: string) => (t.has(`errors.${key}`) ? t(`errors.${key}` as 'errors.wrongCurrentPassword') : auth(key as 'generic'));

  const field = (name: Field, autoComplete: string, hint?: string) => {
    const error = state.fieldErrors?.[name]?.[0];
    const input = { type: 'password', autoComplete, required: true, maxLength: 1024, minLength: name === 'currentPassword' ? undefined : minLength };
    return <FormField formId={id} name={name} label={t(name)} error={error ? errorText(error) : undefined} hint={hint} input={input} />;
  };

  return (
    <form ref={form} action={formAction} className="auth-form" noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('title')}</h2>
      {state.changed ? (
        <p className="form-success" role="status" tabIndex={-1} ref={done}>
          {t('changed', { ended: state.changed.endedSessions })}
        </p>
      ) : null}
      {state.message === 'signedOut' || state.message === 'rateLimited' ? (
        <p className="form-message" role="alert">
          {t(`errors.${state.message}`, { minutes: state.minutes ?? 1 })}
        </p>
      ) : null}
      {state.message === 'invalidForm' ? (
        <p className="form-message" role="alert">
          {auth('invalidForm')}
        </p>
      ) : null}
      {field('currentPassword', 'current-password')}
      {field('newPassword', 'new-password', t('newHint', { min: minLength }))}
      {field('confirmPassword', 'new-password')}
      <button type="submit" className="button primary" disabled={pending} aria-disabled={pending}>
        {pending ? t('pending') : t('submit')}
      </button>
    </form>
  );
}
