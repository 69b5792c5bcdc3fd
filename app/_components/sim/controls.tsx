'use client';
// Play/Pause, Step (by a chosen number of ticks), speed and Reset. Speeds and step sizes
// are named in Raft's own units: a heartbeat is 10 ticks and an election timeout 100
// ticks with etcd's defaults (heartbeat 100 ms, election 1000 ms; 1 tick = 10 ms).
// In a lab whose simulated time is used up, Play and Step stay focusable but are marked
// unavailable (aria-disabled) and described by a note saying why; pressing one anyway
// says so in a status message rather than doing nothing.
import { memo, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { SPEED_PRESETS, type PageMessage } from '@/app/_lib/sim-worker/protocol';
import { PauseIcon, PlayIcon, ResetIcon, StepIcon } from './icons';
import styles from './sim.module.css';

const STEP_SIZES = [
  { ticks: 1, hint: 'none' },
  { ticks: 10, hint: 'heartbeat' },
  { ticks: 100, hint: 'election' },
] as const;

/** Which unavailable button was pressed, in the spell of used-up time it was pressed in. */
export interface TimeUpPress {
  /** the time-up flag this state was last adjusted to */
  timeUp: boolean;
  pressed: 'play' | 'step' | undefined;
}

/**
 * The press state for a new `timeUp`: a press belongs to one spell of used-up time, so
 * once there is time again (a Reset) it is forgotten, and the next spell starts with no
 * message. The same object back when nothing changes (React keeps the state).
 */
export function adjustTimeUpPress(state: TimeUpPress, timeUp: boolean): TimeUpPress {
  if (state.timeUp === timeUp) return state;
  return { timeUp, pressed: timeUp ? state.pressed : undefined };
}

interface ControlsProps {
  playing: boolean;
  speed: number;
  send: (m: PageMessage) => void;
  /** false where the page has its own reset (a lab's "Reset lab" also restores the files) */
  showReset?: boolean;
  /** a lab's simulated time is used up: Play and Step have nothing left to run */
  timeUp?: boolean;
}

function ControlsImpl({ playing, speed, send, showReset = true, timeUp = false }: ControlsProps) {
  const t = useTranslations('sim.controls');
  const stepId = useId();
  const speedId = useId();
  const noteId = useId();
  const [stepTicks, setStepTicks] = useState<number>(1);
  /** the button pressed while the time is used up, for the status message */
  const [press, setPress] = useState<TimeUpPress>({ timeUp, pressed: undefined });
  // adjusted while rendering, as React's "storing information from previous renders" does
  const adjusted = adjustTimeUpPress(press, timeUp);
  if (adjusted !== press) setPress(adjusted);
  const pressed = adjusted.pressed;
  const playOff = timeUp && !playing;
  const off = (button: 'play' | 'step') => ({ 'aria-disabled': true, 'aria-describedby': noteId, onClick: () => setPress({ timeUp: true, pressed: button }) }) as const;
  return (
    <div role="toolbar" aria-label={t('label')} className={styles.toolbar}>
      <button
        type="button"
        className={`${styles.button} ${styles.primary}`}
        {...(playOff ? off('play') : { onClick: () => send({ type: playing ? 'pause' : 'play' }) })}
      >
        {playing ? <PauseIcon /> : <PlayIcon />} {playing ? t('pause') : t('play')}
      </button>
      <button type="button" className={styles.button} {...(timeUp ? off('step') : { onClick: () => send({ type: 'step', ticks: stepTicks }) })}>
        <StepIcon /> {t('step')}
      </button>
      <span className={styles.toolbarField}>
        <label htmlFor={stepId} className={styles.inlineLabel}>
          {t('stepSize')}
        </label>
        <select id={stepId} value={stepTicks} onChange={(e) => setStepTicks(Number(e.target.value))}>
          {STEP_SIZES.map((s) => (
            <option key={s.ticks} value={s.ticks}>
              {t('stepOption', { count: s.ticks, hint: s.hint })}
            </option>
          ))}
        </select>
      </span>
      <span className={styles.toolbarField}>
        <label htmlFor={speedId} className={styles.inlineLabel}>
          {t('speed')}
        </label>
        <select id={speedId} value={speed} onChange={(e) => send({ type: 'setSpeed', ticksPerSecond: Number(e.target.value) })}>
          {SPEED_PRESETS.map((s) => (
            <option key={s} value={s}>
              {t('speedOption', { count: s, factor: s / 100 })}
            </option>
          ))}
        </select>
      </span>
      {showReset ? (
        <button type="button" className={styles.button} onClick={() => send({ type: 'reset' })}>
          <ResetIcon /> {t('reset')}
        </button>
      ) : null}
      {timeUp ? (
        <p id={noteId} className={styles.toolbarNote} data-testid="time-up">
          {t('timeUp')}
        </p>
      ) : null}
      {/* a press on an unavailable button is answered, and announced */}
      <p role="status" className={styles.toolbarNote}>
        {timeUp && pressed !== undefined ? t('timeUpPressed', { button: pressed }) : ''}
      </p>
    </div>
  );
}

export const Controls = memo(ControlsImpl);
