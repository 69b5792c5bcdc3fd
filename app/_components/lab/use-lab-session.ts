'use client';
// The state of one learner's lab: the worker running the lab's cluster, the editor's
// files, what the cluster has of them, the hints revealed — saved to localStorage as the
// learner works and replayed into a fresh worker on load (the simulation is
// deterministic: the same log from the same seed is the same cluster).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ActionLog } from '@/sim-core/cluster/actions';
import { useSimWorker, type SimStart, type SimWorker } from '@/app/_components/sim/use-sim-worker';
import { useLogSaver } from '@/app/_components/sim/use-log-saver';
import { applyRefusalOf, appliedAfter, filesToWrite, oversizedFile, type ApplyRefusal } from './apply-request';
import { browserStorage } from '@/app/_lib/browser-storage';
import { clusterFiles, loadWork, restoreFiles, saveWork, workKey, type SavedWork } from './local-save';
import type { LabClientView } from './types';

export interface LabSession {
  worker: SimWorker;
  files: Record<string, string>;
  /** files edited in the editor but not yet written to the cluster */
  edited: ReadonlySet<string>;
  hintsShown: number;
  /** actions saved in this browser; undefined until the first save */
  savedActions: number | undefined;
  saveRefused: boolean;
  editFile: (path: string, value: string) => void;
  /**
   * write the edited files (logged writeFile actions), then run `kubectl apply -f <path>`:
   * one request the worker does whole or refuses whole; a file counts as applied only once
   * the worker says it was written, and a refused Apply leaves every edit in the editor
   */
  apply: (path: string) => void;
  /** why the last Apply wrote nothing (a cap of grading's, or the worker did not answer); cleared by the next Apply */
  applyRefused: ApplyRefusal | undefined;
  showHint: () => number;
  reset: () => void;
}

export function useLabSession(view: LabClientView, recordedHints: number): LabSession {
  const key = workKey(view.id, view.simCoreVersion, view.scenario.seed);
  const storage = useMemo(browserStorage, []);
  // this runs in the browser only (the workspace is loaded with ssr: false)
  const [saved] = useState<SavedWork | undefined>(() => (storage ? loadWork(storage, key) : undefined));
  const [files, setFiles] = useState(() => restoreFiles(view.lab.files, saved));
  const [applied, setApplied] = useState(() => clusterFiles(view.lab.files, saved?.log ?? []));
  const [hintsShown, setHintsShown] = useState(() => Math.min(view.hints.length, Math.max(saved?.hints ?? 0, recordedHints)));
  const [savedActions, setSavedActions] = useState<number | undefined>(undefined);
  const [saveRefused, setSaveRefused] = useState(false);
  const [applyRefused, setApplyRefused] = useState<ApplyRefusal | undefined>(undefined);
  /** bumped by Reset: an Apply answered after it must not mark the starter files' state */
  const generation = useRef(0);
  const log = useRef<ActionLog>(saved?.log ?? []);
  const labStart = useMemo<SimStart>(() => ({ lab: view.lab, ...(saved ? { replay: saved.log } : {}) }), [view.lab, saved]);
  const worker = useSimWorker(view.scenario, labStart);
  const { state, send, applyFiles } = worker;

  const persist = useCallback(
    (work: SavedWork) => {
      if (!storage) return setSaveRefused(true);
      const ok = saveWork(storage, key, work);
      setSaveRefused(!ok);
      if (ok) setSavedActions(work.log.length);
    },
    [storage, key],
  );

  // the files and hints: saved as they change, with the last log the worker gave
  useEffect(() => {
    persist({ files, log: log.current, hints: hintsShown });
  }, [files, hintsShown, persist]);

  // the log: fetched from the worker when it changes, on use-log-saver's beat (at once
  // after an action or a pause, about once a second while the cluster plays)
  const replaying = state.replay !== undefined;
  const latest = useRef({ files, hintsShown });
  latest.current = { files, hintsShown };
  const onLog = useCallback(
    (l: ActionLog) => {
      log.current = l;
      persist({ files: latest.current.files, log: l, hints: latest.current.hintsShown });
    },
    [persist],
  );
  // a log asked for before a reset and answered after it is the old lab's: restart drops it
  const { restart } = useLogSaver(worker, !replaying && state.status === 'running', onLog);

  const edited = useMemo(() => new Set(Object.keys(files).filter((p) => files[p] !== applied[p])), [files, applied]);

  const editFile = useCallback((path: string, value: string) => setFiles((f) => (f[path] === value ? f : { ...f, [path]: value })), []);

  const apply = useCallback(
    (path: string) => {
      // what this Apply writes, as it is now: an edit made while it runs stays an edit
      const writes = filesToWrite(files, applied);
      const at = generation.current;
      const tooLarge = oversizedFile(writes);
      setApplyRefused(tooLarge);
      if (tooLarge !== undefined) return;
      void applyFiles(writes, path).then((answer) => {
        if (at !== generation.current) return;
        setApplied((a) => appliedAfter(a, writes, answer));
        setApplyRefused(applyRefusalOf(answer));
      });
    },
    [files, applied, applyFiles],
  );

  const showHint = useCallback(() => {
    const next = Math.min(view.hints.length, hintsShown + 1);
    setHintsShown(next);
    return next;
  }, [hintsShown, view.hints.length]);

  const reset = useCallback(() => {
    const starter = restoreFiles(view.lab.files, undefined);
    log.current = [];
    generation.current += 1;
    restart();
    send({ type: 'reset' });
    setFiles(starter);
    setApplied(starter);
    setApplyRefused(undefined);
  }, [send, view.lab.files, restart]);

  return { worker, files, edited, hintsShown, savedActions, saveRefused, editFile, apply, applyRefused, showHint, reset };
}
