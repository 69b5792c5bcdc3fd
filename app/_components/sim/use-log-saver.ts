'use client';
// When the page fetches the worker's action log to keep it in the browser: a lab's work
// (../lab/use-lab-session.ts) and a lesson's cluster (use-saved-cluster.ts) are saved on
// the same beat. At once after an action (a command, a fault button, a step, Apply) or a
// pause; while the cluster plays every frame adds ticks to the log's last action, and the
// log is fetched about once a second — a timer that a new frame does not push back.
import { useCallback, useEffect, useRef } from 'react';
import type { ActionLog } from '@/sim-core/cluster/actions';
import type { SimWorker } from './use-sim-worker';

/** While the cluster plays, the log changes every frame: save it at most this often. */
export const SAVE_WHILE_PLAYING_MS = 1000;

/**
 * How long to wait before fetching the log to save it: 0 when the log gained an action
 * or the cluster is paused, else what is left of a second since the last save.
 * `lastSave` and `now` are the page's clock in milliseconds.
 */
export function saveDelay(change: { playing: boolean; actionAdded: boolean }, lastSave: number, now: number, everyMs = SAVE_WHILE_PLAYING_MS): number {
  if (!change.playing || change.actionAdded) return 0;
  return Math.max(0, lastSave + everyMs - now);
}

/**
 * Hands `save` the worker's log whenever it changed, on that beat, while `active` (the
 * cluster runs and is not being restored). `restart` (a Reset) drops a log asked for
 * before it and answered after: that log is the old cluster's.
 */
export function useLogSaver(worker: SimWorker, active: boolean, save: (log: ActionLog) => void): { restart: () => void } {
  const { requestActionLog } = worker;
  const view = worker.state.view;
  const logVersion = view?.logVersion;
  const actionCount = view?.actionCount;
  const playing = view?.playing ?? false;
  const saveRef = useRef(save);
  saveRef.current = save;
  const generation = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSave = useRef(Number.NEGATIVE_INFINITY);
  const lastActionCount = useRef<number | undefined>(undefined);

  const stopTimer = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };

  const fetchAndSave = useCallback(() => {
    timer.current = undefined;
    lastSave.current = Date.now();
    const at = generation.current;
    void requestActionLog().then((log) => {
      if (log !== undefined && at === generation.current) saveRef.current(log);
    });
  }, [requestActionLog]);

  useEffect(() => {
    if (!active || logVersion === undefined) {
      stopTimer();
      return;
    }
    const actionAdded = lastActionCount.current !== undefined && actionCount !== lastActionCount.current;
    lastActionCount.current = actionCount;
    const delay = saveDelay({ playing, actionAdded }, lastSave.current, Date.now());
    if (delay === 0) {
      stopTimer();
      fetchAndSave();
    } else {
      timer.current ??= setTimeout(fetchAndSave, delay);
    }
  }, [active, logVersion, actionCount, playing, fetchAndSave]);

  // gone with the page: nothing is fetched for a worker that is no more
  useEffect(() => stopTimer, []);

  const restart = useCallback(() => {
    generation.current += 1;
    stopTimer();
    lastActionCount.current = undefined;
  }, []);

  return { restart };
}
