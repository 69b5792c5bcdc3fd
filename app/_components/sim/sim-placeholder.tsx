'use client';
// Shown while the view's code loads: the same minimum size as the view (no layout shift
// when it arrives), announced as busy.
import { useTranslations } from 'next-intl';
import styles from './sim.module.css';

export function SimPlaceholder() {
  const t = useTranslations('sim');
  return (
    <div className={`${styles.sim} ${styles.placeholder}`} aria-busy="true">
      <p>{t('loading')}</p>
    </div>
  );
}
