'use client';
// The manifests: a tab per starter file, Monaco (loaded lazily: its ~1 MB arrives after
// the workspace is interactive), the problems monaco-yaml found listed as text with
// their lines, and Apply.
import dynamic from 'next/dynamic';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { FileTabs } from './file-tabs';
import { monacoSpeaksOtherThan, setMonacoLanguage } from './monaco-nls';
import type { EditorProblem } from './manifest-problems';
import type { ApplyRefusal } from './apply-request';
import styles from './lab.module.css';

function EditorLoading() {
  const t = useTranslations('lab.editor');
  return (
    <div className={styles.editorLoading} aria-busy="true">
      <p>{t('loading')}</p>
    </div>
  );
}

/** The sentence a problem is listed in: the editor's, the API server's or kubectl's on a create or on an update of a live object; at its line, or about the whole file. */
function problemKey(p: EditorProblem) {
  const who = p.source === 'apiserver' ? 'Server' : 'Kubectl';
  const sentence = p.source === undefined ? 'problem' : `problem${who}${p.updates === undefined ? '' : 'Update'}` as const;
  return `${sentence}${p.line > 0 ? '' : 'File'}` as const;
}

// Monaco's message table is set before its modules evaluate (monaco-nls.ts)
const ManifestEditor = dynamic(() => setMonacoLanguage(document.documentElement.lang).then(() => import('./manifest-editor')), { ssr: false, loading: () => <EditorLoading /> });

interface EditorPanelProps {
  files: Readonly<Record<string, string>>;
  edited: ReadonlySet<string>;
  active: string | undefined;
  canApply: boolean;
  /** why the last Apply wrote nothing, if it did not */
  applyRefused?: ApplyRefusal | undefined;
  onSelect: (path: string) => void;
  onChange: (path: string, value: string) => void;
  onApply: () => void;
  /** the worker's verdict on a file against the live cluster (ManifestEditor's checkManifest) */
  checkManifest: (path: string, text: string) => Promise<EditorProblem[] | undefined>;
  /** the cluster's action log version */
  clusterVersion: number | undefined;
}

export function EditorPanel({ files, edited, active, canApply, applyRefused, onSelect, onChange, onApply, checkManifest, clusterVersion }: EditorPanelProps) {
  const t = useTranslations('lab.editor');
  const locale = useLocale();
  // Monaco built in the other language (before the site's language switch): a full load
  // builds it in this one; the files and the action log are saved in the browser as they change
  useEffect(() => {
    if (monacoSpeaksOtherThan(locale)) window.location.reload();
  }, [locale]);
  const titleId = useId();
  const panelId = useId();
  const hintId = useId();
  const tabPrefix = useId();
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const onProblems = useCallback((p: EditorProblem[]) => setProblems(p), []);
  // a create's squiggle keeps the server's (or kubectl's) words alone; an update's says which live object it is about
  const serverMarker = useCallback((p: EditorProblem) => {
    if (p.source === 'kubectl') return p.updates !== undefined ? t('markerKubectlUpdate', { object: p.updates, message: p.message }) : `kubectl apply: ${p.message}`;
    return p.updates !== undefined ? t('markerUpdate', { object: p.updates, message: p.message }) : `kube-apiserver: ${p.message}`;
  }, [t]);
  // Escape in the editor lands here: the next Tab goes on to Apply, Shift+Tab back into the editor
  const keysNote = useRef<HTMLParagraphElement>(null);
  const onLeave = useCallback(() => keysNote.current?.focus(), []);
  const paths = Object.keys(files);
  const tabId = (p: string) => `${tabPrefix}-${p.replace(/[^A-Za-z0-9_-]/g, '_')}`;

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        {t('title')}
      </h2>
      {active === undefined ? (
        <p className={styles.muted}>{t('noFiles')}</p>
      ) : (
        <>
          <div>
            <FileTabs paths={paths} active={active} edited={edited} panelId={panelId} tabId={tabId} onSelect={onSelect} />
            <div id={panelId} role="tabpanel" aria-labelledby={tabId(active)}>
              <div role="region" aria-label={t('region')} className={styles.editorFrame}>
                <ManifestEditor path={active} value={files[active] ?? ''} ariaLabel={t('region')} loadingText={t('loading')} onChange={onChange} onProblems={onProblems} onLeave={onLeave} leaveLabel={t('leave')} checkManifest={checkManifest} clusterVersion={clusterVersion} serverMarker={serverMarker} />
              </div>
              <p ref={keysNote} tabIndex={-1} className={styles.editorKeys} data-testid="editor-keys">
                {t('keys')}
              </p>
            </div>
          </div>
          <div className={styles.row}>
            <button type="button" className="button primary" onClick={onApply} disabled={!canApply} aria-describedby={hintId}>
              {t('apply')}
            </button>
            <p id={hintId} className={styles.muted}>
              {canApply ? t('applyHint', { file: active }) : t('unavailable')}
            </p>
          </div>
          {/* a refused Apply wrote nothing: said at once, and the edits stay marked as not applied */}
          <div role="alert" data-testid="apply-refused">
            {applyRefused !== undefined ? (
              <p className={styles.error}>
                {applyRefused.kind === 'limit'
                  ? t(`refused.${applyRefused.limit}`)
                  : applyRefused.kind === 'fileTooLarge'
                    ? t('refused.fileTooLarge', { path: applyRefused.path, length: applyRefused.length, max: applyRefused.max })
                    : t('refused.failed')} {t('refusedKept')}
              </p>
            ) : null}
          </div>
          <section aria-label={t('problems')}>
            <h3 className={styles.muted}>{t('problems')}</h3>
            <div aria-live="polite" data-testid="editor-problems">
              {problems.length === 0 ? (
                <p className={styles.muted}>{t('noProblems')}</p>
              ) : (
                <ul className={styles.problemList}>
                  {problems.map((p, i) => (
                    <li key={i} className={`${styles.problem} ${p.severity === 'error' ? styles.problemError : ''}`}>
                      <strong>{t('severity', { severity: p.severity })}</strong>{' '}
                      {t(problemKey(p), { file: p.path, line: p.line, message: p.message, object: p.updates ?? '' })}
                      {/* kubectl's whole text (a patch it cannot compute: the three documents it diffed) on demand */}
                      {p.output !== undefined ? (
                        <details className={styles.problemOutput}>
                          <summary>{t('kubectlOutput')}</summary>
                          {/* it scrolls: the keyboard can reach it */}
                          <pre tabIndex={0}>{p.output}</pre>
                        </details>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </section>
        </>
      )}
    </section>
  );
}
