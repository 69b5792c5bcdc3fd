'use client';
// The newest trace events (heartbeats left out), one line each, for the curious: every
// message sent, delivered or dropped and every state change, stamped with its tick.
import { memo, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { TraceLine } from '@/app/_lib/sim-worker/protocol';
import styles from './sim.module.css';

function TracePanelImpl({ trace }: { trace: readonly TraceLine[] }) {
  const t = useTranslations('sim.trace');
  const [open, setOpen] = useState(false);
  return (
    <details className={`${styles.panel} ${styles.details}`} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('title', { count: trace.length })}</summary>
      {open ? (
        trace.length === 0 ? (
          <p className={styles.muted}>{t('none')}</p>
        ) : (
          <ol className={styles.trace} tabIndex={0}>
            {trace.map((l) => (
              <li key={l.seq}>
                <span className={styles.eventTick}>{l.tick}</span> {l.summary}
              </li>
            ))}
          </ol>
        )
      ) : null}
    </details>
  );
}

export const TracePanel = memo(TracePanelImpl);
