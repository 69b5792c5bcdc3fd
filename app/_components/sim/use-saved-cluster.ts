'use client';
// A lesson's live cluster that survives a reload and a language switch: its action log is
// saved in the browser as the learner works (saved-cluster.ts) and replayed into the fresh
// worker on load, as a lab's work is (../lab/use-lab-session.ts). Reset forgets it; a log
// that fails to replay is forgotten and the cluster starts fresh, with a notice (a worker
// that fails while replaying it keeps it, for the reload the page asks for); a browser
// that will not store it leaves the cluster working as before, with one quiet note.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ActionLog } from '@/sim-core/cluster/actions';
import { browserStorage } from '@/app/_lib/browser-storage';
import type { HostScenario, PageMessage } from '@/app/_lib/sim-worker/protocol';
import { useSimWorker, type SimStart, type SimWorker } from './use-sim-worker';
import { useLogSaver } from './use-log-saver';
import { clearCluster, loadCluster, restoreOutcome, saveCluster, scenarioFingerprint, type SaveRefusal } from './saved-cluster';

/** What the browser keeps of this cluster, for the note under the controls. */
export type KeptCluster =
  /** not kept on this page (the instructor's preview) */
  | { kind: 'off' }
  /** nothing to keep yet: a fresh cluster */
  | { kind: 'fresh' }
  | { kind: 'saved'; actions: number }
  /** past a limit of what is kept: the save from `tick` (the clock's, before it) stands */
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
  const { state, send: sendToWorker } = worker;

  const freshKept = useCallback((): KeptCluster => (saveKey === undefined ? { kind: 'off' } : storage === undefined ? { kind: 'unavailable' } : { kind: 'fresh' }), [saveKey, storage]);
  const [kept, setKept] = useState<KeptCluster>(() => (saved !== undefined ? { kind: 'saved', actions: saved.length } : freshKept()));
  const [restoring, setRestoring] = useState(saved !== undefined);
  const [restoreFailed, setRestoreFailed] = useState<string | undefined>(undefined);

  /**
   * the cluster's clock (the header's "Tick N", setup included) at the last save that was
   * kept: the tick a reload brings back, which the note names once the cluster is past a
   * limit. The limit itself is on the log's own time (saved-cluster.ts logTicks).
   */
  const keptTick = useRef(0);
  const nowRef = useRef(state.view?.now);
  nowRef.current = state.view?.now;

  const onLog = useCallback(
    (log: ActionLog) => {
      if (storage === undefined || saveKey === undefined) return;
      const result = saveCluster(storage, saveKey, fingerprint, log);
      if (result.ok) {
        keptTick.current = nowRef.current ?? 0;
        setKept(log.length === 0 ? { kind: 'fresh' } : { kind: 'saved', actions: log.length });
      } else if (result.refused === 'refused') setKept({ kind: 'unavailable' });
      else setKept({ kind: 'stopped', limit: result.refused, tick: keptTick.current });
    },
    [storage, saveKey, fingerprint],
  );
  // saved on use-log-saver's beat once the cluster runs, not while a saved one is restored
  const live = storage !== undefined && saveKey !== undefined && !restoring && state.status === 'running' && state.replay === undefined && state.replayError === undefined;
  const { restart } = useLogSaver(worker, live, onLog);

  const forget = useCallback(() => {
    restart();
    if (storage !== undefined && saveKey !== undefined) clearCluster(storage, saveKey);
  }, [restart, storage, saveKey]);

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
  // starts fresh, and the page says so once. A worker that failed on the way keeps the
  // record: the page says the simulation stopped and to reload, and the reload replays it.
  const outcome = restoring ? restoreOutcome(state) : undefined;
  const failedWith = outcome?.kind === 'failed' ? outcome.message : undefined;
  const over = outcome?.kind === 'restored' || outcome?.kind === 'interrupted';
  useEffect(() => {
    if (failedWith !== undefined) {
      forget();
      setRestoreFailed(failedWith);
      setKept(freshKept());
      setRestoring(false);
      // the worker that reported it runs on: back to the setup's cluster
      sendToWorker({ type: 'reset' });
    } else if (over) {
      setRestoring(false);
    }
  }, [failedWith, over, forget, freshKept, sendToWorker]);

  return { worker, send, kept, restoring, restoreFailed };
}
