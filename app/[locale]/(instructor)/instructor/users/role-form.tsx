'use client';
import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { changeRole, type RoleFormState } from './actions';

export function RoleForm(props: { userId: string; email: string; role: string; roles: string[] }) {
  const t = useTranslations('instructor');
  const tr = useTranslations('account.roles');
  const [state, action, pending] = useActionState<RoleFormState, FormData>(changeRole, {});
  return (
    <form action={action} className="inline-form">
      <input type="hidden" name="userId" value={props.userId} />
      <label className="visually-hidden" htmlFor={`role-${props.userId}`}>
        {t('roleFor', { email: props.email })}
      </label>
      <select id={`role-${props.userId}`} name="role" defaultValue={props.role} disabled={pending}>
        {props.roles.map((r) => (
          <option key={r} value={r}>
            {tr(r as 'learner')}
          </option>
        ))}
      </select>
      <button type="submit" className="button small" disabled={pending}>
        {t('save')}
      </button>
      <span role="status" className={state.error ? 'field-error' : 'muted'}>
        {state.error ? t(state.error) : state.saved ? t('saved') : ''}
      </span>
    </form>
  );
}
