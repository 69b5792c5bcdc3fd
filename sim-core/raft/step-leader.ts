// stepLeader: what a leader does with each message (etcd-io/raft raft.go stepLeader).
import { message } from './message';
import { type Progress, quorumSize } from './progress';
import type { Raft } from './raft';
import type { Entry, RaftMessage } from './types';

export function stepLeader(r: Raft, m: RaftMessage): void {
  switch (m.type) {
    case 'MsgBeat':
      r.bcastHeartbeat();
      return;
    case 'MsgCheckQuorum': {
      // CheckQuorum (thesis §6.2): a leader that has not heard from a quorum within an
      // election timeout steps down, so a partitioned leader stops serving.
      if (!r.quorumActive()) {
        r.becomeFollower(r.term, 0);
        return;
      }
      for (const [id, pr] of r.progress) if (id !== r.id) pr.recentActive = false;
      return;
    }
    case 'MsgProp':
      propose(r, m);
      return;
    case 'MsgReadIndex':
      readIndex(r, m);
      return;
    case 'MsgTransferLeader':
      transferLeader(r, m.from);
      return;
  }

  const pr = r.progress.get(m.from);
  if (!pr) return; // not (or no longer) a member
  const reported = (m.type === 'MsgAppResp' || m.type === 'MsgHeartbeatResp') && m.commit > pr.commitKnown;
  if (reported) pr.commitKnown = m.commit;
  stepResponse(r, pr, m);
  // a leader outside its configuration may now hand over (after answering confirmed reads)
  if (reported) r.maybeStepDownRemoved();
}

function stepResponse(r: Raft, pr: Progress, m: RaftMessage): void {
  switch (m.type) {
    case 'MsgAppResp': {
      pr.recentActive = true;
      if (m.reject) {
        // fast backtracking: jump to where the follower's log can match ours
        let hint = m.rejectHint;
        if (m.logTerm > 0) hint = r.log.findConflictByTerm(m.rejectHint, m.logTerm).index;
        if (pr.maybeDecrTo(m.index, hint)) {
          if (pr.state === 'replicate') pr.becomeProbe();
          r.sendAppend(m.from);
        }
        return;
      }
      const wasPaused = pr.isPaused();
      if (pr.maybeUpdate(m.index)) {
        if (pr.state === 'probe') pr.becomeReplicate();
        else if (pr.state === 'snapshot' && pr.match >= pr.pendingSnapshot) pr.becomeReplicate();
        else if (pr.state === 'replicate') pr.inflights.freeLE(m.index);
        if (r.maybeCommit()) {
          r.bcastAppend();
        } else if (wasPaused) {
          r.sendAppend(m.from);
        }
        // keep the pipeline full: send more while the window allows
        while (r.maybeSendAppend(m.from, false)) {
          /* loop */
        }
        if (m.from === r.leadTransferee && pr.match === r.log.lastIndex()) {
          r.send(message('MsgTimeoutNow', { to: m.from }));
        }
      }
      return;
    }
    case 'MsgHeartbeatResp': {
      pr.recentActive = true;
      pr.probeSent = false;
      // a lost MsgApp can leave the window full; a heartbeat answer frees a slot
      if (pr.state === 'replicate' && pr.inflights.full()) pr.inflights.freeFirstOne();
      if (pr.match < r.log.lastIndex()) r.sendAppend(m.from);
      if (m.context === '') return;
      const acks = r.readOnly.recvAck(m.from, m.context);
      if (!acks || !hasQuorum(r, acks)) return;
      for (const rs of r.readOnly.advance(m.context)) respondToRead(r, rs.from, rs.index, rs.requestCtx);
      return;
    }
    case 'MsgSnapStatus':
      if (pr.state !== 'snapshot') return;
      if (m.reject) pr.pendingSnapshot = 0;
      pr.becomeProbe();
      // wait for the next heartbeat answer before probing again (etcd does the same)
      pr.probeSent = true;
      return;
    case 'MsgUnreachable':
      if (pr.state === 'replicate') pr.becomeProbe();
      return;
  }
}

function propose(r: Raft, m: RaftMessage): void {
  if (m.entries.length === 0) throw new Error('MsgProp without entries');
  if (!r.promotable()) return; // removed from the configuration
  if (r.leadTransferee !== 0) return; // etcd drops proposals during a transfer
  const ents: Entry[] = [];
  let index = r.log.lastIndex();
  for (const e of m.entries) {
    index++;
    if (e.type === 'confChange') {
      // one membership change at a time: refuse while the previous one is unapplied
      if (r.pendingConfIndex > r.log.applied) {
        ents.push({ term: r.term, index, type: 'normal', data: '' });
        continue;
      }
      r.pendingConfIndex = index;
    }
    ents.push({ term: r.term, index, type: e.type, data: e.data });
  }
  r.appendEntries(ents);
  r.appendPending = true; // broadcast when the owner takes the next Ready
}

function readIndex(r: Raft, m: RaftMessage): void {
  if (r.voters.length === 1 && r.voters[0] === r.id) {
    // a single member is its own quorum (a leader outside its configuration is not)
    respondToRead(r, m.from, r.log.committed, m.context);
    return;
  }
  // §6.4: a new leader does not know the commit index until it commits an entry of its term
  if (!r.committedEntryInCurrentTerm()) {
    r.pendingReadIndexMessages.push(m);
    return;
  }
  r.readOnly.addRequest(r.log.committed, m.from, m.context);
  r.readOnly.recvAck(r.id, m.context);
  r.bcastHeartbeat(m.context);
}

/** Acknowledgements from a quorum of the voters (our own counts only if we are one). */
function hasQuorum(r: Raft, acks: ReadonlySet<number>): boolean {
  let n = 0;
  for (const id of r.voters) if (acks.has(id)) n++;
  return n >= quorumSize(r.voters.length);
}

function respondToRead(r: Raft, from: number, index: number, requestCtx: string): void {
  if (from === 0 || from === r.id) r.readStates.push({ index, requestCtx });
  else r.send(message('MsgReadIndexResp', { to: from, index, context: requestCtx }));
}

function transferLeader(r: Raft, transferee: number): void {
  // MsgTransferLeader carries the transferee in `from` (etcd's convention)
  if (transferee === r.id) return;
  if (!r.voters.includes(transferee)) return;
  if (r.leadTransferee === transferee) return;
  r.leadTransferee = transferee;
  // the transfer must finish within an election timeout
  r.electionElapsed = 0;
  const pr = r.progress.get(transferee);
  if (pr && pr.match === r.log.lastIndex()) r.send(message('MsgTimeoutNow', { to: transferee }));
  else r.sendAppend(transferee);
}
