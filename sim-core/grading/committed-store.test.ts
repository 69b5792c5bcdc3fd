// The replay reads the member list once and again only after a restart (view.ts
// CommittedStoreReader). A member that joins during the log (`etcdctl member add`, then
// `sim restart` starts its process) must still count: here it ends as the only member
// holding the keyspace, and the goals must be judged from its store.
import { describe, expect, it } from 'vitest';
import { grade } from './replay';

const log = [
  { type: 'command', line: 'etcdctl member add etcd-4 --peer-urls=http://etcd-4:2380' },
  { type: 'command', line: 'sim restart etcd-4' },
  { type: 'tick', ticks: 300 },
  { type: 'command', line: 'etcdctl put /joined yes' },
  { type: 'tick', ticks: 300 },
  { type: 'command', line: 'sim kill etcd-1' },
  { type: 'command', line: 'sim kill etcd-2' },
  { type: 'command', line: 'sim kill etcd-3' },
];
const goals = [
  { id: 'joined', check: { kind: 'keyValue', key: '/joined', equals: 'yes' } },
  { id: 'never', check: { kind: 'always', condition: { kind: 'keyAbsent', key: '/never' } } },
];

describe('the committed store during a replay', () => {
  it('includes a member started by the log, once the original members are down', () => {
    const r = grade({ topology: 'etcd-only', seed: 11, actionLog: log, goals });
    if (!r.ok) throw new Error(r.error);
    expect(r.goals.map((g) => [g.id, g.passed, g.explanation.en])).toEqual([
      ['joined', true, 'expected /joined = "yes", found "yes"'],
      // every moment the committed revision changed, every action and the end
      ['never', true, 'held at all 11 observed moments; at the end: expected key /never to be absent, found no such key'],
    ]);
  });
});
