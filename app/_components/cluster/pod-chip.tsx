'use client';
// One Pod as a small button: its kubectl STATUS in words and an icon shape (never colour
// alone). Focusing or pressing it shows its details, so the whole cluster can be read
// with the keyboard alone.
import { useId } from 'react';
import { useTranslations } from 'next-intl';
import type { PodView } from '@/app/_lib/sim-worker/cluster-view';
import { podTone, TONE_ICON } from './pod-state';
import { Heading } from './heading';
import styles from './cluster.module.css';

export function podKey(p: PodView): string {
  return `${p.namespace}/${p.name}`;
}

export function PodChip({ pod, selected, onSelect }: { pod: PodView; selected: boolean; onSelect: (key: string) => void }) {
  const t = useTranslations('cluster.pod');
  const tone = podTone(pod.status, pod.phase, pod.node !== undefined);
  const key = podKey(pod);
  return (
    <button
      type="button"
      className={`${styles.pod} ${styles[`tone-${tone}`] ?? ''}`}
      aria-pressed={selected}
      onClick={() => onSelect(key)}
      onFocus={() => onSelect(key)}
    >
      <span aria-hidden="true" className={styles.icon}>
        {TONE_ICON[tone]}
      </span>
      <span className={styles.srOnly}>{t('prefix')} </span>
      <span className={styles.podName}>{pod.name}</span> <span className={styles.podStatus}>{pod.status}</span>
      <span className={styles.srOnly}>{t('readySuffix', { ready: pod.ready })}</span>
    </button>
  );
}

export function PodDetails({ pod, level = 4 }: { pod: PodView | undefined; level?: number }) {
  const t = useTranslations('cluster.pod');
  const headingId = useId();
  return (
    <section className={`${styles.box} ${styles.details}`} aria-labelledby={headingId}>
      <Heading level={level} id={headingId} className={styles.subheading}>
        {pod ? t('detailsOf', { name: pod.name }) : t('details')}
      </Heading>
      {pod === undefined ? (
        <p className={styles.muted}>{t('detailsEmpty')}</p>
      ) : (
        <>
          {pod.mirror ? <p className={styles.muted}>{t('mirror', { node: pod.node ?? '' })}</p> : null}
          <dl className={styles.detailList}>
            <dt>{t('namespace')}</dt>
            <dd>{pod.namespace}</dd>
            <dt>{t('node')}</dt>
            <dd>{pod.node ?? t('notScheduled')}</dd>
            <dt>{t('status')}</dt>
            <dd>{pod.status}</dd>
            <dt>{t('phase')}</dt>
            <dd>{pod.phase}</dd>
            <dt>{t('ready')}</dt>
            <dd>{pod.ready}</dd>
            <dt>{t('restarts')}</dt>
            <dd>{pod.restarts}</dd>
            <dt>{t('ip')}</dt>
            <dd>{pod.podIP ?? t('none')}</dd>
            <dt>{t('images')}</dt>
            <dd>{pod.images.length > 0 ? pod.images.join(', ') : t('none')}</dd>
            <dt>{t('owner')}</dt>
            <dd>{pod.owner ? `${pod.owner.kind}/${pod.owner.name}` : t('none')}</dd>
            <dt>{t('deployment')}</dt>
            <dd>{pod.deployment ?? t('none')}</dd>
            <dt>{t('resourceVersion')}</dt>
            <dd>{pod.resourceVersion || t('none')}</dd>
          </dl>
        </>
      )}
    </section>
  );
}
