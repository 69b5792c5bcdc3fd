'use client';
// Under the terminal: the lab's cluster is paused after a command of the learner's landed
// and left the clock where it was (paused-hint.ts), with Play right there. Shown a moment
// after the command lands, so a clock that plays again at once (kubectl edit's dialog
// resumes it after its save) never flashes it, nor does a command whose view, coming a
// frame after its output, shows that it ran simulated time; gone once the clock moves, and
// where Play cannot run (the lab's simulated time is used up: the Cluster panel says why).
import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { TerminalEntry } from '@/app/_components/sim/sim-state';
import { PlayIcon } from '@/app/_components/sim/icons';
import { nextPausedHint, NO_PAUSED_HINT, type LabClock, type PausedHint } from './paused-hint';
import styles from './lab.module.css';

/** How long a landed command waits, with the clock still paused, before the hint shows. */
const SHOW_AFTER_MS = 250;

interface PausedNoticeProps {
  /** the terminal's entries */
  terminal: readonly TerminalEntry[];
  /** the latest view (its clock), a new object per view; absent before the first */
  clock: LabClock | undefined;
  timeUp: boolean;
  onPlay: () => void;
  /** told whether the hint shows: the terminal's note on a running watch then leaves "the clock is paused" to it, rather than say it twice */
  onShownChange?: (shown: boolean) => void;
}

export function PausedNotice({ terminal, clock, timeUp, onPlay, onShownChange }: PausedNoticeProps) {
  const t = useTranslations('lab.paused');
  const [hint, setHint] = useState<PausedHint>(NO_PAUSED_HINT);
  // adjusted while rendering, as React's "storing information from previous renders" does
  const next = nextPausedHint(hint, terminal, clock);
  if (next !== hint) setHint(next);
  const raisedBy = next.raisedBy;
  const [settled, setSettled] = useState<TerminalEntry | undefined>(undefined);
  useEffect(() => {
    if (raisedBy === undefined) return;
    const timer = setTimeout(() => setSettled(raisedBy), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [raisedBy]);
  const shown = raisedBy !== undefined && settled === raisedBy && !timeUp;
  useEffect(() => onShownChange?.(shown), [shown, onShownChange]);
  return (
    // a live region from the start, so that the hint is announced when it appears
    <div role="status" className={styles.paused} data-testid="paused-hint">
      {shown ? (
        <>
          <p className={styles.pausedText}>{t('text')}</p>
          <button type="button" className="button primary" onClick={onPlay}>
            <PlayIcon /> {t('play')}
          </button>
        </>
      ) : null}
    </div>
  );
}
