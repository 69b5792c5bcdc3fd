// ownerReferences with controller=true (k8s.io/apimachinery metav1.GetControllerOf,
// NewControllerRef) and the claim step of pkg/controller/controller_ref_manager.go:
// a controller owns what points at it and still matches its selector, adopts orphans
// that match (unless it is being deleted), and releases what no longer matches.
import { selectorMatches, type LabelSelector, type OwnerReference } from '../apiserver';
import type { KubeObject } from '../client';

export function controllerOf(obj: KubeObject): OwnerReference | undefined {
  return (obj.metadata?.ownerReferences ?? []).find((r) => r.controller === true);
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
  for (const obj of candidates) {
    const ref = controllerOf(obj);
    const matches = selectorMatches(selector, obj.metadata?.labels);
    if (ref) {
      if (ref.uid !== owner.metadata?.uid) continue; // someone else's
      if (matches) result.owned.push(obj);
      else if (!ownerDeleting && obj.metadata?.deletionTimestamp === undefined) result.release.push(obj);
      continue;
    }
    if (!matches || ownerDeleting || obj.metadata?.deletionTimestamp !== undefined) continue;
    result.adopt.push(obj);
    result.owned.push(obj);
  }
  return result;
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
