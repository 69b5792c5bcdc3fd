// The cluster's membership as every member holds it (etcdserver/api/membership/cluster.go):
// changed only by applying committed conf-change and publish entries, so all members
// agree. Raft knows members by small ids (1..N); etcd's clients know them by 64-bit ids,
// names and URLs.
import type { Member } from './types';

export interface MemberInfo {
  /** the id Raft uses for this member */
  raftId: number;
  id: bigint;
  /** '' until the member has started and published its attributes */
  name: string;
  peerURLs: string[];
  clientURLs: string[];
}

/** The simulated network address of a member: the host of its peer URL (`http://etcd-2:2380` → `etcd-2`). */
export function addressOfURL(url: string): string {
  // asked for every Raft message a member sends: remember the few URLs a run has
  let address = addressByURL.get(url);
  if (address === undefined) {
    const m = /^[a-z]+:\/\/([^:/]+)/.exec(url);
    address = m ? m[1]! : url;
    if (addressByURL.size >= 1024) addressByURL.clear();
    addressByURL.set(url, address);
  }
  return address;
}

const addressByURL = new Map<string, string>();

export class Membership {
  private readonly byRaft = new Map<number, MemberInfo>();
  /** raft ids of removed members: never reused (etcd refuses a removed member's id) */
  readonly removed = new Set<number>();

  constructor(initial: readonly MemberInfo[] = []) {
    for (const m of initial) this.byRaft.set(m.raftId, { ...m });
  }

  get(raftId: number): MemberInfo | undefined {
    return this.byRaft.get(raftId);
  }

  byId(id: bigint): MemberInfo | undefined {
    for (const m of this.byRaft.values()) if (m.id === id) return m;
    return undefined;
  }

  addressOf(raftId: number): string | undefined {
    const m = this.byRaft.get(raftId);
    return m === undefined ? undefined : addressOfURL(m.peerURLs[0] ?? '');
  }

  add(m: MemberInfo): void {
    this.byRaft.set(m.raftId, { ...m });
  }

  remove(raftId: number): void {
    this.byRaft.delete(raftId);
    this.removed.add(raftId);
  }

  /** etcd's publish: the member's name and client URLs become known. */
  publish(raftId: number, name: string, clientURLs: string[]): void {
    const m = this.byRaft.get(raftId);
    if (m !== undefined) {
      m.name = name;
      m.clientURLs = [...clientURLs];
    }
  }

  /** The next raft id for `member add`: above every id ever used. */
  nextRaftId(): number {
    let max = 0;
    for (const id of this.byRaft.keys()) max = Math.max(max, id);
    for (const id of this.removed) max = Math.max(max, id);
    return max + 1;
  }

  size(): number {
    return this.byRaft.size;
  }

  /** Members as etcd lists them: sorted by id (membership.MembersByID). */
  members(): Member[] {
    return [...this.byRaft.values()]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((m) => ({ ID: m.id, name: m.name, peerURLs: [...m.peerURLs], clientURLs: [...m.clientURLs], isLearner: false }));
  }

  infos(): MemberInfo[] {
    return [...this.byRaft.values()].sort((a, b) => a.raftId - b.raftId).map((m) => ({ ...m, peerURLs: [...m.peerURLs], clientURLs: [...m.clientURLs] }));
  }

  /** Plain data for snapshots (bigint ids as decimal strings). */
  dump(): { members: Array<[number, string, string, string[], string[]]>; removed: number[] } {
    return {
      members: this.infos().map((m) => [m.raftId, m.id.toString(), m.name, m.peerURLs, m.clientURLs]),
      removed: [...this.removed].sort((a, b) => a - b),
    };
  }

  static load(d: ReturnType<Membership['dump']>): Membership {
    const ms = new Membership(d.members.map(([raftId, id, name, peerURLs, clientURLs]) => ({ raftId, id: BigInt(id), name, peerURLs, clientURLs })));
    for (const r of d.removed) ms.removed.add(r);
    return ms;
  }
}
