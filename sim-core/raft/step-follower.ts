// stepFollower and stepCandidate (etcd-io/raft raft.go), and the receiver side of
// AppendEntries, heartbeats and InstallSnapshot.
import { message } from './message';
import type { Raft } from './raft';
import type { RaftMessage } from './types';

export function stepFollower(r: Raft, m: RaftMessage): void {
  switch (m.type) {
    case 'MsgProp':
      // propose() already refused when there is no leader; forward to the one we know
      if (r.lead === 0 || r.cfg.disableProposalForwarding) return;
      r.send({ ...m, to: r.lead });
      return;
    case 'MsgApp':
      r.electionElapsed = 0;
      r.lead = m.from;
      handleAppendEntries(r, m);
      return;
    case 'MsgHeartbeat':
      r.electionElapsed = 0;
      r.lead = m.from;
      handleHeartbeat(r, m);
      return;
    case 'MsgSnap':
      r.electionElapsed = 0;
      r.lead = m.from;
      handleSnapshot(r, m);
      return;
    case 'MsgTransferLeader':
      if (r.lead === 0) return;
      r.send({ ...m, to: r.lead });
      return;
    case 'MsgTimeoutNow':
      // the leader picked us: campaign now, without PreVote, overriding the lease
      r.hup(true);
      return;
    case 'MsgReadIndex':
      if (r.lead === 0) return; // no leader: the read is dropped; the client retries
      r.send({ ...m, to: r.lead });
      return;
    case 'MsgReadIndexResp':
      r.readStates.push({ index: m.index, requestCtx: m.context });
      return;
  }
}

export function stepCandidate(r: Raft, m: RaftMessage): void {
  const myVoteResp = r.role === 'pre-candidate' ? 'MsgPreVoteResp' : 'MsgVoteResp';
  switch (m.type) {
    case 'MsgProp':
      return; // no leader: dropped
    case 'MsgApp':
      r.becomeFollower(m.term, m.from); // a leader of our term exists (§5.2)
      handleAppendEntries(r, m);
      return;
    case 'MsgHeartbeat':
      r.becomeFollower(m.term, m.from);
      handleHeartbeat(r, m);
      return;
    case 'MsgSnap':
      r.becomeFollower(m.term, m.from);
      handleSnapshot(r, m);
      return;
    case 'MsgTimeoutNow':
      return;
  }
  if (m.type === myVoteResp) {
    const res = r.poll(m.from, !m.reject);
    if (res === 'won') {
      if (r.role === 'pre-candidate') r.campaign('election');
      else {
        r.becomeLeader();
        r.bcastAppend();
      }
    } else if (res === 'lost') {
      r.becomeFollower(r.term, 0);
    }
  }
}

function handleAppendEntries(r: Raft, m: RaftMessage): void {
  if (m.index < r.log.committed) {
    // everything up to our commit index already matches (Log Matching)
    r.send(message('MsgAppResp', { to: m.from, index: r.log.committed, commit: r.log.committed }));
    return;
  }
  const lastNew = r.log.maybeAppend(m.index, m.logTerm, m.commit, m.entries);
  if (lastNew >= 0) {
    r.send(message('MsgAppResp', { to: m.from, index: lastNew, commit: r.log.committed }));
    return;
  }
  // consistency check failed (§5.3): tell the leader where our log may match
  const hint = r.log.findConflictByTerm(Math.min(m.index, r.log.lastIndex()), m.logTerm);
  r.send(message('MsgAppResp', { to: m.from, index: m.index, reject: true, rejectHint: hint.index, logTerm: hint.term }));
}

function handleHeartbeat(r: Raft, m: RaftMessage): void {
  r.log.commitTo(m.commit);
  r.send(message('MsgHeartbeatResp', { to: m.from, context: m.context, commit: r.log.committed }));
}

function handleSnapshot(r: Raft, m: RaftMessage): void {
  const s = m.snapshot;
  if (!s) throw new Error('MsgSnap without a snapshot');
  if (restore(r, s)) r.send(message('MsgAppResp', { to: m.from, index: r.log.lastIndex(), commit: r.log.committed }));
  else r.send(message('MsgAppResp', { to: m.from, index: r.log.committed, commit: r.log.committed }));
}

/** InstallSnapshot receiver (§7): adopt the snapshot unless our log already covers it. */
function restore(r: Raft, s: NonNullable<RaftMessage['snapshot']>): boolean {
  const { index, term, confState } = s.metadata;
  if (index <= r.log.committed) return false;
  if (r.log.matchTerm(index, term)) {
    // we already have the entry: just fast-forward commitIndex
    r.log.commitTo(index);
    return false;
  }
  r.log.restore(s);
  r.adoptConfState(confState);
  return true;
}
