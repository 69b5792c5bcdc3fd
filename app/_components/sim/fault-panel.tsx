'use client';
// The fault buttons a scenario allows (content/scenarios/*.yaml `faults`): kill or
// restart a member, split the network into groups, heal it. Each does exactly what its
// `sim` command does (the terminal shows the command), so a learner can repeat it by hand.
import { memo, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { Fault, MemberView } from '@/app/_lib/sim-worker/protocol';
import styles from './sim.module.css';

export type ScenarioFault = 'kill-member' | 'restart-member' | 'partition' | 'heal' | 'kill-node' | 'restart-node';

const GROUPS = ['a', 'b', 'c'] as const;

function MemberAction(props: {
  label: string;
  action: string;
  members: readonly { name: string }[];
  preferred?: string;
  nobody: string;
  onDo: (member: string) => void;
}) {
  const { label, action, members, preferred, nobody, onDo } = props;
  const id = useId();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const value = chosen !== undefined && members.some((m) => m.name === chosen) ? chosen : (preferred ?? members[0]?.name ?? '');
  if (members.length === 0) {
    return (
      <div className={styles.faultRow}>
        <p className={styles.hint}>{nobody}</p>
      </div>
    );
  }
  return (
    <div className={styles.faultRow}>
      <label htmlFor={id} className={styles.inlineLabel}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => setChosen(e.target.value)}>
        {members.map((m) => (
          <option key={m.name} value={m.name}>
            {m.name}
          </option>
        ))}
      </select>
      <button type="button" className={styles.button} onClick={() => onDo(value)}>
        {action}
      </button>
    </div>
  );
}

function PartitionPicker({ members, onPartition }: { members: readonly MemberView[]; onPartition: (groups: string[][]) => void }) {
  const t = useTranslations('sim.faults');
  const hintId = useId();
  const [picked, setPicked] = useState<Record<string, string>>({});
  // the default split cuts the last member off: the classic "one member isolated"
  const groupOf = (name: string, i: number) => picked[name] ?? (i === members.length - 1 ? 'b' : 'a');
  const groups = GROUPS.map((g) => members.filter((m, i) => groupOf(m.name, i) === g).map((m) => m.name)).filter((g) => g.length > 0);
  return (
    <fieldset className={styles.fieldset} aria-describedby={hintId}>
      <legend>{t('partitionTitle')}</legend>
      <p id={hintId} className={styles.hint}>
        {t('partitionHint')}
      </p>
      <div className={styles.groupPicker}>
        {members.map((m, i) => (
          <label key={m.name} className={styles.groupChoice}>
            <span>{m.name}</span>
            <select aria-label={t('groupOf', { member: m.name })} value={groupOf(m.name, i)} onChange={(e) => setPicked({ ...picked, [m.name]: e.target.value })}>
              {GROUPS.map((g) => (
                <option key={g} value={g}>
                  {t('group', { group: g.toUpperCase() })}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <button type="button" className={styles.button} disabled={groups.length < 2} onClick={() => onPartition(groups)}>
        {t('partition')}
      </button>
      {groups.length < 2 ? <p className={styles.hint}>{t('needTwoGroups')}</p> : null}
    </fieldset>
  );
}

/** A node the fault buttons can power off or on (the default topology): its kubelet's liveness. */
export interface FaultNode {
  name: string;
  up: boolean;
}

function FaultPanelImpl(props: {
  allowed: readonly ScenarioFault[];
  members: readonly MemberView[];
  nodes?: readonly FaultNode[];
  leader: string | undefined;
  onFault: (f: Fault) => void;
}) {
  const { allowed, members, leader, onFault } = props;
  const nodes = props.nodes ?? [];
  const canKillNode = allowed.includes('kill-node') && nodes.length > 0;
  const canRestartNode = allowed.includes('restart-node') && nodes.length > 0;
  const t = useTranslations('sim.faults');
  const titleId = useId();
  const canKill = allowed.includes('kill-member');
  const canRestart = allowed.includes('restart-member');
  const canPartition = allowed.includes('partition');
  // a partition can always be healed: offering "partition" without "heal" would strand the learner
  const canHeal = allowed.includes('heal') || canPartition;
  if (!canKill && !canRestart && !canPartition && !canHeal && !canKillNode && !canRestartNode) return null;
  const up = members.filter((m) => m.up);
  const down = members.filter((m) => !m.up);
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.panelTitle}>
        {t('title')}
      </h3>
      <div className={styles.faults}>
        {canKill ? (
          <MemberAction label={t('memberToKill')} action={t('kill')} members={up} preferred={leader} nobody={t('noneUp')} onDo={(member) => onFault({ kind: 'kill', member })} />
        ) : null}
        {canRestart ? (
          <MemberAction label={t('memberToRestart')} action={t('restart')} members={down} nobody={t('noneDown')} onDo={(member) => onFault({ kind: 'restart', member })} />
        ) : null}
        {canKillNode ? (
          <MemberAction label={t('nodeToKill')} action={t('powerOff')} members={nodes.filter((n) => n.up)} nobody={t('noNodeUp')} onDo={(member) => onFault({ kind: 'kill', member })} />
        ) : null}
        {canRestartNode ? (
          <MemberAction label={t('nodeToRestart')} action={t('powerOn')} members={nodes.filter((n) => !n.up)} nobody={t('noNodeDown')} onDo={(member) => onFault({ kind: 'restart', member })} />
        ) : null}
        {canPartition ? <PartitionPicker members={members} onPartition={(groups) => onFault({ kind: 'partition', groups })} /> : null}
        {canHeal ? (
          <div className={styles.faultRow}>
            <button type="button" className={styles.button} onClick={() => onFault({ kind: 'heal' })}>
              {t('heal')}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

export const FaultPanel = memo(FaultPanelImpl);
