'use client';
// The network as raftscope draws it: members on a circle, the client in the middle, and
// every message in flight as a dot between its ends, placed by how far it has travelled
// from its send tick to its delivery tick. A dot travels from rim to rim, never over a
// member's name (inside its circle) or the client's, and a member's role is written on
// the outer side of its circle, where no link runs. Links a partition cuts are dashed
// (not just coloured). With reduced motion nothing moves: the messages are listed instead.
import { memo, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { MemberView, MessageView } from '@/app/_lib/sim-worker/protocol';
import { useReducedMotion } from './use-reduced-motion';
import styles from './sim.module.css';

const SIZE = 320;
const CENTER = SIZE / 2;
const RADIUS = 118;
const CLIENT = 'etcdctl';
const NODE_RADIUS = 24;
/** half the client box's width and height */
const CLIENT_HALF = { x: 30, y: 12 };
const DOT_RADIUS = 5;
/** rows of the message list drawn at most (the view already caps what the worker sends) */
const LIST_ROWS = 60;

interface Point {
  x: number;
  y: number;
}

function layout(members: readonly MemberView[]): Map<string, Point> {
  const points = new Map<string, Point>([[CLIENT, { x: CENTER, y: CENTER }]]);
  members.forEach((m, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(1, members.length);
    points.set(m.name, { x: CENTER + RADIUS * Math.cos(angle), y: CENTER + RADIUS * Math.sin(angle) });
  });
  return points;
}

/**
 * Where a message leaves or reaches the end at `at` on its way to or from `toward`: just
 * outside the member's circle (or the client's box), so the dot never covers a name.
 */
function rimPoint(at: Point, toward: Point, client: boolean): Point {
  const dx = toward.x - at.x;
  const dy = toward.y - at.y;
  const length = Math.hypot(dx, dy);
  if (length === 0) return at;
  const ux = dx / length;
  const uy = dy / length;
  const edge = client ? Math.min(ux === 0 ? Infinity : CLIENT_HALF.x / Math.abs(ux), uy === 0 ? Infinity : CLIENT_HALF.y / Math.abs(uy)) : NODE_RADIUS;
  const out = edge + DOT_RADIUS + 1;
  return { x: at.x + ux * out, y: at.y + uy * out };
}

function messageClass(type: string): string {
  if (type.startsWith('MsgHeartbeat')) return styles.msgHeartbeat ?? '';
  if (type.includes('Vote')) return styles.msgVote ?? '';
  if (type.startsWith('Msg')) return styles.msgRaft ?? '';
  return styles.msgClient ?? '';
}

function MessageList({ messages, total, now }: { messages: readonly MessageView[]; total: number; now: number }) {
  const t = useTranslations('sim.network');
  if (messages.length === 0) return <p className={styles.muted}>{t('none')}</p>;
  const rows = messages.slice(0, LIST_ROWS);
  return (
    <>
      <table className={styles.messageTable}>
        <thead>
          <tr>
            <th scope="col">{t('from')}</th>
            <th scope="col">{t('to')}</th>
            <th scope="col">{t('type')}</th>
            <th scope="col">{t('sent')}</th>
            <th scope="col">{t('arrives')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((m) => (
            <tr key={m.id}>
              <td>{m.from}</td>
              <td>{m.to}</td>
              <td>{m.entries > 0 ? t('entries', { type: m.type, count: m.entries }) : m.type}</td>
              <td>{m.sentAt}</td>
              <td>{m.deliverAt > now ? m.deliverAt : now}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > rows.length ? <p className={styles.muted}>{t('more', { count: total - rows.length })}</p> : null}
    </>
  );
}

function NetworkViewImpl(props: { members: readonly MemberView[]; messages: readonly MessageView[]; total: number; now: number }) {
  const { members, messages, total, now } = props;
  const t = useTranslations('sim.network');
  const roleText = useTranslations('sim.members');
  const reduced = useReducedMotion();
  const titleId = useId();
  const [listOpen, setListOpen] = useState(false);
  const points = layout(members);
  const cut = members.some((m) => m.partition !== undefined);
  const pairs: Array<[MemberView, MemberView]> = [];
  members.forEach((a, i) => members.slice(i + 1).forEach((b) => pairs.push([a, b])));
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.panelTitle}>
        {t('title')}
      </h3>
      <svg
        className={styles.network}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="img"
        aria-label={t('picture', { count: total, members: members.map((m) => m.name).join(', ') })}
      >
        {pairs.map(([a, b]) => {
          const p = points.get(a.name)!;
          const q = points.get(b.name)!;
          const isCut = a.partition !== b.partition;
          return <line key={`${a.name}-${b.name}`} x1={p.x} y1={p.y} x2={q.x} y2={q.y} className={isCut ? styles.linkCut : styles.link} />;
        })}
        {members.map((m) => {
          const p = points.get(m.name)!;
          // above a member in the upper half of the circle, below one in the lower half: the
          // side facing away from the others, where no link or message passes
          const roleY = p.y < CENTER - 1 ? p.y - NODE_RADIUS - 8 : p.y + NODE_RADIUS + 14;
          return (
            <g key={m.name} className={m.up ? styles.node : styles.nodeDown}>
              <circle cx={p.x} cy={p.y} r={NODE_RADIUS} />
              <text x={p.x} y={p.y + 4} textAnchor="middle">
                {m.name}
              </text>
              <text x={p.x} y={roleY} textAnchor="middle" className={styles.nodeRole}>
                {m.role === 'follower' ? '' : roleText(`role.${m.role}`)}
              </text>
            </g>
          );
        })}
        <g className={styles.clientNode}>
          <rect x={CENTER - CLIENT_HALF.x} y={CENTER - CLIENT_HALF.y} width={2 * CLIENT_HALF.x} height={2 * CLIENT_HALF.y} rx={6} />
          <text x={CENTER} y={CENTER + 4} textAnchor="middle">
            {t('client')}
          </text>
        </g>
        {reduced
          ? null
          : messages.map((m) => {
              const fromCenter = points.get(m.from);
              const toCenter = points.get(m.to);
              if (fromCenter === undefined || toCenter === undefined) return null;
              const from = rimPoint(fromCenter, toCenter, m.from === CLIENT);
              const to = rimPoint(toCenter, fromCenter, m.to === CLIENT);
              const span = m.deliverAt - m.sentAt;
              const progress = span <= 0 ? 1 : Math.min(1, Math.max(0, (now - m.sentAt) / span));
              const x = from.x + (to.x - from.x) * progress;
              const y = from.y + (to.y - from.y) * progress;
              return <circle key={m.id} r={DOT_RADIUS} className={`${styles.message} ${messageClass(m.type)}`} style={{ transform: `translate(${x}px, ${y}px)` }} />;
            })}
      </svg>
      {cut ? <p className={styles.muted}>{t('cut')}</p> : null}
      {reduced ? (
        <>
          <p className={styles.muted}>{t('reducedMotion')}</p>
          <MessageList messages={messages} total={total} now={now} />
        </>
      ) : (
        <details className={styles.details} onToggle={(e) => setListOpen(e.currentTarget.open)}>
          <summary>{t('list', { count: total })}</summary>
          {listOpen ? <MessageList messages={messages} total={total} now={now} /> : null}
        </details>
      )}
    </section>
  );
}

export const NetworkView = memo(NetworkViewImpl);
