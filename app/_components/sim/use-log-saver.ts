'use client';
// When the page fetches the worker's action log to keep it in the browser: a lab's work
// (../lab/use-lab-session.ts) and a lesson's cluster (use-saved-cluster.ts) are saved on
// the same beat. At once after an action (a command, a fault button, a step, Apply) or a
// pause; while the cluster plays every frame adds ticks to the log's last action, and the
// log is fetched about once a second — a timer that a new frame does not push back.
//
// Leaving the page (a reload, a closed tab, another page, the tab hidden) cannot wait for
// that round trip, so up to a second of play would be lost. But while the cluster plays,
// nothing changes in the log except the ticks of its last action (Play's frames merge into
// it, sim-host.ts record), and every view says how many actions the log has and, when the
// last is a step of time, its ticks (SimView.lastTicks). So when the page is left, the log
// it last fetched is set to the view it shows (logAtView) and saved there and then,
// synchronously: a log that replays to exactly the state the learner saw. When the view
// and that log differ in more than those ticks (an action the page has not fetched yet),
// nothing more is saved: the last save stands.
import { useCallback, useEffect, useRef } from 'react';
import type { ActionLog } from '@/sim-core/cluster/actions';
import type { SimView } from '@/app/_lib/sim-worker/protocol';
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
 * The worker's log as of `view`, from `log`, a log the same worker gave before or after
 * that view: the same actions, its last step of time at the view's ticks. `log` itself when
 * the view shows it; undefined when the two differ in more than those ticks (an action
 * between them), which the log alone cannot tell. Sound because the worker's log only
 * grows, and in place changes only the ticks of a last unpinned `tick` action — a pinned
 * one (`at`) is never merged into — so the same count of actions is the same actions.
 */
export function logAtView(log: ActionLog, view: Pick<SimView, 'actionCount' | 'lastTicks'>): ActionLog | undefined {
  if (view.actionCount !== log.length) return undefined;
  const last = log[log.length - 1];
  const lastIsStep = last?.type === 'tick' && last.at === undefined;
  if (view.lastTicks === undefined) return lastIsStep ? undefined : log;
  if (!lastIsStep) return undefined;
  return last.ticks === view.lastTicks ? log : [...log.slice(0, -1), { ...last, ticks: view.lastTicks }];
}

/**
 * Hands `save` the worker's log whenever it changed, on that beat, while `active` (the
 * cluster runs and is not being restored), and once more, synchronously, when the page
 * is left (pagehide, or hidden): the last fetched log at the view the page shows. `restart`
 * (a Reset) drops a log asked for before it and answered after: that log is the old cluster's.
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
  /** the last log the worker gave (this cluster's, since the last restart) */
  const fetched = useRef<ActionLog | undefined>(undefined);
  const shown = useRef(view);
  shown.current = view;
  const activeRef = useRef(active);
  activeRef.current = active;

  const stopTimer = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };

  const fetchAndSave = useCallback(() => {
    timer.current = undefined;
    lastSave.current = Date.now();
    const at = generation.current;
    void requestActionLog().then((log) => {
      if (log === undefined || at !== generation.current) return;
      fetched.current = log;
      saveRef.current(log);
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

  // Left (or hidden, which may be the last event a closed mobile tab gets): what the page
  // shows is saved now. A page kept in the back/forward cache (pagehide's `persisted`) comes
  // back as it was: its worker plays on, and the next save is on the usual beat.
  useEffect(() => {
    const leave = () => {
      const log = fetched.current;
      const view = shown.current;
      if (!activeRef.current || log === undefined || view === undefined) return;
      const atView = logAtView(log, view);
      if (atView === undefined) return;
      // saved again even when it is the log last handed over: that save may not have landed (a full storage)
      fetched.current = atView;
      saveRef.current(atView);
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, []);

  const restart = useCallback(() => {
    generation.current += 1;
    stopTimer();
    lastActionCount.current = undefined;
    fetched.current = undefined;
  }, []);

  return { restart };
}
