// Raft's configuration with etcd's defaults filled in and checked.
import type { RaftConfig } from './types';

export interface ResolvedConfig {
  electionTick: number;
  heartbeatTick: number;
  preVote: boolean;
  checkQuorum: boolean;
  maxSizePerMsg: number;
  maxEntriesPerMsg: number;
  maxInflightMsgs: number;
  maxCommittedSizePerReady: number;
  disableProposalForwarding: boolean;
}

export function resolveConfig(c: RaftConfig): ResolvedConfig {
  const r: ResolvedConfig = {
    electionTick: c.electionTick ?? 10,
    heartbeatTick: c.heartbeatTick ?? 1,
    preVote: c.preVote ?? true,
    checkQuorum: c.checkQuorum ?? true,
    maxSizePerMsg: c.maxSizePerMsg ?? 1_048_576,
    maxEntriesPerMsg: c.maxEntriesPerMsg ?? 4_096,
    maxInflightMsgs: c.maxInflightMsgs ?? 256,
    maxCommittedSizePerReady: c.maxCommittedSizePerReady ?? Infinity,
    disableProposalForwarding: c.disableProposalForwarding ?? false,
  };
  if (!Number.isInteger(c.id) || c.id < 1) throw new Error(`RaftConfig: id must be an integer >= 1, got ${c.id}`);
  if (r.heartbeatTick < 1 || r.electionTick <= r.heartbeatTick) {
    throw new Error(`RaftConfig: need 1 <= heartbeatTick (${r.heartbeatTick}) < electionTick (${r.electionTick})`);
  }
  if (r.maxInflightMsgs < 1 || r.maxEntriesPerMsg < 1) throw new Error('RaftConfig: maxInflightMsgs and maxEntriesPerMsg must be >= 1');
  return r;
}
