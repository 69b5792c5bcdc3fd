'use client';
// The etcd members as cards: Raft role in words and an icon, term, commit and applied
// index, log length, and whether the member is down or cut off — always stated in words,
// never by colour alone. Today every process is an etcd member; the card switch is where
// API server, controllers, scheduler and kubelets will be drawn once sim-core runs them.
import { memo, useId } from 'react';
import { useTranslations } from 'next-intl';
import type { MemberView } from '@/app/_lib/sim-worker/protocol';
import styles from './sim.module.css';

const ROLE_ICON: Record<MemberView['role'], string> = {
  leader: '★',
  follower: '●',
  candidate: '◆',
  'pre-candidate': '◇',
  down: '✕',
};

function MemberCard({ member, peers }: { member: MemberView; peers: readonly MemberView[] }) {
  const t = useTranslations('sim.members');
  const cutFrom = member.partition === undefined ? [] : peers.filter((p) => p.partition !== member.partition).map((p) => p.name);
  const headingId = useId();
  return (
    <li className={`${styles.member} ${styles[`role-${member.role}`] ?? ''}`} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.memberName}>
        {member.name}
      </h4>
      <p className={styles.memberRole}>
        <span aria-hidden="true" className={styles.roleIcon}>
          {ROLE_ICON[member.role]}
        </span>{' '}
        {t(`role.${member.role}`)}
      </p>
      <dl className={styles.memberStats}>
        <div>
          <dt>{t('term')}</dt>
          <dd>{member.term}</dd>
        </div>
        <div>
          <dt>{t('commit')}</dt>
          <dd>{member.commitIndex}</dd>
        </div>
        <div>
          <dt>{t('applied')}</dt>
          <dd>{member.appliedIndex}</dd>
        </div>
        <div>
          <dt>{t('log')}</dt>
          <dd>{member.logLength}</dd>
        </div>
      </dl>
      <p className={styles.memberHealth}>
        {!member.up ? t('down') : cutFrom.length > 0 ? t('partitioned', { group: (member.partition ?? '').toUpperCase(), members: cutFrom.join(', ') }) : t('running')}
      </p>
    </li>
  );
}

function MembersPanelImpl({ members }: { members: readonly MemberView[] }) {
  const t = useTranslations('sim.members');
  const titleId = useId();
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.panelTitle}>
        {t('title')}
      </h3>
      <ul className={styles.members}>
        {members.map((m) => {
          switch (m.kind) {
            case 'etcd-member':
              return <MemberCard key={m.name} member={m} peers={members} />;
          }
        })}
      </ul>
    </section>
  );
}

export const MembersPanel = memo(MembersPanelImpl);
