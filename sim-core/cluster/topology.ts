// The `etcd-only` topology (DESIGN.md §6): a bare etcd cluster of N members named
// etcd-1 … etcd-N with client URL http://etcd-N:2379 and peer URL http://etcd-N:2380,
// their ids derived from the seed.
import { DEFAULT_TIMING, type EtcdMemberConfig } from '../etcd/config';
import { clusterIdFor, epochMsFor, memberIdFor } from '../etcd/ids';
import { addressOfURL, type MemberInfo } from '../etcd/membership';

export type Timing = Pick<
  EtcdMemberConfig,
  'electionTick' | 'heartbeatTick' | 'snapshotCount' | 'snapshotCatchUpEntries' | 'ticksPerSecond' | 'requestTimeoutTicks'
>;

export const MAX_MEMBERS = 7;

export function memberName(n: number): string {
  return `etcd-${n}`;
}
export function clientURLOf(name: string): string {
  return `http://${name}:2379`;
}
export function peerURLOf(name: string): string {
  return `http://${name}:2380`;
}

export function etcdOnlyMembers(seed: number, count: number, timing: Partial<Timing> = {}): EtcdMemberConfig[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_MEMBERS) throw new Error(`etcd-only: members must be 1–${MAX_MEMBERS}, got ${count}`);
  const clusterId = clusterIdFor(seed);
  const epochMs = epochMsFor(seed);
  const initial: MemberInfo[] = [];
  for (let i = 1; i <= count; i++) {
    const name = memberName(i);
    initial.push({ raftId: i, id: memberIdFor(seed, peerURLOf(name)), name, peerURLs: [peerURLOf(name)], clientURLs: [clientURLOf(name)] });
  }
  return initial.map((m) => ({
    ...DEFAULT_TIMING,
    ...timing,
    raftId: m.raftId,
    name: m.name,
    memberId: m.id,
    clusterId,
    peerURL: m.peerURLs[0]!,
    clientURL: m.clientURLs[0]!,
    initialMembers: initial,
    epochMs,
  }));
}

/** The config a member added with `member add` starts with (--initial-cluster-state existing). */
export function joiningMember(base: EtcdMemberConfig, info: MemberInfo, name: string, peers: readonly MemberInfo[]): EtcdMemberConfig {
  const { initialMembers: _ignored, ...rest } = base;
  const addressBook = peers.map((p) => ({ raftId: p.raftId, name: addressOfURL(p.peerURLs[0] ?? '') }));
  return { ...rest, raftId: info.raftId, name, memberId: info.id, peerURL: peerURLOf(name), clientURL: clientURLOf(name), addressBook };
}
