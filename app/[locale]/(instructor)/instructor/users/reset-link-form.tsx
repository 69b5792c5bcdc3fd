'use client';
// "Create reset link" in a row of Users and roles (admins only: the page and the action
// both check). The link is shown once, here, with when it stops working and a Copy button;
// the server keeps only its hash, so it cannot be shown again, only replaced by a new one.
import { useActionState, useEffect, useId, useRef, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { createResetLinkAction, type ResetLinkFormState } from './actions';
import styles from './reset-link.module.css';

/** Copies the field's text: the Clipboard API where the page is a secure context, else the older copy command on the selected field (a plain-http address on a school's network). */
async function copyField(field: HTMLInputElement): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(field.value);
      return true;
    } catch {
      // denied: try the copy command
    }
  }
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

export function ResetLinkForm({ userId, email, locale }: { userId: string; email: string; locale: string }) {
  const t = useTranslations('instructor.resetLink');
  const format = useFormatter();
  const [state, action, pending] = useActionState<ResetLinkFormState, FormData>(createResetLinkAction, {});
  const [copied, setCopied] = useState<{ path: string; ok: boolean }>();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  const link = state.link;
  // The button was disabled while the link was made, which took the focus from it: focus
  // goes to the new link, selected and ready for Ctrl+C, or back to the button after a refusal.
  useEffect(() => {
    if (state.link !== undefined) {
      field.current?.focus();
      field.current?.select();
    } else if (state.error !== undefined) createButton.current?.focus();
  }, [state]);

  const copy = async () => {
    if (link === undefined || field.current === null) return;
    const ok = await copyField(field.current);
    copyButton.current?.focus();
    setCopied({ path: link.path, ok });
  };

  const status = state.error
    ? t(state.error)
    : link
      ? t('created', { email, time: format.dateTime(new Date(link.expiresAt), 'stamp') })
      : '';
  const copyStatus = link !== undefined && copied?.path === link.path ? (copied.ok ? t('copied') : t('copyFailed')) : '';

  return (
    <div className={styles.resetLink}>
      <form action={action}>
        <input type="hidden" name="userId" value={userId} />
        <input type="hidden" name="locale" value={locale} />
        <button
          ref={createButton}
          type="submit"
          className="button small"
          disabled={pending}
          aria-label={pending ? undefined : t('createFor', { email })}
          aria-describedby={state.error ? `${id}-note` : undefined}
        >
          {pending ? t('pending') : t('create')}
        </button>
      </form>
      {/* Rendered only with something to say: the row's role form keeps the row's one live
          region until then. The link's field is described by the note, so focusing it reads
          the note too, however a screen reader takes a live region that appears. */}
      {status === '' ? null : (
        <div className={link ? styles.created : undefined}>
          <p role="status" id={`${id}-note`} className={state.error ? `field-error ${styles.status}` : styles.status}>
            {status}
          </p>
          {link ? (
            <div className={styles.copyRow}>
              <label className="visually-hidden" htmlFor={`${id}-link`}>
                {t('linkLabel', { email })}
              </label>
              <input
                ref={field}
                id={`${id}-link`}
                className={styles.url}
                readOnly
                value={new URL(link.path, window.location.origin).href}
                aria-describedby={`${id}-note`}
                onFocus={(e) => e.currentTarget.select()}
              />
              <button ref={copyButton} type="button" className="button small" onClick={copy}>
                {t('copy')}
              </button>
              <span role="status" className="muted">
                {copyStatus}
              </span>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
