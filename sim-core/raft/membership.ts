// Membership change one member at a time (thesis §4.1; etcd's ConfChange v1): a change
// takes effect when the application applies the committed entry.
import { Progress, tallyVotes } from './progress';
import type { Raft } from './raft';
import type { ConfChange, ConfState } from './types';

export function applyConfChange(r: Raft, cc: ConfChange): ConfState {
  const had = r.voters.includes(cc.nodeId);
  if (cc.type === 'addNode' && !had) {
    r.voters = [...r.voters, cc.nodeId].sort((a, b) => a - b);
    if (r.role === 'leader') {
      const pr = new Progress(r.log.lastIndex() + 1, r.cfg.maxInflightMsgs);
      pr.recentActive = true; // give the new member a chance before CheckQuorum counts it
      r.progress.set(cc.nodeId, pr);
    }
  } else if (cc.type === 'removeNode' && had) {
    r.voters = r.voters.filter((id) => id !== cc.nodeId);
    r.progress.delete(cc.nodeId);
  }
  if (cc.type === 'removeNode' && cc.nodeId === r.id) r.removedAt = Math.max(r.removedAt, r.log.committed);
  if (cc.type === 'addNode' && cc.nodeId === r.id) r.removedAt = 0;
  if (r.role === 'leader') {
    if (r.leadTransferee !== 0 && !r.voters.includes(r.leadTransferee)) r.leadTransferee = 0;
    // a smaller configuration may commit more
    if (r.maybeCommit()) r.bcastAppend();
    // A removed leader keeps leading (refusing proposals) only until a quorum of the new
    // configuration knows the removal is committed, then steps down (thesis §4.2.2).
    if (!r.promotable()) r.bcastHeartbeat();
    maybeStepDownRemoved(r);
  }
  return { voters: r.voters.slice() };
}

/**
 * A leader outside its configuration (removed, or elected to break a deadlock) accepts no
 * proposals and steps down once everything is committed in its term and a quorum of the
 * voters has reported knowing that commit index — from then on they can elect among
 * themselves (thesis §4.2.2).
 */
export function maybeStepDownRemoved(r: Raft): void {
  if (r.role !== 'leader' || r.promotable()) return;
  if (r.voters.length === 0) {
    r.becomeFollower(r.term, 0);
    return;
  }
  if (!r.committedEntryInCurrentTerm()) return;
  const target = Math.max(r.removedAt, r.log.committed);
  const known = new Map<number, boolean>();
  for (const id of r.voters) known.set(id, (r.progress.get(id)?.commitKnown ?? 0) >= target);
  if (tallyVotes(r.voters, known) === 'won') r.becomeFollower(r.term, 0);
}
