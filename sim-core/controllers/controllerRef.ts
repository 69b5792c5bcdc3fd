// ownerReferences with controller=true (k8s.io/apimachinery metav1.GetControllerOf,
// NewControllerRef) and the claim step of pkg/controller/controller_ref_manager.go:
// a controller owns what points at it and still matches its selector, adopts orphans
// that match (unless it is being deleted), and releases what no longer matches.
import type { LabelSelector, OwnerReference } from '../apiserver';
import type { KubeObject } from '../client';
import { labelMatcher } from './labelMatcher';

export function controllerOf(obj: KubeObject): OwnerReference | undefined {
  const refs = obj.metadata?.ownerReferences;
  if (refs === undefined) return undefined;
  for (const r of refs) if (r.controller === true) return r;
  return undefined;
}

export function newControllerRef(owner: KubeObject, apiVersion: string, kind: string): OwnerReference {
  return {
    apiVersion,
    kind,
    name: owner.metadata?.name ?? '',
    uid: owner.metadata?.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

export interface Claim<T extends KubeObject> {
  /** controlled by the owner after the claim (adopted ones included, optimistically) */
  owned: T[];
  /** orphans to adopt: write them with the controllerRef added */
  adopt: T[];
  /** owned objects whose labels no longer match: write them with the controllerRef removed */
  release: T[];
}

export function claim<T extends KubeObject>(owner: KubeObject, selector: LabelSelector | undefined, candidates: readonly T[]): Claim<T> {
  const result: Claim<T> = { owned: [], adopt: [], release: [] };
  const ownerDeleting = owner.metadata?.deletionTimestamp !== undefined;
  const ownerUid = owner.metadata?.uid;
  // the selector is read once per claim, as the real sync converts it once
  // (metav1.LabelSelectorAsSelector) before ClaimPods matches every Pod against it
  const selects = labelMatcher(selector);
  for (const obj of candidates) {
    const ref = controllerOf(obj);
    if (ref && ref.uid !== ownerUid) continue; // someone else's
    const deleting = obj.metadata?.deletionTimestamp !== undefined;
    const decision = claimDecision(ref !== undefined, selects(obj.metadata?.labels), deleting, ownerDeleting);
    if (decision === 'release') result.release.push(obj);
    else if (decision !== 'leave') {
      if (decision === 'adopt') result.adopt.push(obj);
      result.owned.push(obj);
    }
  }
  return result;
}

export type ClaimDecision = 'keep' | 'adopt' | 'release' | 'leave';

/**
 * ClaimObject's verdict on a candidate that is the owner's (`controlled`) or nobody's:
 * keep what still matches, release what no longer does, adopt a matching orphan — but
 * neither adopt nor release while the owner or the object is being deleted.
 */
export function claimDecision(controlled: boolean, selected: boolean, deleting: boolean, ownerDeleting: boolean): ClaimDecision {
  if (controlled) {
    if (selected) return 'keep';
    return ownerDeleting || deleting ? 'leave' : 'release';
  }
  return selected && !ownerDeleting && !deleting ? 'adopt' : 'leave';
}

/** A copy with the controllerRef added (adoption; the real one is a strategic-merge patch). */
export function withControllerRef<T extends KubeObject>(obj: T, ref: OwnerReference): T {
  const refs = (obj.metadata?.ownerReferences ?? []).filter((r) => r.uid !== ref.uid);
  return { ...obj, metadata: { ...obj.metadata, ownerReferences: [...refs, ref] } };
}

/** A copy without the owner's reference (release). */
export function withoutOwner<T extends KubeObject>(obj: T, ownerUid: string): T {
  const refs = (obj.metadata?.ownerReferences ?? []).filter((r) => r.uid !== ownerUid);
  const { ownerReferences: _dropped, ...rest } = obj.metadata ?? {};
  return { ...obj, metadata: refs.length === 0 ? rest : { ...rest, ownerReferences: refs } };
}
