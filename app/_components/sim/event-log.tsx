'use client';
// What happened, in words: leader elected, member down or back, a process that exited, partition, heal, and
// each committed put or delete. The list is a polite live region (role="log"), so a
// screen reader announces each new line without interrupting.
import { memo, useId } from 'react';
import { useTranslations } from 'next-intl';
import type { NotableEvent } from '@/app/_lib/sim-worker/protocol';
import styles from './sim.module.css';

/** Lines shown (the newest); older ones stay in memory up to the hook's limit. */
const SHOWN = 30;

function useEventText() {
  const t = useTranslations('sim.events');
  return (e: NotableEvent): string => {
    switch (e.type) {
      case 'leader-elected':
        return t('leaderElected', { member: e.member, term: e.term });
      case 'member-down':
        return t('memberDown', { member: e.member });
      case 'member-up':
        return t('memberUp', { member: e.member });
      case 'process-exited':
        return t('processExited', { member: e.member, code: e.exitCode });
      case 'partition':
        return t('partition', { groups: e.groups.map((g) => g.join(', ')).join(' | ') });
      case 'heal':
        return t('heal');
      case 'key-put':
        return t('keyPut', { key: e.key, revision: e.revision });
      case 'key-deleted':
        return t('keyDeleted', { key: e.key });
    }
  };
}

function EventLogImpl({ events }: { events: readonly NotableEvent[] }) {
  const t = useTranslations('sim.events');
  const text = useEventText();
  const titleId = useId();
  const shown = events.slice(-SHOWN);
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.panelTitle}>
        {t('title')}
      </h3>
      {shown.length === 0 ? <p className={styles.muted}>{t('empty')}</p> : null}
      {/* role="log" is a polite live region: new lines are announced, old ones are not repeated.
          It is a Tab stop (to scroll it by keyboard) only once it has lines: empty, it has no height to show focus on. */}
      <div className={styles.eventLog} role="log" aria-labelledby={titleId} tabIndex={shown.length === 0 ? -1 : 0}>
        <ol>
          {shown.map((e) => (
            <li key={e.id}>
              <span className={styles.eventTick}>{t('at', { tick: e.tick })}</span> {text(e)}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export const EventLog = memo(EventLogImpl);
