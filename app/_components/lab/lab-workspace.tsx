'use client';
// The lab workspace: the goal checklist, the manifests in Monaco with Apply, the terminal,
// the cluster (members, keyspace, events) running in a Web Worker, progressive hints,
// Reset lab and Submit. Everything the learner does is an action in the worker's log;
// the log is what Submit sends and what a reload replays. Submit sends this tab's log,
// the one its terminal and cluster show — never the record another tab saved: loading
// that reloads the page, and its worker replays it before Submit is available again.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { recordHintUse } from '@/app/_lib/lab/actions';
import { useRouter } from '@/app/_lib/i18n/navigation';
import { Controls } from '@/app/_components/sim/controls';
import { MembersPanel } from '@/app/_components/sim/members-panel';
import { KeyspaceBrowser } from '@/app/_components/sim/keyspace-browser';
import { resourcesReadBy } from '@/app/_components/sim/keyspace-tree';
import { Terminal } from '@/app/_components/sim/terminal';
import { EventLog } from '@/app/_components/sim/event-log';
import { UnsupportedNotice } from '@/app/_components/sim/sim-view';
import simStyles from '@/app/_components/sim/sim.module.css';
import { useReducedMotion } from '@/app/_components/sim/use-reduced-motion';
import { useKubectlEdit } from '@/app/_components/sim/use-kubectl-edit';
import { replayPercent } from '@/app/_components/sim/sim-state';
import { ClusterPanel, WatchChain } from '@/app/_components/cluster';
import { EditorPanel } from './editor-panel';
import { BudgetNotice } from './budget-notice';
import { GoalChecklist } from './goal-checklist';
import { HintPanel } from './hint-panel';
import { ResetControl } from './reset-control';
import { SubmitPanel } from './submit-panel';
import { OtherTabNotice } from './other-tab-notice';
import { OlderWorkNotice } from './older-work-notice';
import { countDown, keyAfter, keyForLog, submitAttempt, submitWithRetries, type RetryWaiting, type SubmitOutcome } from './submission';
import { PausedNotice } from './paused-notice';
import { randomUuid } from './random-uuid';
import { useLabSession } from './use-lab-session';
import type { LabWorkspaceProps } from './types';
import styles from './lab.module.css';

const NO_SUGGESTIONS: readonly string[] = [];

export function LabWorkspace({ view, locale, recordedHints }: LabWorkspaceProps) {
  const t = useTranslations('lab');
  const reducedMotion = useReducedMotion();
  const session = useLabSession(view, recordedHints);
  const { state, send, runCommand, interrupt, stopWatch, requestActionLog } = session.worker;
  const edit = useKubectlEdit(session.worker);
  const clusterTitle = useId();
  const restoringId = useId();
  const [active, setActive] = useState<string | undefined>(view.lab.files[0]?.path);
  // the keyspace opens on the folders the lab's goals read, besides the learner's usual kinds
  const goalFolders = useMemo(() => resourcesReadBy(view.lab.goals.map((g) => g.check)), [view.lab.goals]);
  const [keyspaceSource, setKeyspaceSource] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<SubmitOutcome | undefined>(undefined);
  const [submitting, setSubmitting] = useState(false);
  /** the paused hint under the terminal shows: it says the clock is paused, so the terminal's watch note does not */
  const [pausedShown, setPausedShown] = useState(false);
  const router = useRouter();
  const inFlight = useRef(false);
  /** while the server is busy, Submit waits and tries again; this stops the wait */
  const [waiting, setWaiting] = useState<RetryWaiting | undefined>(undefined);
  const stopWaiting = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => stopWaiting.current?.abort(), []);
  const attemptKey = useRef<{ key: string; log: string } | undefined>(undefined);

  const running = state.status === 'running' && state.replay === undefined;
  const timeUp = state.view?.budget?.ticksLeft === 0;
  // Play from the paused hint under the terminal: the hint goes, and the keyboard stays at the terminal
  const terminalArea = useRef<HTMLDivElement>(null);
  const onPlay = useCallback(() => {
    send({ type: 'play' });
    terminalArea.current?.querySelector<HTMLInputElement>('form input')?.focus();
  }, [send]);
  const memberNames = useMemo(() => state.members.map((m) => m.name), [state.members]);
  const fileNames = useMemo(() => Object.keys(session.files), [session.files]);

  const onSource = useCallback(
    (member: string | undefined) => {
      setKeyspaceSource(member);
      send(member === undefined ? { type: 'setKeyspaceSource' } : { type: 'setKeyspaceSource', member });
    },
    [send],
  );

  const { showHint, reset } = session;
  const onShowHint = useCallback(() => {
    const shown = showHint();
    // the server records a signed-in learner's use; a guest's stays in the saved work
    void recordHintUse({ labId: view.id, hintIndex: shown - 1 }).catch(() => undefined);
  }, [showHint, view.id]);

  // The editor is built again on Reset: its verdicts of the API server were about the old
  // cluster, whose log versions the new one counts again from 0 (a verdict keyed on a
  // version could otherwise pass for the new cluster's), and its files are the starters.
  const [resets, setResets] = useState(0);
  const onReset = useCallback(() => {
    // an answer still to come was about the cluster Reset throws away
    stopWaiting.current?.abort('reset');
    reset();
    setResets((n) => n + 1);
    setOutcome(undefined);
    attemptKey.current = undefined;
  }, [reset]);

  const onSubmit = useCallback(async () => {
    if (inFlight.current) return; // a double click submits once
    inFlight.current = true;
    setSubmitting(true);
    try {
      const log = await requestActionLog();
      if (log === undefined) {
        setOutcome({ kind: 'retry', reason: 'server' });
        return;
      }
      // the same log keeps its key, so a retry after a failure is stored once
      attemptKey.current = keyForLog(attemptKey.current, log, randomUuid);
      const key = attemptKey.current.key;
      const stop = new AbortController();
      stopWaiting.current = stop;
      const outcome = await submitWithRetries(
        () => submitAttempt((url, init) => fetch(url, init), view.id, log, key),
        (w) => countDown(w, setWaiting, stop.signal),
      );
      if (stop.signal.reason !== 'reset') {
        setOutcome(outcome);
        attemptKey.current = keyAfter(attemptKey.current, outcome);
        // a stored attempt changes where the learner stands: the status under the title is read again (the workspace keeps its state)
        if (outcome.kind === 'verdict' && outcome.verdict.attemptId !== null) router.refresh();
      }
    } finally {
      inFlight.current = false;
      stopWaiting.current = undefined;
      setWaiting(undefined);
      setSubmitting(false);
    }
  }, [requestActionLog, view.id, router]);

  const cluster =
    state.status === 'unsupported' ? (
      <UnsupportedNotice title={view.title} />
    ) : (
      <section className={styles.panel} aria-labelledby={clusterTitle} aria-busy={state.status === 'starting' || state.replay !== undefined}>
        <h2 id={clusterTitle} className={styles.panelTitle}>
          {t('cluster.title')}
        </h2>
        {state.replay !== undefined ? (
          <div role="status">
            <p id={restoringId} className={styles.muted}>
              {t('cluster.restoring', { percent: replayPercent(state.replay) })}
            </p>
            {/* named by the sentence above it, as the lesson's cluster names its own (sim-view.tsx) */}
            <progress className={styles.progress} aria-labelledby={restoringId} max={state.replay.total} value={state.replay.done} />
          </div>
        ) : null}
        {state.replayError !== undefined ? <p className={styles.error}>{t(session.replayKept ? 'cluster.restoreFailed' : 'cluster.restoreFailedReplaced', { message: state.replayError })}</p> : null}
        {state.status === 'failed' ? (
          <p role="alert" className={styles.error}>
            {state.error}
          </p>
        ) : null}
        <Controls playing={state.view?.playing ?? false} speed={state.view?.ticksPerSecond ?? 10} send={send} showReset={false} timeUp={timeUp} />
        <BudgetNotice budget={state.view?.budget} />
        {/* this card is the "Cluster" heading: the panel adds none of its own, and its sections are h3 */}
        {state.cluster ? <ClusterPanel view={state.cluster} headingLevel={2} titled={false} /> : null}
        {state.cluster ? <WatchChain hops={state.hops} reducedMotion={reducedMotion} headingLevel={3} /> : null}
        <div className={styles.clusterGrid}>
          <MembersPanel members={state.members} />
          <KeyspaceBrowser keyspace={state.keyspace} members={state.members} source={keyspaceSource} onSource={onSource} alsoOpen={goalFolders} />
        </div>
        <EventLog events={state.events} />
      </section>
    );

  return (
    // One column in one order for every width, the reading order and so Tab's: the goals,
    // the editor, the terminal, then hints and Submit, and the Cluster panel last. On a
    // phone Submit is right under the terminal, not past every cluster panel; on a wide
    // screen the terminal has the workspace's whole width, so a `kubectl get pods -o wide`
    // row (about 115 characters) shows whole at 1280 px (lab.module.css).
    <>
      <OlderWorkNotice older={session.olderWork} choice={session.olderWorkChoice} onLoad={session.loadOlderWork} onFresh={session.startFresh} />
      <OtherTabNotice otherTab={session.otherTab} choice={session.otherTabChoice} onLoad={session.loadOtherTab} onKeep={session.keepThisTab} />
      <div className={styles.workspace}>
        <div className={styles.workGoals}>
          <GoalChecklist goals={view.goals} live={state.goals} locale={locale} explain={view.liveExplanations} />
        </div>
        <div className={styles.workEditor}>
          <EditorPanel
            key={resets}
            files={session.files}
            edited={session.edited}
            active={active}
            canApply={running && !state.busy}
            applyRefused={session.applyRefused}
            onSelect={setActive}
            onChange={session.editFile}
            onApply={() => active !== undefined && session.apply(active)}
            checkManifest={session.worker.checkManifest}
            clusterVersion={state.view?.logVersion}
          />
        </div>
        <div ref={terminalArea} className={`${simStyles.sim} ${styles.workTerminal}`} style={{ minHeight: 0, margin: 0 }}>
          <Terminal entries={state.terminal} suggested={NO_SUGGESTIONS} members={memberNames} files={fileNames} busy={state.busy} pending={state.pending} onRun={runCommand} onInterrupt={interrupt} running={state.view?.running} onStopWatch={stopWatch} paused={state.view?.playing === false && !pausedShown} edit={edit} />
          <PausedNotice terminal={state.terminal} clock={state.view} timeUp={timeUp} onPlay={onPlay} onShownChange={setPausedShown} />
          <p className={styles.muted} data-testid="save-state">
            {session.otherTab !== undefined ? t('cluster.notSavedOtherTab') : session.saveRefused ? t('cluster.notSaved') : session.savedActions !== undefined ? t('cluster.saved', { count: session.savedActions }) : ''}
          </p>
        </div>
        <div className={styles.workActions}>
          <HintPanel hints={view.hints} shown={session.hintsShown} onShowNext={onShowHint} />
          <SubmitPanel labId={view.id} locale={locale} goals={view.goals} canSubmit={running} submitting={submitting} outcome={outcome} onSubmit={() => void onSubmit()} waiting={waiting} onStopWaiting={() => stopWaiting.current?.abort()} budget={state.view?.budget}>
            <ResetControl disabled={state.status === 'starting' || state.replay !== undefined} onReset={onReset} activity={state.view?.logVersion} />
          </SubmitPanel>
        </div>
        <div className={styles.workCluster}>{cluster}</div>
      </div>
    </>
  );
}
