// One labelled input of the account forms (sign-in, sign-up, password change): its hint,
// or its error in place of the hint, tied to the input with aria-describedby.
import type { InputHTMLAttributes } from 'react';

interface FormFieldProps {
  /** the form's useId(): the input is `${formId}-${name}` */
  formId: string;
  name: string;
  label: string;
  /** the error's text, already translated */
  error?: string;
  hint?: string;
  input: InputHTMLAttributes<HTMLInputElement>;
}

/**
 * After a refusal: focus the first of `fields` (in the form's order) that has an error, else
 * `fallback` (a field to type again after a message of the whole form), if any.
 */
export function focusFirstError<F extends string>(form: HTMLFormElement | null, fields: readonly F[], errors: Partial<Record<F, readonly string[]>> | undefined, fallback?: F): void {
  const target = fields.find((f) => errors?.[f]?.[0] !== undefined) ?? fallback;
  if (target !== undefined) form?.querySelector<HTMLInputElement>(`input[name="${target}"]`)?.focus();
}

export function FormField({ formId, name, label, error, hint: hintText, input }: FormFieldProps) {
  const id = `${formId}-${name}`;
  // an error replaces the hint (at sign-up both say how long a password must be)
  const hint = error ? undefined : hintText;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} {...input} />
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
