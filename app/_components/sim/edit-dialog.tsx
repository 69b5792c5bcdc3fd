'use client';
// kubectl edit's editor: a modal dialog (the page behind it inert) named after the objects
// it holds, Monaco on the file kubectl wrote (loaded only now, in a chunk of its own), Save
// and close / Cancel. Ctrl/Cmd+S saves; Escape cancels; a second click on Save while the
// first is on its way does nothing, and nothing closes the dialog then. A save kubectl could not apply reopens here, with what
// kubectl printed. The page's clock is paused while it is open, and the dialog says so.
import dynamic from 'next/dynamic';
import { useEffect, useId, useRef, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useTranslations } from 'next-intl';
import { setMonacoLanguage } from '@/app/_components/lab/monaco-nls';
import type { EditSession } from './kubectl-edit';
import styles from './sim.module.css';

function EditorLoading() {
  const t = useTranslations('sim.edit');
  return <p className={styles.hint}>{t('loading')}</p>;
}

// Monaco's message table is set before its modules evaluate (lab/monaco-nls.ts)
const EditEditor = dynamic(() => setMonacoLanguage(document.documentElement.lang).then(() => import('./edit-editor')), { ssr: false, loading: () => <EditorLoading /> });

interface EditDialogProps {
  session: EditSession;
  saving: boolean;
  onSave: (text: string) => void;
  onCancel: () => void;
}

export function EditDialog({ session, saving, onSave, onCancel }: EditDialogProps) {
  const t = useTranslations('sim.edit');
  const titleId = useId();
  const noteId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  /** the editor's text now (the file as opened until it changes) */
  const text = useRef(session.buffer);
  useEffect(() => {
    text.current = session.buffer;
  }, [session.buffer]);

  // modal whenever the dialog is shown and not open: on mount, and after anything closed it
  useEffect(() => {
    const d = dialog.current;
    if (d !== null && !d.open) d.showModal();
  });
  /** the close the unmount asks for (StrictMode's rehearsal of one too): no learner's, nothing to answer */
  const ownClose = useRef(false);
  useEffect(() => {
    const d = dialog.current;
    return () => {
      if (d?.open !== true) return;
      ownClose.current = true;
      d.close();
    };
  }, []);

  // the first objects by name, the rest counted: `kubectl edit events` can hold hundreds
  const objects = t('objects', { names: session.title, more: session.more });

  const save = () => {
    if (!saving) onSave(text.current);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
      e.preventDefault();
      save();
    }
  };
  // Escape (the dialog's cancel request): the edit is cancelled as the Cancel button does
  const onCancelRequest = (e: SyntheticEvent<HTMLDialogElement>) => {
    e.preventDefault();
    if (!saving) onCancel();
  };
  // Closed all the same: Chromium closes a modal dialog on a second Escape with no click or
  // key between, its cancel event then not cancelable. It opens again at once — a save on
  // its way ends it — and is otherwise a Cancel, which ends the session and so the dialog.
  const onClose = () => {
    if (ownClose.current) {
      ownClose.current = false;
      return;
    }
    const d = dialog.current;
    if (d === null || !d.isConnected) return;
    if (!d.open) d.showModal();
    if (!saving) onCancel();
  };

  return (
    <dialog ref={dialog} className={styles.editDialog} aria-labelledby={titleId} aria-describedby={noteId} onCancel={onCancelRequest} onClose={onClose} onKeyDown={onKeyDown} data-testid="kubectl-edit">
      <h2 id={titleId} className={styles.editTitle}>
        kubectl edit {objects}
      </h2>
      <p id={noteId} className={styles.hint}>
        {t('paused')}
      </p>
      {session.refusal !== undefined ? (
        <div role="alert" className={styles.editRefusal}>
          <p>{t('reopened')}</p>
          {session.refusal !== '' ? <pre className={styles.stderr}>{session.refusal.replace(/\n$/, '')}</pre> : null}
        </div>
      ) : null}
      <div className={styles.editFrame}>
        <EditEditor
          value={session.buffer}
          language={session.language}
          ariaLabel={t('editor', { title: objects })}
          loadingText={t('loading')}
          onChange={(v) => (text.current = v)}
          onSave={(v) => {
            text.current = v;
            save();
          }}
        />
      </div>
      <p className={styles.hint}>{t('keys')}</p>
      <div className={styles.editButtons}>
        <button type="button" className={styles.button} onClick={onCancel} disabled={saving}>
          {t('cancel')}
        </button>
        <button type="button" className={`${styles.button} ${styles.primary}`} onClick={save} aria-disabled={saving ? true : undefined}>
          {saving ? t('saving') : t('save')}
        </button>
      </div>
    </dialog>
  );
}
