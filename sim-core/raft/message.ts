// Building and classifying Raft messages.
import type { Entry, MessageType, RaftMessage, Snapshot } from './types';

const NO_ENTRIES: readonly Entry[] = Object.freeze([]) as readonly Entry[];

/** A message with every field defaulted (one shape for all messages). */
export function message(
  type: MessageType,
  fields: Partial<Omit<RaftMessage, 'type'>> & { from?: number; to?: number },
): RaftMessage {
  return {
    type,
    from: fields.from ?? 0,
    to: fields.to ?? 0,
    term: fields.term ?? 0,
    logTerm: fields.logTerm ?? 0,
    index: fields.index ?? 0,
    entries: fields.entries ?? NO_ENTRIES,
    commit: fields.commit ?? 0,
    snapshot: (fields.snapshot ?? null) as Snapshot | null,
    reject: fields.reject ?? false,
    rejectHint: fields.rejectHint ?? 0,
    context: fields.context ?? '',
  };
}

/** Messages a member generates for itself; they never cross the network. */
export function isLocalMessage(type: MessageType): boolean {
  return type === 'MsgHup' || type === 'MsgBeat' || type === 'MsgCheckQuorum' || type === 'MsgUnreachable' || type === 'MsgSnapStatus';
}

export function isResponseMessage(type: MessageType): boolean {
  return type === 'MsgAppResp' || type === 'MsgVoteResp' || type === 'MsgHeartbeatResp' || type === 'MsgPreVoteResp' || type === 'MsgReadIndexResp';
}

/**
 * Periodic traffic that is not client-visible work: heartbeats and their responses that
 * carry no ReadIndex context. The kernel's `isIdle` ignores these (KernelConfig.isBackground).
 */
export function isBackgroundMessage(m: RaftMessage): boolean {
  return (m.type === 'MsgHeartbeat' || m.type === 'MsgHeartbeatResp') && m.context === '';
}
