'use client';
// The live cluster view: one Web Worker runs sim-core for this scenario, and this tree
// of memo'd panels draws its views — members, network, terminal, keyspace, events —
// with the controls and the fault buttons the scenario allows. On a lesson the cluster
// is kept in the browser (use-saved-cluster.ts): restored on load, forgotten on Reset.
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { Fault, HostScenario } from '@/app/_lib/sim-worker/protocol';
import type { SimEmbedProps } from './sim-embed';
import { useSavedCluster, type KeptCluster } from './use-saved-cluster';
import { replayPercent } from './sim-state';
import { SAVED_CLUSTER_LIMITS } from './saved-cluster';
import { useKubectlEdit } from './use-kubectl-edit';
import { Controls } from './controls';
import { FaultPanel } from './fault-panel';
import { MembersPanel } from './members-panel';
import { NetworkView } from './network-view';
import { KeyspaceBrowser } from './keyspace-browser';
import { resourcesNamedIn } from './keyspace-tree';
import { Terminal } from './terminal';
import { EventLog } from './event-log';
import { TracePanel } from './trace-panel';
import { ClusterPanel, WatchChain } from '@/app/_components/cluster';
import { useReducedMotion } from './use-reduced-motion';
import { controlPlanesOption } from '@/app/_lib/content/schemas/control-planes';
import { TICKS_PER_SECOND } from '@/sim-core/kernel/clock';
import styles from './sim.module.css';

function hostScenario(s: SimEmbedProps['scenario']): HostScenario {
  return { id: s.id, topology: s.topology, seed: s.seed, members: s.members, ...controlPlanesOption(s.controlPlanes), setup: s.setup };
}

export function UnsupportedNotice({ title }: { title: string }) {
  const t = useTranslations('sim');
  const id = useId();
  return (
    <section className={`${styles.sim} ${styles.notice}`} aria-labelledby={id}>
      <p className={styles.eyebrow}>{title}</p>
      <h2 id={id} className={styles.noticeTitle}>
        {t('unsupportedTitle')}
      </h2>
      <p>{t('unsupported')}</p>
    </section>
  );
}

/** What the browser keeps of the cluster, in one quiet line (nothing for a fresh cluster). */
function KeptNote({ kept }: { kept: KeptCluster }) {
  const t = useTranslations('sim');
  const text =
    kept.kind === 'saved'
      ? t('kept', { count: kept.actions })
      : kept.kind === 'stopped'
        ? t('keptStopped', { limit: kept.limit, max: kept.limit === 'ticks' ? SAVED_CLUSTER_LIMITS.maxTicks : SAVED_CLUSTER_LIMITS.maxActions, tick: kept.tick })
        : kept.kind === 'unavailable'
          ? t('keptUnavailable')
          : '';
  if (text === '') return null;
  return (
    <p className={styles.keptNote} data-testid="sim-save-state">
      {text}
    </p>
  );
}

/**
 * The lesson open in another tab has saved another cluster: this tab has stopped saving,
 * said quietly in the save note's place, with the way to that cluster. The live region is
 * always there (out of sight while empty, taking no place in the view's grid), so the
 * sentence is announced when it comes; it takes no focus (the learner may be typing).
 */
function OtherTabNote({ kept, onLoad }: { kept: KeptCluster; onLoad: () => void }) {
  const t = useTranslations('sim');
  const asking = kept.kind === 'otherTab';
  return (
    <p role="status" className={asking ? `${styles.keptNote} ${styles.otherTabNote}` : 'visually-hidden'} data-testid="sim-other-tab">
      {asking ? (
        <>
          {t('otherTab')}{' '}
          <button type="button" className="button secondary small" onClick={onLoad}>
            {t('loadOtherTab')}
          </button>
        </>
      ) : null}
    </p>
  );
}

function LiveCluster({ scenario, locale, saveKey }: SimEmbedProps) {
  const t = useTranslations('sim');
  const titleId = useId();
  const restoringId = useId();
  const { worker, send, kept, restoring, restoreFailed, simUpdated, loadOtherTab } = useSavedCluster(hostScenario(scenario), saveKey, scenario.speed);
  const { state, runCommand, interrupt, stopWatch } = worker;
  const edit = useKubectlEdit(worker);
  const [keyspaceSource, setKeyspaceSource] = useState<string | undefined>(undefined);
  const onFault = useCallback((fault: Fault) => send({ type: 'fault', fault }), [send]);
  const onSource = useCallback(
    (member: string | undefined) => {
      setKeyspaceSource(member);
      send(member === undefined ? { type: 'setKeyspaceSource' } : { type: 'setKeyspaceSource', member });
    },
    [send],
  );
  const memberNames = useMemo(() => state.members.map((m) => m.name), [state.members]);
  // the keyspace also opens on the folders the lesson's suggested commands look at
  const suggestedFolders = useMemo(() => resourcesNamedIn(scenario.suggested ?? []), [scenario.suggested]);
  const reducedMotion = useReducedMotion();
  const cluster = state.cluster;
  const nodes = useMemo(() => (cluster?.nodes ?? []).map((n) => ({ name: n.name, up: n.kubelet === 'up' })), [cluster?.nodes]);
  const title = scenario.title[locale];
  if (state.status === 'unsupported') return <UnsupportedNotice title={title} />;
  const view = state.view;
  return (
    <section className={styles.sim} aria-labelledby={titleId} aria-busy={state.status === 'starting' || restoring}>
      <header className={styles.header}>
        <div>
          <p className={styles.eyebrow}>{t('eyebrow')}</p>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
        </div>
        <div className={styles.clock}>
          {view ? (
            <>
              <p data-testid="sim-clock">{t('clock', { tick: view.now, seconds: (view.now / TICKS_PER_SECOND).toFixed(2) })}</p>
              <p data-testid="sim-leader">{view.leader ? t('leader', { member: view.leader }) : t('noLeader')}</p>
            </>
          ) : (
            <p>{state.status === 'failed' ? null : t('starting')}</p>
          )}
        </div>
      </header>
      {state.status === 'failed' ? (
        <p role="alert" className={styles.error}>
          {t('failed', { message: state.error ?? '' })}
        </p>
      ) : state.error !== undefined ? (
        <p role="status" className={styles.error}>
          {t('refused', { message: state.error })}
        </p>
      ) : null}
      {restoring ? (
        <div role="status" className={styles.restoring}>
          <p id={restoringId} className={styles.muted}>
            {t('restoring', { percent: state.replay !== undefined ? replayPercent(state.replay) : 0 })}
          </p>
          <progress className={styles.progress} aria-labelledby={restoringId} max={100} value={state.replay !== undefined ? replayPercent(state.replay) : 0} />
        </div>
      ) : null}
      {restoreFailed !== undefined ? (
        <p role="status" className={styles.restoreNote}>
          {t('restoreFailed', { message: restoreFailed })}
        </p>
      ) : null}
      <Controls playing={view?.playing ?? false} speed={view?.ticksPerSecond ?? 10} send={send} />
      {simUpdated ? (
        <p role="status" className={styles.keptNote} data-testid="sim-updated">
          {t('simUpdated')}
        </p>
      ) : null}
      {restoring ? null : <KeptNote kept={kept} />}
      {kept.kind === 'off' ? null : <OtherTabNote kept={kept} onLoad={loadOtherTab} />}
      <div className={styles.grid}>
        <MembersPanel members={state.members} />
        <NetworkView members={state.members} messages={view?.messages ?? []} total={view?.messagesInFlight ?? 0} now={view?.now ?? 0} />
      </div>
      {cluster ? <ClusterPanel view={cluster} headingLevel={3} /> : null}
      {scenario.topology === 'default' ? <WatchChain hops={state.hops} reducedMotion={reducedMotion} headingLevel={3} /> : null}
      <FaultPanel allowed={scenario.faults} members={state.members} nodes={nodes} leader={view?.leader} onFault={onFault} />
      {/* The terminal takes the view's whole width, under the fault buttons it is used with:
          beside the keyspace it had half of it, and a `kubectl get pods -o wide` row (about
          115 characters) scrolled sideways even at the view's widest (the lesson column
          caps it at the site's 72rem). The keyspace follows, its tree beside its detail. */}
      <Terminal entries={state.terminal} suggested={scenario.suggested} members={memberNames} busy={state.busy} pending={state.pending} onRun={runCommand} onInterrupt={interrupt} running={state.view?.running} onStopWatch={stopWatch} paused={state.view?.playing === false} edit={edit} />
      <KeyspaceBrowser keyspace={state.keyspace} members={state.members} source={keyspaceSource} onSource={onSource} alsoOpen={suggestedFolders} />
      <EventLog events={state.events} />
      <TracePanel trace={view?.trace ?? []} />
      {view?.stateHash ? <p className={styles.hash}>{t('stateHash', { hash: view.stateHash })}</p> : null}
    </section>
  );
}

export function SimView(props: SimEmbedProps) {
  return <LiveCluster {...props} />;
}
