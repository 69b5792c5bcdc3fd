'use client';
// The cluster as boxes: the control-plane processes (and etcd, summarised) in one row,
// then every node with the Pods bound to it, the Pods no node has yet in their own lane,
// and the ownership chain Deployment → ReplicaSet → Pod. Everything it shows is read
// from etcd's JSON or the kernel's process table (see app/_lib/sim-worker/cluster-view.ts).
import { memo, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { ClusterView, NodeView, PodView, ProcessView } from '@/app/_lib/sim-worker/cluster-view';
import { PodChip, PodDetails, podKey } from './pod-chip';
import { Heading, type HeadingLevel } from './heading';
import styles from './cluster.module.css';

const STATE_ICON: Record<ProcessView['state'], string> = { up: '●', down: '✕', absent: '○' };

function ProcessBox({ process, level }: { process: ProcessView; level: number }) {
  const t = useTranslations('cluster');
  const id = useId();
  return (
    <li className={styles.box} data-state={process.state} aria-labelledby={id}>
      <Heading level={level} id={id} className={styles.boxTitle}>
        {process.name}
      </Heading>
      <ul className={styles.facts}>
        <li className={process.state === 'up' ? styles.ok : process.state === 'down' ? styles.bad : undefined}>
          <span aria-hidden="true" className={styles.icon}>
            {STATE_ICON[process.state]}
          </span>
          {t(`state.${process.state}`)}
        </li>
        {process.leader !== undefined && (
          <li>{process.leader === 'no-lease' ? t('leader.none') : t(`leader.${process.leader}`, { holder: process.holderIdentity ?? '' })}</li>
        )}
      </ul>
    </li>
  );
}

function EtcdBox({ etcd, level }: { etcd: ClusterView['etcd']; level: number }) {
  const t = useTranslations('cluster.etcd');
  const id = useId();
  const quorum = Math.floor(etcd.total / 2) + 1;
  return (
    <li className={styles.box} data-state={etcd.up >= quorum ? 'up' : 'down'} aria-labelledby={id}>
      <Heading level={level} id={id} className={styles.boxTitle}>
        etcd
      </Heading>
      <ul className={styles.facts}>
        <li>{t('members', { up: etcd.up, total: etcd.total })}</li>
        <li>{etcd.leader ? t('leader', { member: etcd.leader }) : t('noLeader')}</li>
        <li>{t('revision', { revision: etcd.revision })}</li>
        <li className={styles.mono}>{etcd.members.map((m) => `${m.name}: ${m.role}`).join(' · ')}</li>
      </ul>
    </li>
  );
}

function NodeBox({ node, level, selected, onSelect }: { node: NodeView; level: number; selected: string | undefined; onSelect: (key: string) => void }) {
  const t = useTranslations('cluster.node');
  const id = useId();
  const ready = node.ready === 'True';
  return (
    <li className={`${styles.box} ${styles.node}`} data-state={ready && node.kubelet === 'up' ? 'up' : 'down'} aria-labelledby={id}>
      <Heading level={level} id={id} className={styles.boxTitle}>
        {node.name}
      </Heading>
      <ul className={styles.facts}>
        <li className={ready ? styles.ok : styles.bad}>
          <span aria-hidden="true" className={styles.icon}>
            {ready ? '✓' : node.ready === 'False' ? '✕' : '?'}
          </span>
          {t(node.ready === 'True' ? 'ready' : node.ready === 'False' ? 'notReady' : 'unknown')}
          {node.unschedulable ? ` · ${t('cordoned')}` : ''}
        </li>
        <li>{t('roles', { roles: node.roles.length > 0 ? node.roles.join(', ') : '<none>' })}</li>
        <li>{node.taints.length > 0 ? t('taints', { taints: node.taints.join(', ') }) : t('noTaints')}</li>
        <li>{t('kubelet', { state: t(`kubeletState.${node.kubelet}`) })}</li>
      </ul>
      {node.pods.length === 0 ? (
        <p className={styles.muted}>{t('noPods')}</p>
      ) : (
        <ul className={styles.pods} aria-label={t('podsOn', { node: node.name })}>
          {node.pods.map((p) => (
            <li key={podKey(p)}>
              <PodChip pod={p} selected={selected === podKey(p)} onSelect={onSelect} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * `headingLevel` is the level of the panel's "Cluster" heading; its sections sit one
 * level below. Inside a card that is already headed "Cluster" (the lab workspace), pass
 * `titled={false}`: the panel then adds no second "Cluster" heading or region, and its
 * sections sit one level below the card's heading (`headingLevel` is the card's level).
 */
function ClusterPanelImpl({ view, headingLevel = 2, titled = true }: { view: ClusterView; headingLevel?: HeadingLevel; titled?: boolean }) {
  const t = useTranslations('cluster');
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const titleId = useId();
  const allPods: PodView[] = [...view.unscheduled, ...view.nodes.flatMap((n) => n.pods)];
  const selectedPod = allPods.find((p) => podKey(p) === selected);
  const h = headingLevel;
  const Wrapper = titled ? 'section' : 'div';
  return (
    <Wrapper className={styles.cluster} aria-labelledby={titled ? titleId : undefined}>
      {titled ? (
        <Heading level={h} id={titleId} className={styles.heading}>
          {t('title')}
        </Heading>
      ) : null}
      <p className={styles.muted}>{t('lead', { tick: view.tick })}</p>

      <section aria-labelledby={`${titleId}-cp`}>
        <Heading level={h + 1} id={`${titleId}-cp`} className={styles.subheading}>
          {t('controlPlane')}
        </Heading>
        <ul className={styles.row}>
          {view.controlPlane.map((p) => (
            <ProcessBox key={p.name} process={p} level={h + 2} />
          ))}
          <EtcdBox etcd={view.etcd} level={h + 2} />
        </ul>
      </section>

      <section aria-labelledby={`${titleId}-nodes`}>
        <Heading level={h + 1} id={`${titleId}-nodes`} className={styles.subheading}>
          {t('nodes')}
        </Heading>
        {view.nodes.length === 0 ? (
          <p className={styles.muted}>{t('noNodes')}</p>
        ) : (
          <ul className={styles.nodes}>
            {view.nodes.map((n) => (
              <NodeBox key={n.name} node={n} level={h + 2} selected={selected} onSelect={setSelected} />
            ))}
          </ul>
        )}
      </section>

      <section className={`${styles.box} ${styles.lane}`} aria-labelledby={`${titleId}-lane`}>
        <Heading level={h + 1} id={`${titleId}-lane`} className={styles.subheading}>
          {t('unscheduled.title')}
        </Heading>
        <p className={styles.muted}>{t('unscheduled.hint')}</p>
        {view.unscheduled.length === 0 ? (
          <p className={styles.muted}>{allPods.length === 0 ? t('unscheduled.noPods') : t('unscheduled.empty')}</p>
        ) : (
          <ul className={styles.pods}>
            {view.unscheduled.map((p) => (
              <li key={podKey(p)}>
                <PodChip pod={p} selected={selected === podKey(p)} onSelect={setSelected} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {view.podsOmitted > 0 && <p className={styles.muted}>{t('omitted', { count: view.podsOmitted })}</p>}

      <PodDetails pod={selectedPod} level={h + 1} />

      <section aria-labelledby={`${titleId}-own`}>
        <Heading level={h + 1} id={`${titleId}-own`} className={styles.subheading}>
          {t('deployments.title')}
        </Heading>
        {view.deployments.length === 0 ? (
          <p className={styles.muted}>{t('deployments.empty')}</p>
        ) : (
          <ul className={styles.summary}>
            {view.deployments.map((d) => (
              <li key={`${d.namespace}/${d.name}`}>
                {t('deployments.deployment', { name: d.name, ready: d.ready, desired: d.desired })}
                <ul>
                  {d.replicaSets.map((rs) => (
                    <li key={rs.name}>
                      {t('deployments.replicaSet', { name: rs.name, ready: rs.ready, desired: rs.desired })}{' '}
                      <span className={styles.mono}>{rs.pods.length > 0 ? rs.pods.join(', ') : t('deployments.noPods')}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${titleId}-svc`}>
        <Heading level={h + 1} id={`${titleId}-svc`} className={styles.subheading}>
          {t('services.title')}
        </Heading>
        {view.services.length === 0 ? (
          <p className={styles.muted}>{t('services.empty')}</p>
        ) : (
          <ul className={styles.summary}>
            {view.services.map((s) => (
              <li key={`${s.namespace}/${s.name}`}>
                {t('services.service', { name: s.name, type: s.type, clusterIP: s.clusterIP || '—', ready: s.readyEndpoints, notReady: s.notReadyEndpoints })}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Wrapper>
  );
}

/** The cluster view; re-renders only when a new view object arrives. */
export const ClusterPanel = memo(ClusterPanelImpl);
