// What the ReplicaSet controller reads of each of its Pods on every sync — active or not,
// its controllerRef, its Ready condition, whether a selector selects its labels — derived
// once per version of the Pod instead of once per sync. A sync of a 1,000-replica
// ReplicaSet reads 1,000 Pods, and the controller syncs it after nearly every Pod event,
// while each event changes one Pod: the rest are the same frozen objects as last time.
//
// Sound because an informer's cache never changes an object: what it stores is read-only
// (frozen while the cache mutation detector is on, store.ts) and an update replaces the
// object, so a fact derived from a cached Pod holds for as long as anything can read that
// Pod. Any other Pod (built by hand in a test) gets fresh facts on every call. The real controller has no such memo — Go walks
// its Pods' structs cheaply; here each Pod is a tree of heap objects, and following the
// same pointers 1,000 times per sync is most of what a sync costs.
import type { OwnerReference, Pod } from '../apiserver';
import { isReadOnly } from '../client';
import { controllerOf } from './controllerRef';
import type { LabelMatcher, Labels } from './labelMatcher';
import { isPodActive, readyCondition, type PodCondition } from './podState';

export class PodFacts {
  readonly namespace: string;
  /** controller.IsPodActive */
  readonly active: boolean;
  readonly controller: OwnerReference | undefined;
  /** has a deletionTimestamp */
  readonly deleting: boolean;
  /** the Ready condition, if the Pod has one */
  readonly ready: PodCondition | undefined;
  readonly labels: Labels | undefined;
  /** the answers of the last two matchers asked (a sync asks two: the selector, the template's labels) */
  private lastMatcher: LabelMatcher | undefined;
  private lastAnswer = false;
  private previousMatcher: LabelMatcher | undefined;
  private previousAnswer = false;

  constructor(pod: Pod) {
    this.namespace = pod.metadata?.namespace ?? '';
    this.active = isPodActive(pod);
    this.controller = controllerOf(pod);
    this.deleting = pod.metadata?.deletionTimestamp !== undefined;
    this.ready = readyCondition(pod);
    this.labels = pod.metadata?.labels;
  }

  /** Does `matcher` select the Pod's labels? (answered once per matcher and Pod version) */
  selectedBy(matcher: LabelMatcher): boolean {
    if (matcher === this.lastMatcher) return this.lastAnswer;
    if (matcher === this.previousMatcher) return this.previousAnswer;
    const answer = matcher(this.labels);
    this.previousMatcher = this.lastMatcher;
    this.previousAnswer = this.lastAnswer;
    this.lastMatcher = matcher;
    this.lastAnswer = answer;
    return answer;
  }
}

const known = new WeakMap<Pod, PodFacts>();

export function podFacts(pod: Pod): PodFacts {
  let facts = known.get(pod);
  if (facts === undefined) {
    facts = new PodFacts(pod);
    if (isReadOnly(pod)) known.set(pod, facts);
  }
  return facts;
}
