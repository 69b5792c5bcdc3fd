'use client';
// The state of one learner's lab: the worker running the lab's cluster, the editor's
// files, what the cluster has of them, the hints revealed — saved to localStorage as the
// learner works and replayed into a fresh worker on load (the simulation is
// deterministic: the same log from the same seed is the same cluster). The lab open in
// another tab shares that record: this tab saves only over its own save, and asks the
// learner when the other tab has saved other work (other-tab.ts). Work saved under an
// earlier sim-core version is offered, not replayed by itself (older-work.ts); a replay
// that stops early leaves the record whole until the learner changes the cluster
// (local-save.ts ReplayHold).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ActionLog } from '@/sim-core/cluster/actions';
import { useSimWorker, type SimStart, type SimWorker } from '@/app/_components/sim/use-sim-worker';
import { useLogSaver } from '@/app/_components/sim/use-log-saver';
import { applyRefusalOf, appliedAfter, filesToWrite, oversizedFile, type ApplyRefusal } from './apply-request';
import { browserStorage } from '@/app/_lib/browser-storage';
import { clusterFiles, holdReplayed, parseStoredWork, readStoredText, restoreFiles, workKey, type ReplayHold, type SavedWork, type WorkStorage } from './local-save';
import { findOlderWork, forgetOlderWork, isStarterWork, moveOlderWork, waitsForChoice, type OlderWork } from './older-work';
import { discardedByLoading, sameWork, WorkTab, type Discarded, type SaveOutcome } from './other-tab';
import { randomUuid } from './random-uuid';
import type { LabClientView } from './types';

/** sessionStorage (this tab's, kept over a reload): the key of the lab whose other tab's work this tab reloads to show. */
const LOADED_FROM_OTHER_TAB = 'reconcile:lab:loaded-from-other-tab';
/** sessionStorage: the key of the lab whose work from an earlier sim-core version this tab reloads to replay. */
const LOADED_OLDER_WORK = 'reconcile:lab:loaded-older-work';

/** Whether this page was reloaded (by `name`'s choice) for the lab at `key`. */
function reloadedFor(name: string, key: string): boolean {
  const tab = tabStorage();
  return tab !== undefined && readStoredText(tab, name) === key;
}

function tabStorage(): WorkStorage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Another tab saved other work: this tab saves nothing until the learner chooses. */
export interface OtherTabWork {
  /** what loading it here would throw away of this tab's work, as it is now */
  discarded: Discarded;
}

/** Work saved under an earlier sim-core version, offered until the learner loads it or starts fresh. */
export interface OlderVersionWork {
  /** this tab has work of its own, saved, that loading the earlier work replaces */
  replaces: boolean;
}

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
  /** another tab has saved other work since this tab's last save: nothing is saved until the learner chooses */
  otherTab: OtherTabWork | undefined;
  /** the learner's last choice about another tab's work, until they change the work: 'loaded' (this tab reloaded to show it) or 'kept' (this tab's saved over it) */
  otherTabChoice: 'loaded' | 'kept' | undefined;
  /** show the other tab's work here: the page reloads, and the fresh worker replays it */
  loadOtherTab: () => void;
  /** save this tab's work now, over the other tab's (which then asks the same) */
  keepThisTab: () => void;
  /** work of this lab saved under an earlier sim-core version, while the learner has not chosen */
  olderWork: OlderVersionWork | undefined;
  /** what the learner chose about it, until they change the work: 'loaded' (this page reloaded to replay it) or 'fresh' (it was removed) */
  olderWorkChoice: 'loaded' | 'fresh' | undefined;
  /** move the earlier work to this version's record and reload, so that a fresh worker replays it */
  loadOlderWork: () => void;
  /** remove the earlier work; the lab goes on from what this tab has */
  startFresh: () => void;
  /** a replay that stopped early has left the saved record whole: nothing done since has changed the cluster */
  replayKept: boolean;
}

export function useLabSession(view: LabClientView, recordedHints: number): LabSession {
  const key = workKey(view.id, view.simCoreVersion, view.scenario.seed);
  const storage = useMemo(browserStorage, []);
  // this runs in the browser only (the workspace is loaded with ssr: false)
  const [loaded] = useState(() => {
    const text = storage ? readStoredText(storage, key) : undefined;
    return { text: text ?? null, saved: parseStoredWork(text ?? null)?.work };
  });
  const saved = loaded.saved;
  // no work of this version's: the same lab and seed saved under another version is offered
  const [older, setOlder] = useState<OlderWork | undefined>(() => (storage && saved === undefined ? findOlderWork(storage, view.id, view.simCoreVersion, view.scenario.seed) : undefined));
  const olderRef = useRef(older);
  olderRef.current = older;
  const [olderChoice, setOlderChoice] = useState<'loaded' | 'fresh' | undefined>(() => (reloadedFor(LOADED_OLDER_WORK, key) ? 'loaded' : undefined));
  const olderChoiceWork = useRef<SavedWork | undefined>(olderChoice === 'loaded' ? saved : undefined);
  /** the page is about to reload on purpose (Load): nothing of this page's is saved over the record before it, and leaving it asks nothing */
  const leaving = useRef(false);
  const [files, setFiles] = useState(() => restoreFiles(view.lab.files, saved));
  const [applied, setApplied] = useState(() => clusterFiles(view.lab.files, saved?.log ?? []));
  const [hintsShown, setHintsShown] = useState(() => Math.min(view.hints.length, Math.max(saved?.hints ?? 0, recordedHints)));
  const [savedActions, setSavedActions] = useState<number | undefined>(undefined);
  const [saveRefused, setSaveRefused] = useState(false);
  const [applyRefused, setApplyRefused] = useState<ApplyRefusal | undefined>(undefined);
  /** bumped by Reset: an Apply answered after it must not mark the starter files' state */
  const generation = useRef(0);
  const log = useRef<ActionLog>(saved?.log ?? []);
  const labStart = useMemo<SimStart>(() => ({ lab: view.lab, ...(saved ? { replay: saved.log } : {}), ...(view.speed !== undefined ? { speed: view.speed } : {}) }), [view.lab, saved, view.speed]);
  const worker = useSimWorker(view.scenario, labStart);
  const { state, send, applyFiles } = worker;

  // this tab's side of the record the lab's other tabs share (a tab id of its own per page load)
  const [tabSave] = useState(() => (storage ? new WorkTab(storage, key, randomUuid(), { text: loaded.text, work: saved ?? { files, log: [], hints: hintsShown } }) : undefined));
  const [otherTab, setOtherTab] = useState<{ theirs: SavedWork; discarded: Discarded } | undefined>(undefined);
  // this page was reloaded to show another tab's work: said until the learner changes it
  const [otherTabChoice, setOtherTabChoice] = useState<'loaded' | 'kept' | undefined>(() => (reloadedFor(LOADED_FROM_OTHER_TAB, key) ? 'loaded' : undefined));
  const choiceWork = useRef<SavedWork | undefined>(otherTabChoice === 'loaded' ? saved : undefined);
  useEffect(() => {
    // read once: a later reload of this tab is an ordinary one
    try {
      tabStorage()?.removeItem(LOADED_FROM_OTHER_TAB);
      tabStorage()?.removeItem(LOADED_OLDER_WORK);
    } catch {
      // nothing to forget
    }
  }, []);

  const asking = useCallback(
    (theirs: SavedWork, mine: SavedWork) => {
      // a new question: what the learner chose about an earlier one is no longer news
      choiceWork.current = undefined;
      setOtherTabChoice(undefined);
      const discarded = discardedByLoading(view.lab.files, mine, theirs);
      // the same question keeps its object: a cluster playing here asks again every second
      setOtherTab((o) => (o !== undefined && o.theirs === theirs && JSON.stringify(o.discarded) === JSON.stringify(discarded) ? o : { theirs, discarded }));
    },
    [view.lab.files],
  );

  const settle = useCallback(
    (outcome: SaveOutcome, work: SavedWork) => {
      if (outcome.kind === 'otherTab') return asking(outcome.theirs, work);
      setOtherTab(undefined);
      setSaveRefused(outcome.kind === 'refused');
      if (outcome.kind === 'refused') return;
      setSavedActions(work.log.length);
      // hints another tab revealed on the same work are revealed here too
      if (outcome.hints > work.hints) setHintsShown((h) => Math.max(h, Math.min(view.hints.length, outcome.hints)));
      if (choiceWork.current !== undefined && !sameWork(choiceWork.current, work)) {
        choiceWork.current = undefined;
        setOtherTabChoice(undefined);
      }
      if (olderChoiceWork.current !== undefined && !sameWork(olderChoiceWork.current, work)) {
        olderChoiceWork.current = undefined;
        setOlderChoice(undefined);
      }
    },
    [asking, view.hints.length],
  );

  const persist = useCallback(
    (work: SavedWork) => {
      if (leaving.current) return;
      if (!tabSave) return setSaveRefused(true);
      // while the earlier version's work is offered, a visit that changes nothing saves nothing, so the offer stays
      if (storage !== undefined && waitsForChoice(olderRef.current !== undefined, readStoredText(storage, key), work, view.lab.files)) return;
      settle(tabSave.save(work), work);
    },
    [tabSave, settle, storage, key, view.lab.files],
  );

  // the files and hints: saved as they change, with the last log the worker gave
  useEffect(() => {
    persist({ files, log: log.current, hints: hintsShown });
  }, [files, hintsShown, persist]);

  // the log: fetched from the worker when it changes, on use-log-saver's beat (at once
  // after an action or a pause, about once a second while the cluster plays, and as the
  // page is left, at the view it shows)
  const replaying = state.replay !== undefined;
  const latest = useRef({ files, hintsShown });
  latest.current = { files, hintsShown };
  // a replay that stopped early: what was replayed is not saved over the whole record until the learner changes the cluster
  const replayFailed = useRef(false);
  replayFailed.current = state.replayError !== undefined;
  const hold = useRef<ReplayHold>({ kind: 'waiting' });
  const [replayReleased, setReplayReleased] = useState(false);
  const onLog = useCallback(
    (l: ActionLog) => {
      if (replayFailed.current && hold.current.kind !== 'released') {
        hold.current = holdReplayed(hold.current, l);
        // log.current stays the saved log: an edit saved meanwhile keeps it whole
        if (hold.current.kind !== 'released') return;
        setReplayReleased(true);
      }
      log.current = l;
      persist({ files: latest.current.files, log: l, hints: latest.current.hintsShown });
    },
    [persist],
  );
  // a log asked for before a reset and answered after it is the old lab's: restart drops it
  const { restart } = useLogSaver(worker, !replaying && state.status === 'running', onLog);

  /** this tab's work as it is now: the editor's files, the last log the worker gave, the hints */
  const currentWork = useCallback((): SavedWork => ({ files: latest.current.files, log: log.current, hints: latest.current.hintsShown }), []);

  // another tab saved (or the storage was cleared): what is stored now is judged against this tab's last save
  useEffect(() => {
    if (!tabSave || !storage) return;
    const onStorage = (e: StorageEvent) => {
      if (e.storageArea !== storage) return;
      // another tab loaded the earlier version's work, or started fresh: nothing is left to offer here
      const offered = olderRef.current;
      if (offered !== undefined && (e.key === null || offered.keys.includes(e.key))) {
        const now = findOlderWork(storage, view.id, view.simCoreVersion, view.scenario.seed);
        if (now?.key !== offered.key) setOlder(now);
      }
      if (e.key !== null && e.key !== key) return;
      const changed = tabSave.storageChanged();
      if (changed.kind === 'unchanged') return;
      if (changed.kind === 'otherTab') return asking(changed.theirs, currentWork());
      setOtherTab(undefined);
      if (changed.kind === 'same') setHintsShown((h) => Math.max(h, Math.min(view.hints.length, changed.hints)));
      // nothing left of the record: this tab's work goes back in at once
      else persist(currentWork());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [tabSave, storage, key, asking, persist, currentWork, view.hints.length, view.id, view.simCoreVersion, view.scenario.seed]);

  const keepThisTab = useCallback(() => {
    if (!tabSave) return;
    const work = currentWork();
    const outcome = tabSave.keep(work);
    settle(outcome, work);
    if (outcome.kind !== 'saved') return;
    choiceWork.current = work;
    setOtherTabChoice('kept');
  }, [tabSave, currentWork, settle]);

  const loadOtherTab = useCallback(() => {
    try {
      tabStorage()?.setItem(LOADED_FROM_OTHER_TAB, key);
    } catch {
      // the reload still shows the other tab's work, without saying so
    }
    // a fresh page reads the record and replays it into a fresh worker, as any load does:
    // nothing of this tab's cluster, editor models or pending answers carries over
    leaving.current = true;
    window.location.reload();
  }, [key]);

  const loadOlderWork = useCallback(() => {
    const offered = olderRef.current;
    if (!tabSave || !storage || offered === undefined) return;
    // the files exactly as they were and the log to replay, under this version's key
    const outcome = moveOlderWork(storage, tabSave, offered, latest.current.hintsShown);
    if (outcome.kind !== 'saved') return settle(outcome, currentWork());
    leaving.current = true;
    try {
      tabStorage()?.setItem(LOADED_OLDER_WORK, key);
    } catch {
      // the reload still replays it, without saying so
    }
    // a fresh page reads the record and replays its log into a fresh worker, with the
    // progress bar, as any load does (a log that stops early keeps the record whole)
    window.location.reload();
  }, [tabSave, storage, key, settle, currentWork]);

  const startFresh = useCallback(() => {
    const offered = olderRef.current;
    if (offered === undefined) return;
    if (storage) forgetOlderWork(storage, offered);
    olderRef.current = undefined;
    setOlder(undefined);
    const work = currentWork();
    olderChoiceWork.current = work;
    setOlderChoice('fresh');
    // this tab's work, the starter's if nothing was done yet, is now the lab's record
    persist(work);
  }, [storage, currentWork, persist]);

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
    // the replayed cluster is gone: the empty log is the learner's
    hold.current = { kind: 'released' };
    setReplayReleased(true);
    generation.current += 1;
    restart();
    send({ type: 'reset' });
    setFiles(starter);
    setApplied(starter);
    setApplyRefused(undefined);
  }, [send, view.lab.files, restart]);

  const otherTabWork = useMemo(() => (otherTab === undefined ? undefined : { discarded: otherTab.discarded }), [otherTab]);

  // This tab stopped saving (another tab saved other work) and holds work the record does
  // not: closing or leaving the page would lose it without a word, so the browser asks first
  // (its own question: pages cannot word it). Load and Keep working here end the question.
  const unsaved = otherTab !== undefined && (otherTab.discarded.actions > 0 || otherTab.discarded.edits.length > 0);
  useEffect(() => {
    if (!unsaved) return;
    const ask = (e: BeforeUnloadEvent) => {
      if (leaving.current) return;
      e.preventDefault();
      // older browsers ask only when returnValue is set
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
  // this tab's own work, once saved, is what Load replaces
  const olderWork = useMemo(
    () => (older === undefined ? undefined : { replaces: savedActions !== undefined && (savedActions > 0 || !isStarterWork({ files, log: [] }, view.lab.files)) }),
    [older, savedActions, files, view.lab.files],
  );
  const replayKept = state.replayError !== undefined && !replayReleased;

  return {
    worker,
    files,
    edited,
    hintsShown,
    savedActions,
    saveRefused,
    editFile,
    apply,
    applyRefused,
    showHint,
    reset,
    otherTab: otherTabWork,
    otherTabChoice,
    loadOtherTab,
    keepThisTab,
    olderWork,
    olderWorkChoice: olderChoice,
    loadOlderWork,
    startFresh,
    replayKept,
  };
}
