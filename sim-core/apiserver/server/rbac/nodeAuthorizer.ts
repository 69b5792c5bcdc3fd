// What a kubelet may write: the essence of the Node authorizer
// (plugin/pkg/auth/authorizer/node/node_authorizer.go) and the NodeRestriction admission
// plugin (plugin/pkg/admission/noderestriction/admission.go). A node may change only its
// own Node object, its own Lease in kube-node-lease, and Pods bound to it (their status,
// and deleting them); Events it may always record. What it may read is system:node's
// business (bootstrapPolicy.ts). The real authorizer keeps a graph fed by informers; the
// API server's own watch cache plays that part here (`podOf`).
import type { KubeObject } from '../../../client';
import type { RequestAttributes } from './rules';
import { MIRROR_POD_ANNOTATION } from '../../kinds';

export type NodeDecision =
  | { kind: 'allow' }
  /** the authorizer has no opinion (RBAC decides); a reason is appended to the Forbidden text */
  | { kind: 'noOpinion'; reason: string }
  /** NodeRestriction's refusal: `<resource> "<name>" is forbidden: <message>` */
  | { kind: 'restricted'; message: string };

export interface NodeView {
  /** the Pod as the API server's cache has it */
  podOf(namespace: string, name: string): KubeObject | undefined;
}

const WRITES = new Set(['create', 'update', 'patch', 'delete']);

/** `body`: the object a create carries (NodeRestriction reads a node's new Pod). */
export function authorizeNode(node: string, attrs: RequestAttributes, objectName: string, view: NodeView, body?: KubeObject): NodeDecision {
  const { verb, resource, subresource, apiGroup } = attrs;
  // system:node lets a kubelet read node Leases; NodeRestriction guards the writes below
  if (verb === 'get' && apiGroup === 'coordination.k8s.io' && resource === 'leases' && attrs.namespace === 'kube-node-lease') return { kind: 'allow' };
  if (apiGroup === '' && GRAPH_TYPES.has(resource)) return readThroughGraph(node, attrs);
  if (!WRITES.has(verb)) return { kind: 'noOpinion', reason: '' };
  if (apiGroup === '' && resource === 'nodes') {
    if (verb === 'delete') return { kind: 'noOpinion', reason: '' };
    return objectName === node ? { kind: 'allow' } : { kind: 'restricted', message: `node "${node}" is not allowed to modify node "${objectName}"` };
  }
  if (apiGroup === 'coordination.k8s.io' && resource === 'leases') {
    if (attrs.namespace !== 'kube-node-lease') return { kind: 'noOpinion', reason: '' };
    return objectName === node ? { kind: 'allow' } : { kind: 'restricted', message: 'can only access node lease with the same name as the requesting node' };
  }
  if (apiGroup === '' && resource === 'pods') {
    if (verb === 'create' && subresource === '') return admitMirrorPod(node, body);
    const pod = view.podOf(attrs.namespace, objectName);
    const boundHere = (pod?.spec as { nodeName?: string } | undefined)?.nodeName === node;
    if (subresource === 'status' && (verb === 'update' || verb === 'patch')) {
      return boundHere ? { kind: 'allow' } : { kind: 'restricted', message: `node "${node}" can only update pod status for pods with spec.nodeName set to itself` };
    }
    if (subresource === '' && verb === 'delete') {
      return boundHere ? { kind: 'allow' } : { kind: 'restricted', message: `node "${node}" can only delete pods with spec.nodeName set to itself` };
    }
  }
  return { kind: 'noOpinion', reason: '' };
}

/**
 * NodeRestriction's admitPodCreate: a node creates only mirror Pods, bound to itself, owned
 * by its own Node as controller (and never blocking its deletion). That a
 * mirror Pod names no ServiceAccount, Secret or ConfigMap is serviceAccountAdmission.ts's
 * check; the owner's uid is not compared with the Node's here.
 */
function admitMirrorPod(node: string, pod: KubeObject | undefined): NodeDecision {
  const refuse = (message: string): NodeDecision => ({ kind: 'restricted', message });
  if (pod?.metadata?.annotations?.[MIRROR_POD_ANNOTATION] === undefined) return refuse(`pod does not have "kubernetes.io/config.mirror" annotation, node "${node}" can only create mirror pods`);
  if ((pod.spec as { nodeName?: string } | undefined)?.nodeName !== node) return refuse(`node "${node}" can only create pods with spec.nodeName set to itself`);
  const owners = pod.metadata.ownerReferences ?? [];
  if (owners.length > 1) return refuse(`node "${node}" can only create pods with a single owner reference set to itself`);
  const owner = owners[0];
  if (owner === undefined || owner.apiVersion !== 'v1' || owner.kind !== 'Node' || owner.name !== node) return refuse(`node "${node}" can only create pods with an owner reference set to itself`);
  if (owner.controller !== true) return refuse(`node "${node}" can only create pods with a controller owner reference set to itself`);
  if (owner.blockOwnerDeletion === true) return refuse(`node "${node}" must not set blockOwnerDeletion on an owner reference`);
  return { kind: 'allow' };
}

/** Objects a node may read only when a Pod bound to it uses them (node_authorizer.go authorizeReadNamespacedObject). */
const GRAPH_TYPES = new Set(['secrets', 'configmaps', 'persistentvolumeclaims', 'serviceaccounts']);

function readThroughGraph(node: string, attrs: RequestAttributes): NodeDecision {
  if (attrs.verb !== 'get' && attrs.verb !== 'list' && attrs.verb !== 'watch') return { kind: 'noOpinion', reason: 'can only read resources of this type' };
  if (attrs.subresource !== '') return { kind: 'noOpinion', reason: 'cannot read subresource' };
  if (attrs.name === '') return { kind: 'noOpinion', reason: 'No Object name found' };
  // the graph of Pod → Secret/ConfigMap/volume edges is not modelled: nothing is related
  return { kind: 'noOpinion', reason: `no relationship found between node '${node}' and this object` };
}
