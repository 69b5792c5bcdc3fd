// core/v1 Node, registered by each kubelet; stored under /registry/minions (the
// historical name the registry kept). Status carries capacity/allocatable as quantities.
import type { z } from 'zod';
import { bool, int32, int64, list, resourceList, str, stringList, struct, time } from './goTypes';
import { validateObjectMeta } from './objectMeta';
import { nameIsDNSSubdomain } from './nameRules';
import { typeAndObjectMeta } from './typeMeta';
import { notSupported, required, type FieldError } from './fieldErrors';
import type { KindDefinition } from './kindDefinition';

export const taintSchema = struct('Taint', { key: str(), value: str(), effect: str(), timeAdded: time() });

/** Dynamic kubelet config (removed from the kubelet; the API fields remain). */
const nodeConfigSourceSchema = struct('NodeConfigSource', {
  configMap: struct('ConfigMapNodeConfigSource', {
    namespace: str(),
    name: str(),
    uid: str(),
    resourceVersion: str(),
    kubeletConfigKey: str(),
  }),
});

export const nodeSpecSchema = struct('NodeSpec', {
  podCIDR: str(),
  podCIDRs: stringList(),
  providerID: str(),
  unschedulable: bool(),
  taints: list(taintSchema, '[]v1.Taint'),
  configSource: nodeConfigSourceSchema,
  externalID: str(),
});

/** NodeCondition: lastHeartbeatTime comes between status and lastTransitionTime. */
const nodeConditionSchema = struct('NodeCondition', {
  type: str(),
  status: str(),
  lastHeartbeatTime: time(),
  lastTransitionTime: time(),
  reason: str(),
  message: str(),
});

export const nodeStatusSchema = struct('NodeStatus', {
  capacity: resourceList(),
  allocatable: resourceList(),
  phase: str(),
  conditions: list(nodeConditionSchema, '[]v1.NodeCondition'),
  addresses: list(struct('NodeAddress', { type: str(), address: str() }), '[]v1.NodeAddress'),
  daemonEndpoints: struct('NodeDaemonEndpoints', {
    kubeletEndpoint: struct('DaemonEndpoint', { Port: int32() }),
  }),
  nodeInfo: struct('NodeSystemInfo', {
    machineID: str(),
    systemUUID: str(),
    bootID: str(),
    kernelVersion: str(),
    osImage: str(),
    containerRuntimeVersion: str(),
    kubeletVersion: str(),
    kubeProxyVersion: str(),
    operatingSystem: str(),
    architecture: str(),
  }),
  images: list(struct('ContainerImage', { names: stringList(), sizeBytes: int64() }), '[]v1.ContainerImage'),
  volumesInUse: list(str(), '[]v1.UniqueVolumeName'),
  volumesAttached: list(struct('AttachedVolume', { name: str(), devicePath: str() }), '[]v1.AttachedVolume'),
  config: struct('NodeConfigStatus', {
    assigned: nodeConfigSourceSchema,
    active: nodeConfigSourceSchema,
    lastKnownGood: nodeConfigSourceSchema,
    error: str(),
  }),
  runtimeHandlers: list(
    struct('NodeRuntimeHandler', {
      name: str(),
      features: struct('NodeRuntimeHandlerFeatures', { recursiveReadOnlyMounts: bool(), userNamespaces: bool() }),
    }),
    '[]v1.NodeRuntimeHandler',
  ),
  features: struct('NodeFeatures', { supplementalGroupsPolicy: bool() }),
});

export const nodeSchema = struct('Node', { ...typeAndObjectMeta, spec: nodeSpecSchema, status: nodeStatusSchema });

export type Node = z.infer<typeof nodeSchema>;
export type NodeStatus = z.infer<typeof nodeStatusSchema>;
export type Taint = z.infer<typeof taintSchema>;

const TAINT_EFFECTS = ['NoExecute', 'NoSchedule', 'PreferNoSchedule'] as const;

export const nodeKind: KindDefinition = {
  apiVersion: 'v1',
  group: '',
  version: 'v1',
  kind: 'Node',
  resource: 'nodes',
  singular: 'node',
  shortNames: ['no'],
  namespaced: false,
  etcdPrefix: '/registry/minions',
  schema: nodeSchema,
  nameRule: nameIsDNSSubdomain,
  defaults(obj) {
    const node = obj as Node;
    // SetDefaults_NodeStatus: allocatable defaults to capacity.
    const status = { ...(node.status ?? {}) };
    if (status.capacity && !status.allocatable) status.allocatable = { ...status.capacity };
    return { ...node, spec: node.spec ?? {}, status };
  },
  validate(obj) {
    const node = obj as Node;
    const errs: FieldError[] = validateObjectMeta(node.metadata, false, nameIsDNSSubdomain);
    (node.spec?.taints ?? []).forEach((t, i) => {
      if (!t.effect) errs.push(required(`spec.taints[${i}].effect`));
      else if (!(TAINT_EFFECTS as readonly string[]).includes(t.effect)) {
        errs.push(notSupported(`spec.taints[${i}].effect`, t.effect ?? '', TAINT_EFFECTS));
      }
    });
    return errs;
  },
};
