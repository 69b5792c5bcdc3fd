'use client';
// A lesson's live cluster that survives a reload and a language switch: its action log is
// saved in the browser as the learner works (saved-cluster.ts) and replayed into the fresh
// worker on load, as a lab's work is (../lab/use-lab-session.ts). Reset forgets it; a log
// that fails to replay is forgotten and the cluster starts fresh, with a notice; a browser
// that will not store it leaves the cluster working as before, with one quiet note.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { browserStorage } from '@/app/_lib/browser-storage';
import type { HostScenario, PageMessage } from '@/app/_lib/sim-worker/protocol';
import { useSimWorker, type SimStart, type SimWorker } from './use-sim-worker';
import { clearCluster, loadCluster, restoreOutcome, saveCluster, saveDelay, scenarioFingerprint, type SaveRefusal } from './saved-cluster';

/** What the browser keeps of this cluster, for the note under the controls. */
export type KeptCluster =
  /** not kept on this page (the instructor's preview) */
  | { kind: 'off' }
  /** nothing to keep yet: a fresh cluster */
  | { kind: 'fresh' }
  | { kind: 'saved'; actions: number }
  /** past a limit of what is kept: the save from `tick` (before it) stands */
  | { kind: 'stopped'; limit: Exclude<SaveRefusal, 'refused'>; tick: number }
  /** the browser will not store it (storage disabled or full): a reload starts fresh */
  | { kind: 'unavailable' };

export interface SavedCluster {
  worker: SimWorker;
  /** the worker's send, where Reset also forgets the saved cluster */
  send: (message: PageMessage) => void;
  kept: KeptCluster;
  /** a saved cluster is being replayed into the fresh worker */
  restoring: boolean;
  /** the saved cluster could not be restored (why, in the worker's words): this one started fresh */
  restoreFailed: string | undefined;
}

/** `saveKey` undefined: the cluster is not kept (it runs as it always did). */
export function useSavedCluster(scenario: HostScenario, saveKey: string | undefined): SavedCluster {
  const storage = useMemo(() => (saveKey === undefined ? undefined : browserStorage()), [saveKey]);
  const scenarioJson = JSON.stringify(scenario);
  const fingerprint = useMemo(() => scenarioFingerprint(JSON.parse(scenarioJson) as HostScenario), [scenarioJson]);
  // this runs in the browser only (the view is loaded with ssr: false)
  const [saved] = useState(() => (storage !== undefined && saveKey !== undefined ? loadCluster(storage, saveKey, fingerprint) : undefined));
  const start = useMemo<SimStart | undefined>(() => (saved !== undefined ? { replay: saved } : undefined), [saved]);
  const worker = useSimWorker(scenario, start);
  const { state, send: sendToWorker, requestActionLog } = worker;

  const freshKept = useCallback((): KeptCluster => (saveKey === undefined ? { kind: 'off' } : storage === undefined ? { kind: 'unavailable' } : { kind: 'fresh' }), [saveKey, storage]);
  const [kept, setKept] = useState<KeptCluster>(() => (saved !== undefined ? { kind: 'saved', actions: saved.length } : freshKept()));
  const [restoring, setRestoring] = useState(saved !== undefined);
  const [restoreFailed, setRestoreFailed] = useState<string | undefined>(undefined);

  /** bumped when the saved cluster is forgotten: a log asked for before and answered after is the old cluster's */
  const generation = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSave = useRef(Number.NEGATIVE_INFINITY);
  const lastActionCount = useRef<number | undefined>(undefined);
  /** the tick of the last save that was kept, for the note once the cluster is past a limit */
  const keptTick = useRef(0);
  const now = state.view?.now;
  const nowRef = useRef(now);
  nowRef.current = now;

  const forget = useCallback(() => {
    generation.current += 1;
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
    lastActionCount.current = undefined;
    if (storage !== undefined && saveKey !== undefined) clearCluster(storage, saveKey);
  }, [storage, saveKey]);

  const send = useCallback(
    (message: PageMessage) => {
      if (message.type === 'reset') {
        // the learner can always get back to a fresh cluster: nothing of the old one is kept
        forget();
        setRestoreFailed(undefined);
        setKept(freshKept());
      }
      sendToWorker(message);
    },
    [forget, freshKept, sendToWorker],
  );

  // The restore is over at the first view after the replay. A log that did not replay whole
  // (another simulation's, or a bug) is not half-restored: it is forgotten, the cluster
  // starts fresh, and the page says so once.
  const { replayError, status, view, replay } = state;
  const outcome = restoring ? restoreOutcome(state) : undefined;
  const failedWith = outcome?.kind === 'failed' ? outcome.message : undefined;
  const restored = outcome?.kind === 'restored';
  useEffect(() => {
    if (failedWith !== undefined) {
      forget();
      setRestoreFailed(failedWith);
      setKept(freshKept());
      setRestoring(false);
      // a worker that failed on it may still take a reset; one that is gone leaves the
      // page's "reload" message, and the reload is fresh
      sendToWorker({ type: 'reset' });
    } else if (restored) {
      setRestoring(false);
    }
  }, [failedWith, restored, forget, freshKept, sendToWorker]);

  const saveNow = useCallback(() => {
    timer.current = undefined;
    lastSave.current = Date.now();
    const at = generation.current;
    void requestActionLog().then((log) => {
      if (log === undefined || at !== generation.current || storage === undefined || saveKey === undefined) return;
      const tick = nowRef.current ?? 0;
      const result = saveCluster(storage, saveKey, fingerprint, log, tick);
      if (result.ok) {
        keptTick.current = tick;
        setKept(log.length === 0 ? { kind: 'fresh' } : { kind: 'saved', actions: log.length });
      } else if (result.refused === 'refused') setKept({ kind: 'unavailable' });
      else setKept({ kind: 'stopped', limit: result.refused, tick: keptTick.current });
    });
  }, [requestActionLog, storage, saveKey, fingerprint]);

  // the log: saved at once after an action (a command, a fault, a step) or a pause, and
  // about once a second while the cluster plays (every frame adds ticks to its last action)
  const logVersion = view?.logVersion;
  const actionCount = view?.actionCount;
  const playing = view?.playing ?? false;
  const live = storage !== undefined && saveKey !== undefined && !restoring && status === 'running' && replay === undefined && replayError === undefined && logVersion !== undefined;
  useEffect(() => {
    if (!live) return;
    const actionAdded = lastActionCount.current !== undefined && actionCount !== lastActionCount.current;
    lastActionCount.current = actionCount;
    const delay = saveDelay({ playing, actionAdded }, lastSave.current, Date.now());
    if (delay === 0) {
      if (timer.current !== undefined) clearTimeout(timer.current);
      saveNow();
    } else if (timer.current === undefined) {
      timer.current = setTimeout(saveNow, delay);
    }
  }, [live, logVersion, actionCount, playing, saveNow]);

  useEffect(
    () => () => {
      if (timer.current !== undefined) clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );

  return { worker, send, kept, restoring, restoreFailed };
}
