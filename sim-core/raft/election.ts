// Elections (§5.2, §5.4.1; PreVote from the thesis §9.6), as functions over a Raft.
import { message } from './message';
import type { Raft } from './raft';
import type { MessageType, RaftMessage } from './types';

/** Context of a campaign forced by leader transfer: it overrides the leader lease (thesis §3.10). */
export const CAMPAIGN_TRANSFER = 'transfer';

export type CampaignKind = 'pre' | 'election' | 'transfer';

/** Start an election: PreVote first when enabled, unless forced by leader transfer. */
export function hup(r: Raft, transfer: boolean): void {
  if (r.role === 'leader') return;
  if (!r.mayCampaign()) return;
  // etcd refuses to campaign while a committed conf change is unapplied: the new
  // configuration might not include us.
  const pending = r.log.slice(r.log.applied + 1, r.log.committed + 1);
  if (typeof pending !== 'string' && pending.some((e) => e.type === 'confChange')) return;
  if (r.cfg.preVote && !transfer) campaign(r, 'pre');
  else campaign(r, transfer ? 'transfer' : 'election');
}

export function campaign(r: Raft, kind: CampaignKind): void {
  let voteType: MessageType;
  let term: number;
  if (kind === 'pre') {
    r.becomePreCandidate();
    voteType = 'MsgPreVote';
    term = r.term + 1; // the term we would campaign in; ours does not change yet
  } else {
    r.becomeCandidate();
    voteType = 'MsgVote';
    term = r.term;
  }
  if (r.poll(r.id, true) === 'won') {
    // a single-member cluster wins at once
    if (kind === 'pre') campaign(r, 'election');
    else r.becomeLeader();
    return;
  }
  const lastIndex = r.log.lastIndex();
  const lastTerm = r.log.lastTerm();
  for (const id of r.voters) {
    if (id === r.id) continue;
    r.send(message(voteType, { to: id, term, index: lastIndex, logTerm: lastTerm, context: kind === 'transfer' ? CAMPAIGN_TRANSFER : '' }));
  }
}

/** RequestVote receiver (§5.2, §5.4.1): one vote per term, only for a log at least as up-to-date as ours. */
export function handleVoteRequest(r: Raft, m: RaftMessage): void {
  const canVote = r.vote === m.from || (r.vote === 0 && r.lead === 0) || (m.type === 'MsgPreVote' && m.term > r.term);
  const respType: MessageType = m.type === 'MsgVote' ? 'MsgVoteResp' : 'MsgPreVoteResp';
  if (canVote && r.log.isUpToDate(m.index, m.logTerm)) {
    // a granted response carries the candidate's term (for PreVote, the term it would run in)
    r.send(message(respType, { to: m.from, term: m.term }));
    if (m.type === 'MsgVote') {
      r.electionElapsed = 0;
      r.vote = m.from;
    }
  } else {
    r.send(message(respType, { to: m.from, term: r.term, reject: true }));
  }
}
