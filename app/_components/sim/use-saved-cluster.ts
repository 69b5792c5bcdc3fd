'use client';
// A lesson's live cluster that survives a reload and a language switch: its action log is
// saved in the browser as the learner works (saved-cluster.ts) and replayed into the fresh
// worker on load, as a lab's work is (../lab/use-lab-session.ts). Reset forgets it; a log
// that fails to replay is forgotten and the cluster starts fresh, with a notice (a worker
// that fails while replaying it keeps it, for the reload the page asks for); a browser
// that will not store it leaves the cluster working as before, with one quiet note. The
// lesson open in other tabs shares the record: this tab saves only over its own save, and
// stops, saying so, once another tab has saved another cluster (cluster-tab.ts). A cluster
// saved by another version of the simulation is dropped, with a note.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ActionLog } from '@/sim-core/cluster/actions';
import { browserStorage, readStoredText, removeStored } from '@/app/_lib/browser-storage';
import type { HostScenario, PageMessage } from '@/app/_lib/sim-worker/protocol';
import { useSimWorker, type SimStart, type SimWorker } from './use-sim-worker';
import { useLogSaver } from './use-log-saver';
import { randomUuid } from '@/app/_components/lab/random-uuid';
import { otherVersionKeys, parseStoredCluster, restoreOutcome, scenarioFingerprint, type SaveRefusal } from './saved-cluster';
import { ClusterTab, type ClusterSaveOutcome } from './cluster-tab';

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
  | { kind: 'unavailable' }
  /** the lesson open in another tab has saved another cluster since this tab's last save: this tab saves nothing more, and a reload brings back that one */
  | { kind: 'otherTab' };

export interface SavedCluster {
  worker: SimWorker;
  /** the worker's send, where Reset also forgets the saved cluster */
  send: (message: PageMessage) => void;
  kept: KeptCluster;
  /** a saved cluster is being replayed into the fresh worker */
  restoring: boolean;
  /** the saved cluster could not be restored (why, in the worker's words): this one started fresh */
  restoreFailed: string | undefined;
  /** this cluster was saved by another version of the simulation, which this one cannot replay: it was dropped, and this one starts fresh */
  simUpdated: boolean;
  /** show the cluster another tab saved (kept is 'otherTab'): the page reloads, and the fresh worker replays it */
  loadOtherTab: () => void;
}

/** `saveKey` undefined: the cluster is not kept (it runs as it always did). `speed`: the scenario's, ticks a second to play at first. */
export function useSavedCluster(scenario: HostScenario, saveKey: string | undefined, speed?: number): SavedCluster {
  const storage = useMemo(() => (saveKey === undefined ? undefined : browserStorage()), [saveKey]);
  const scenarioJson = JSON.stringify(scenario);
  const fingerprint = useMemo(() => scenarioFingerprint(JSON.parse(scenarioJson) as HostScenario), [scenarioJson]);
  // this runs in the browser only (the view is loaded with ssr: false)
  const [loaded] = useState(() => {
    if (storage === undefined || saveKey === undefined) return { text: null, log: undefined, otherVersions: [] };
    const text = readStoredText(storage, saveKey);
    return { text: text ?? null, log: parseStoredCluster(text, fingerprint)?.log, otherVersions: otherVersionKeys(storage, saveKey) };
  });
  const saved = loaded.log;
  // This cluster saved by another sim-core version will never replay: dropped (here, not
  // in the read above, which React may run twice), and when it is what this page would
  // have restored, the learner is told once why the cluster starts fresh.
  const [simUpdated, setSimUpdated] = useState(saved === undefined && loaded.otherVersions.length > 0);
  useEffect(() => {
    if (storage !== undefined) for (const k of loaded.otherVersions) removeStored(storage, k);
  }, [storage, loaded]);
  // this tab's side of the record the lesson's other tabs share (a tab id of its own per page load)
  const [tab] = useState(() => (storage !== undefined && saveKey !== undefined ? new ClusterTab(storage, saveKey, fingerprint, randomUuid(), { text: loaded.text, log: saved ?? [] }) : undefined));
  const start = useMemo<SimStart>(() => ({ ...(saved !== undefined ? { replay: saved } : {}), ...(speed !== undefined ? { speed } : {}) }), [saved, speed]);
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
  /** the last log the worker gave, saved or not: saved again when another tab's record goes */
  const lastLog = useRef<ActionLog | undefined>(undefined);

  const settle = useCallback(
    (outcome: ClusterSaveOutcome, log: ActionLog) => {
      if (outcome.kind === 'saved') {
        keptTick.current = nowRef.current ?? 0;
        setKept(log.length === 0 ? { kind: 'fresh' } : { kind: 'saved', actions: log.length });
      } else if (outcome.kind === 'otherTab') setKept({ kind: 'otherTab' });
      else if (outcome.refused === 'refused') setKept({ kind: 'unavailable' });
      else setKept({ kind: 'stopped', limit: outcome.refused, tick: keptTick.current });
    },
    [],
  );

  const onLog = useCallback(
    (log: ActionLog) => {
      lastLog.current = log;
      if (tab !== undefined) settle(tab.save(log), log);
    },
    [tab, settle],
  );
  // saved on use-log-saver's beat once the cluster runs, not while a saved one is restored
  const live = tab !== undefined && !restoring && state.status === 'running' && state.replay === undefined && state.replayError === undefined;
  const { restart } = useLogSaver(worker, live, onLog);

  // another tab saved (or Reset, or the storage was cleared): what is stored now is judged against this tab's last save
  useEffect(() => {
    if (tab === undefined || storage === undefined) return;
    const onStorage = (e: StorageEvent) => {
      if (e.storageArea !== storage || (e.key !== null && e.key !== saveKey)) return;
      const changed = tab.storageChanged();
      if (changed.kind === 'otherTab') setKept({ kind: 'otherTab' });
      // this tab's cluster goes back in: the record is gone, or holds this tab's last save again
      else if (changed.kind === 'gone' || (changed.kind === 'same' && changed.resumed)) {
        if (lastLog.current !== undefined) onLog(lastLog.current);
        else setKept((k) => (k.kind === 'otherTab' ? freshKept() : k));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [tab, storage, saveKey, onLog, freshKept]);

  const forget = useCallback(() => {
    restart();
    lastLog.current = [];
    if (tab !== undefined) settle(tab.forget(), []);
  }, [restart, tab, settle]);

  const send = useCallback(
    (message: PageMessage) => {
      if (message.type === 'reset') {
        // the learner can always get back to a fresh cluster: nothing of the old one is kept
        // (another tab's other cluster, saved since, is that tab's to forget)
        forget();
        setRestoreFailed(undefined);
        setSimUpdated(false);
      }
      sendToWorker(message);
    },
    [forget, sendToWorker],
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
      setRestoring(false);
      // the worker that reported it runs on: back to the setup's cluster
      sendToWorker({ type: 'reset' });
    } else if (over) {
      setRestoring(false);
    }
  }, [failedWith, over, forget, sendToWorker]);

  // a fresh page reads the record and replays it into a fresh worker, as any load does:
  // nothing of this tab's cluster or terminal carries over
  const loadOtherTab = useCallback(() => window.location.reload(), []);

  return { worker, send, kept, restoring, restoreFailed, simUpdated, loadOtherTab };
}
