// The causal chain behind one object (`sim trace deployment/web`): the hops about the
// object, about what owns it (Pod → ReplicaSet → Deployment) and about what it owns
// (Deployment → ReplicaSets → Pods), in trace order. Ownership comes from the objects'
// ownerReferences — the live ones in etcd and the ones the journal saw go by (so a
// deleted ReplicaSet still links its Pods). A write is annotated with the watch event that
// most recently reached its sender about the same family of objects: the informer event
// that made a controller act (client-go: event handler → work queue → reconcile).
import { objectRef, type ChainHop, type HopObject } from './hop';

export interface ObjectQuery {
  resource: string;
  namespace?: string;
  name: string;
}

export interface CausalHop extends ChainHop {
  /** the watch (or list) hop that most recently told this request's sender about the family */
  cause?: ChainHop;
}

function keyOf(o: { resource: string; namespace?: string; name: string }): string {
  return `${o.resource}|${o.namespace ?? ''}|${o.name}`;
}

/** Every object related to `target` by ownership, as `resource|namespace|name` keys. */
export function relatedObjects(target: ObjectQuery, known: Iterable<HopObject>): Set<string> {
  const byUid = new Map<string, HopObject>();
  for (const o of known) if (o.uid !== undefined) byUid.set(o.uid, o);
  const family = new Set<string>([keyOf(target)]);
  const uids = new Set<string>();
  for (const o of byUid.values()) if (keyOf(o) === keyOf(target)) uids.add(o.uid as string);
  // ancestors: follow ownerReferences up
  const up = [...uids];
  while (up.length > 0) {
    const o = byUid.get(up.pop() as string);
    for (const owner of o?.owners ?? []) {
      if (uids.has(owner)) continue;
      uids.add(owner);
      up.push(owner);
    }
  }
  // descendants: anything owned by something in the family, to a fixed point
  const targetUids = new Set([...byUid.values()].filter((o) => keyOf(o) === keyOf(target)).map((o) => o.uid as string));
  let grew = true;
  while (grew) {
    grew = false;
    for (const o of byUid.values()) {
      if (targetUids.has(o.uid as string)) continue;
      if ((o.owners ?? []).some((u) => targetUids.has(u))) {
        targetUids.add(o.uid as string);
        uids.add(o.uid as string);
        grew = true;
      }
    }
  }
  for (const u of uids) {
    const o = byUid.get(u);
    if (o !== undefined) family.add(keyOf(o));
  }
  return family;
}

/** The hops about `target`'s family, each write with the watch event that caused it. */
export function causalChain(hops: readonly ChainHop[], target: ObjectQuery, known: Iterable<HopObject>): CausalHop[] {
  const family = relatedObjects(target, known);
  const chain: CausalHop[] = [];
  const lastWatchTo = new Map<string, ChainHop>();
  for (const h of hops) {
    if (h.object === undefined || !family.has(keyOf(h.object))) continue;
    if (h.kind === 'watch' || h.kind === 'list') lastWatchTo.set(h.to, h);
    const cause = h.kind === 'request' || h.kind === 'step' ? lastWatchTo.get(h.from) : undefined;
    chain.push(cause !== undefined ? { ...h, cause } : h);
  }
  return chain;
}

export { objectRef };
