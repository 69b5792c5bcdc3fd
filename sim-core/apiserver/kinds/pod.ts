// core/v1 Pod with PodStatus (phase, conditions, podIP, hostIP, containerStatuses), fields in Go order.
import type { z } from 'zod';
import { bool, int32, int64, list, resourceList, str, struct, time } from './goTypes';
import { validateObjectMeta } from './objectMeta';
import { nameIsDNSSubdomain } from './nameRules';
import { defaultPodSpecForPod } from './podDefaults';
import { podSpecSchema, resourceRequirementsSchema, type PodSpec } from './podSpec';
import { parseQuantity } from './quantity';
import { validatePodSpec } from './podValidation';
import { typeAndObjectMeta } from './typeMeta';
import type { KindDefinition } from './kindDefinition';
import { goQuote, type FieldError } from './fieldErrors';

/** The annotation of a mirror Pod: the API server's copy of a kubelet's static Pod (kubelet/types MirrorPodAnnotationKey). */
export const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

const containerStateSchema = struct('ContainerState', {
  waiting: struct('ContainerStateWaiting', { reason: str(), message: str() }),
  running: struct('ContainerStateRunning', { startedAt: time() }),
  terminated: struct('ContainerStateTerminated', {
    exitCode: int32(),
    signal: int32(),
    reason: str(),
    message: str(),
    startedAt: time(),
    finishedAt: time(),
    containerID: str(),
  }),
});

export const containerStatusSchema = struct('ContainerStatus', {
  name: str(),
  state: containerStateSchema,
  lastState: containerStateSchema,
  ready: bool(),
  restartCount: int32(),
  image: str(),
  imageID: str(),
  containerID: str(),
  started: bool(),
  allocatedResources: resourceList(),
  resources: resourceRequirementsSchema,
  volumeMounts: list(
    struct('VolumeMountStatus', { name: str(), mountPath: str(), readOnly: bool(), recursiveReadOnly: str() }),
    '[]v1.VolumeMountStatus',
  ),
  user: struct('ContainerUser', {
    linux: struct('LinuxContainerUser', { uid: int64(), gid: int64(), supplementalGroups: list(int64(), '[]int64') }),
  }),
  allocatedResourcesStatus: list(
    struct('ResourceStatus', {
      name: str(),
      resources: list(struct('ResourceHealth', { resourceID: str(), health: str() }), '[]v1.ResourceHealth'),
    }),
    '[]v1.ResourceStatus',
  ),
});

/** PodCondition: lastProbeTime comes between status and lastTransitionTime. */
const podConditionSchema = struct('PodCondition', {
  type: str(),
  status: str(),
  lastProbeTime: time(),
  lastTransitionTime: time(),
  reason: str(),
  message: str(),
});

export const podStatusSchema = struct('PodStatus', {
  phase: str(),
  conditions: list(podConditionSchema, '[]v1.PodCondition'),
  message: str(),
  reason: str(),
  nominatedNodeName: str(),
  hostIP: str(),
  hostIPs: list(struct('HostIP', { ip: str() }), '[]v1.HostIP'),
  podIP: str(),
  podIPs: list(struct('PodIP', { ip: str() }), '[]v1.PodIP'),
  startTime: time(),
  initContainerStatuses: list(containerStatusSchema, '[]v1.ContainerStatus'),
  containerStatuses: list(containerStatusSchema, '[]v1.ContainerStatus'),
  qosClass: str(),
  ephemeralContainerStatuses: list(containerStatusSchema, '[]v1.ContainerStatus'),
  resize: str(),
  resourceClaimStatuses: list(
    struct('PodResourceClaimStatus', { name: str(), resourceClaimName: str() }),
    '[]v1.PodResourceClaimStatus',
  ),
});

export const podSchema = struct('Pod', { ...typeAndObjectMeta, spec: podSpecSchema, status: podStatusSchema });

export type Pod = z.infer<typeof podSchema>;
export type PodStatus = z.infer<typeof podStatusSchema>;
export type ContainerStatus = z.infer<typeof containerStatusSchema>;

export const podKind: KindDefinition = {
  apiVersion: 'v1',
  group: '',
  version: 'v1',
  kind: 'Pod',
  resource: 'pods',
  singular: 'pod',
  shortNames: ['po'],
  namespaced: true,
  etcdPrefix: '/registry/pods',
  schema: podSchema,
  nameRule: nameIsDNSSubdomain,
  defaults(obj) {
    const pod = obj as Pod;
    const spec = defaultPodSpecForPod(pod.spec);
    // The pod strategy's PrepareForCreate resets status: Pending, with the QoS class.
    return { ...pod, spec, status: { phase: 'Pending', qosClass: qosClass(spec) } };
  },
  validate(obj) {
    const pod = obj as Pod;
    return [...validateObjectMeta(pod.metadata, true, nameIsDNSSubdomain), ...validatePodSpec(pod.spec, 'spec'), ...validateMirrorPodCreate(pod)];
  },
};

/** ValidatePodCreate: a mirror Pod (a kubelet's record of a static Pod) names the node it runs on. */
function validateMirrorPodCreate(pod: Pod): FieldError[] {
  const annotations = pod.metadata?.annotations ?? {};
  if (!(MIRROR_POD_ANNOTATION in annotations) || pod.spec?.nodeName) return [];
  const text = `map[string]string{${Object.keys(annotations)
    .sort()
    .map((k) => `${goQuote(k)}:${goQuote(annotations[k] ?? '')}`)
    .join(', ')}}`;
  return [{ type: 'Invalid value', field: `metadata.annotations[${MIRROR_POD_ANNOTATION}]`, badValue: { kind: 'go', text }, detail: 'must set spec.nodeName if mirror pod annotation is set' }];
}

/** pkg/apis/core/helper/qos: Guaranteed, Burstable or BestEffort from requests and limits. */
export function qosClass(spec: PodSpec): 'Guaranteed' | 'Burstable' | 'BestEffort' {
  const containers = [...(spec.initContainers ?? []), ...(spec.containers ?? [])];
  let any = false;
  let guaranteed = true;
  for (const c of containers) {
    const requests = c.resources?.requests ?? {};
    const limits = c.resources?.limits ?? {};
    if (Object.keys(requests).length > 0 || Object.keys(limits).length > 0) any = true;
    for (const resource of ['cpu', 'memory']) {
      const limit = limits[resource];
      const request = requests[resource] ?? limit;
      if (limit === undefined || request === undefined) {
        guaranteed = false;
        continue;
      }
      const l = parseQuantity(limit);
      const r = parseQuantity(request);
      if (!l.ok || !r.ok || l.quantity.milli !== r.quantity.milli) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}
