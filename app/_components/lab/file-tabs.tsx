'use client';
// One tab per workspace file, as the WAI-ARIA tabs pattern has them: the selected tab is
// the one Tab stop, ←/→ (and Home/End) move between files, and an edited file that has
// not been applied says so in words.
import { useRef, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import styles from './lab.module.css';

interface FileTabsProps {
  paths: readonly string[];
  active: string;
  edited: ReadonlySet<string>;
  panelId: string;
  tabId: (path: string) => string;
  onSelect: (path: string) => void;
}

export function FileTabs({ paths, active, edited, panelId, tabId, onSelect }: FileTabsProps) {
  const t = useTranslations('lab.editor');
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const move = (e: KeyboardEvent, index: number) => {
    const last = paths.length - 1;
    const to = e.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : e.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : -1;
    if (to < 0) return;
    e.preventDefault();
    const path = paths[to]!;
    onSelect(path);
    refs.current.get(path)?.focus();
  };
  return (
    <div role="tablist" aria-label={t('files')} className={styles.tabs}>
      {paths.map((p, i) => (
        <button
          key={p}
          ref={(el) => {
            if (el) refs.current.set(p, el);
            else refs.current.delete(p);
          }}
          type="button"
          role="tab"
          id={tabId(p)}
          aria-selected={p === active}
          aria-controls={panelId}
          tabIndex={p === active ? 0 : -1}
          className={styles.tab}
          onClick={() => onSelect(p)}
          onKeyDown={(e) => move(e, i)}
          aria-label={edited.has(p) ? t('editedLabel', { file: p }) : undefined}
        >
          {p}
          {edited.has(p) ? <span aria-hidden="true"> ●</span> : null}
        </button>
      ))}
    </div>
  );
}
