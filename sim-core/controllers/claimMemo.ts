// The ReplicaSet sync's claim of its Pods and the counts its status needs, remembered
// position by position from the last sync of the same ReplicaSet. replica_set.go's
// syncReplicaSet reads every Pod of the ReplicaSet on every sync (getRSPods, ClaimPods,
// calculateStatus); here a 1,000-replica ReplicaSet syncs hundreds of times while its
// Pods start, and between two syncs only the Pods that had an event changed. The cache
// hands out its objects in key order and replaces an updated Pod by a new object
// (store.ts), so a Pod at the same position as last time, and the same object, is
// unchanged: its verdict is reused without reading the Pod again. Any other Pod is read
// through its facts (podFacts.ts). The verdicts also depend on the owner (its uid,
// whether it is being deleted, its namespace, selector and template labels): when any
// of those changed, nothing is reused.
import type { Pod } from '../apiserver';
import { claimDecision } from './controllerRef';
import type { LabelMatcher } from './labelMatcher';
import { podFacts } from './podFacts';

/** What the verdicts depend on besides the Pods. */
export interface ClaimOwner {
  uid: string | undefined;
  deleting: boolean;
  namespace: string;
  /** the owner's selector (labelMatcher: the same selector text gives the same matcher) */
  selector: LabelMatcher;
  /** the owner's Pod template labels, as a selector ("fully labeled" Pods) */
  templateLabels: LabelMatcher;
}

/** One claim's outcome, each list in the order of the Pods given. */
export interface ClaimedPods {
  /** kept and adopted Pods */
  owned: Pod[];
  adopt: Pod[];
  release: Pod[];
  /** owned Pods the template labels select */
  fullyLabeled: number;
  /** owned Pods with Ready=True */
  ready: number;
}

// a verdict: 0 = not claimed (inactive, another namespace, someone else's, or left alone)
const OWNED = 1;
const ADOPT = 2;
const RELEASE = 4;
const FULLY_LABELED = 8;
const READY = 16;

interface LastClaim {
  owner: ClaimOwner;
  pods: readonly Pod[];
  verdicts: Uint8Array;
}

export class ClaimMemo {
  /** memo key (a ReplicaSet key, with what list was claimed) → its last claim */
  private readonly last = new Map<string, LastClaim>();

  /** Claim `pods` (in key order) for `owner`, reusing the verdicts on Pods unchanged since the last claim under `key`. */
  claim(key: string, owner: ClaimOwner, pods: readonly Pod[]): ClaimedPods {
    const prev = this.last.get(key);
    const reuse = prev !== undefined && prev.pods.length === pods.length && sameOwner(prev.owner, owner) ? prev : undefined;
    const verdicts = new Uint8Array(pods.length);
    const out: ClaimedPods = { owned: [], adopt: [], release: [], fullyLabeled: 0, ready: 0 };
    for (let i = 0; i < pods.length; i++) {
      const pod = pods[i] as Pod;
      const v = reuse !== undefined && reuse.pods[i] === pod ? (reuse.verdicts[i] as number) : verdict(pod, owner);
      verdicts[i] = v;
      if (v & RELEASE) out.release.push(pod);
      if (!(v & OWNED)) continue;
      out.owned.push(pod);
      if (v & ADOPT) out.adopt.push(pod);
      if (v & FULLY_LABELED) out.fullyLabeled++;
      if (v & READY) out.ready++;
    }
    if (pods.length === 0) this.last.delete(key);
    else this.last.set(key, { owner, pods, verdicts });
    return out;
  }

  /** Drop what is remembered under `key` (its owner is gone). */
  forget(key: string): void {
    this.last.delete(key);
  }
}

/** claimCandidates' filter, then ClaimObject, then calculateStatus's two questions, for one Pod. */
function verdict(pod: Pod, owner: ClaimOwner): number {
  const facts = podFacts(pod);
  if (!facts.active || facts.namespace !== owner.namespace) return 0;
  const ref = facts.controller;
  if (ref !== undefined && ref.uid !== owner.uid) return 0; // someone else's
  const decision = claimDecision(ref !== undefined, facts.selectedBy(owner.selector), facts.deleting, owner.deleting);
  if (decision === 'leave') return 0;
  if (decision === 'release') return RELEASE;
  let v = decision === 'adopt' ? OWNED | ADOPT : OWNED;
  if (facts.selectedBy(owner.templateLabels)) v |= FULLY_LABELED;
  if (facts.ready?.status === 'True') v |= READY;
  return v;
}

function sameOwner(a: ClaimOwner, b: ClaimOwner): boolean {
  return (
    a.uid === b.uid &&
    a.deleting === b.deleting &&
    a.namespace === b.namespace &&
    a.selector === b.selector &&
    a.templateLabels === b.templateLabels
  );
}
