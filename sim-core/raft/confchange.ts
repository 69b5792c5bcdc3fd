// A confChange entry's data is the ConfChange as canonical JSON, so the etcd layer
// can decode it when it applies the entry (as etcd unmarshals raftpb.ConfChange).
import { canonicalJson } from '../kernel';
import type { ConfChange } from './types';

export function encodeConfChange(cc: ConfChange): string {
  return canonicalJson({ type: cc.type, nodeId: cc.nodeId, context: cc.context });
}

/** Decode a confChange entry's data; a malformed one is a bug (only Raft writes them). */
export function decodeConfChange(data: string): ConfChange {
  const v = JSON.parse(data) as Partial<ConfChange>;
  if ((v.type !== 'addNode' && v.type !== 'removeNode') || typeof v.nodeId !== 'number' || typeof v.context !== 'string') {
    throw new Error(`decodeConfChange: not a ConfChange: ${data}`);
  }
  return { type: v.type, nodeId: v.nodeId, context: v.context };
}
