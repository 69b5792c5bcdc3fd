// What etcd puts in a ConfChange's context: the member being added (etcd marshals a
// membership.Member) and, here, the id of the request waiting for the change.
import type { MemberInfo } from './membership';

/** Context of a conf change entry: who waits for it and, for an add, the new member. */
export interface ConfChangeContext {
  id: string;
  member?: { raftId: number; id: string; name: string; peerURLs: string[]; clientURLs: string[] };
}

export function memberContext(id: string, m: MemberInfo): string {
  const c: ConfChangeContext = { id, member: { raftId: m.raftId, id: m.id.toString(), name: m.name, peerURLs: m.peerURLs, clientURLs: m.clientURLs } };
  return JSON.stringify(c);
}

/** The bootstrap conf changes re-add members the initial configuration already lists. */
export function isBootstrap(c: ConfChangeContext, existing: MemberInfo | undefined): boolean {
  return existing !== undefined && c.member !== undefined && BigInt(c.member.id) === existing.id;
}

