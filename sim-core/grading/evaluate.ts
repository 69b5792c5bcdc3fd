// One check against one moment of the cluster: a state check, or (at the end of a run) a WAL check.
import type { GoalVerdict } from './explain';
import type { EndCheck } from './goals';
import { jsonPath, keyAbsent, keyExists, keyValue } from './predicates/etcd';
import { countObjects, podsReady, serviceAnswers, sumField } from './predicates/kube';
import { ownerChain } from './predicates/owner-chain';
import { committedAfterFault, raftHealthy } from './predicates/raft';
import { authorized } from './predicates/rbac';
import { guardedWrite } from './predicates/wal';
import type { ClusterView } from './view';

export function evaluateState(check: EndCheck, view: ClusterView): GoalVerdict {
  switch (check.kind) {
    case 'keyExists':
      return keyExists(check, view);
    case 'keyAbsent':
      return keyAbsent(check, view);
    case 'keyValue':
      return keyValue(check, view);
    case 'jsonPath':
      return jsonPath(check, view);
    case 'countObjects':
      return countObjects(check, view);
    case 'sumField':
      return sumField(check, view);
    case 'ownerChain':
      return ownerChain(check, view);
    case 'podsReady':
      return podsReady(check, view);
    case 'serviceAnswers':
      return serviceAnswers(check, view);
    case 'raftHealthy':
      return raftHealthy(check, view);
    case 'committedAfterFault':
      return committedAfterFault(check, view);
    case 'authorized':
      return authorized(check, view);
    case 'guardedWrite':
      return guardedWrite(check, view);
  }
}
