// Pods → ReplicaSet → Deployment, linked by metadata.ownerReferences[].uid — the chain
// the garbage collector follows for a cascading delete (Kubernetes docs, "Owners and
// Dependents"). A Pod with the right labels but no owner reference is not on the chain.
import { countHolds, describeCount, listNames, listNamesKo, verdict, type GoalVerdict } from '../explain';
import type { StateCheck } from '../goals';
import { field, getObject, listObjects, metadataName, ownerUids, uidOf } from '../objects';
import type { ClusterView } from '../view';

type OwnerChainCheck = Extract<StateCheck, { kind: 'ownerChain' }>;

export function ownerChain(g: OwnerChainCheck, view: ClusterView): GoalVerdict {
  const dname = `${g.namespace}/${g.deployment}`;
  const deployment = getObject(view, 'deployments', g.namespace, g.deployment);
  if (deployment === undefined) return verdict(false, `expected Deployment ${dname}, found none`, `Deployment ${dname}: 있어야 하는데 없습니다`);
  const uid = uidOf(deployment.object);
  if (uid === undefined) return verdict(false, `expected Deployment ${dname} to have metadata.uid, found none`, `Deployment ${dname}: metadata.uid가 있어야 하는데 없습니다`);
  const replicas = field(deployment.object, 'spec', 'replicas');
  // spec.replicas defaults to 1 (apps/v1 defaulting)
  const want = g.pods ?? { eq: typeof replicas === 'number' ? replicas : 1 };
  const wantText = describeCount(want);

  const replicaSets = listObjects(view, 'replicasets', g.namespace).filter((rs) => ownerUids(rs.object, 'Deployment').includes(uid));
  if (replicaSets.length === 0) {
    return verdict(
      false,
      `expected a ReplicaSet owned by Deployment ${dname} (uid ${uid}), found none`,
      `Deployment ${dname}(uid ${uid}) → ReplicaSet: 소유된 ReplicaSet이 있어야 하는데 없습니다`,
    );
  }
  const rsUids = new Set(replicaSets.flatMap((rs) => uidOf(rs.object) ?? []));
  const rsNames = replicaSets.map((rs) => metadataName(rs.object) ?? rs.name);
  const pods = listObjects(view, 'pods', g.namespace).filter((p) => ownerUids(p.object, 'ReplicaSet').some((u) => rsUids.has(u)));
  const rsEn = `${replicaSets.length === 1 ? 'ReplicaSet' : 'ReplicaSets'} ${listNames(rsNames)}`;
  const rsKo = `ReplicaSet ${listNamesKo(rsNames)}`;
  return verdict(
    countHolds(want, pods.length),
    `expected ${wantText.en} Pods owned by ${rsEn} (owned by Deployment ${dname}), found ${pods.length}`,
    `Deployment ${dname} → ${rsKo} → Pod: ${wantText.ko} 있어야 합니다 — ${pods.length}개`,
  );
}
