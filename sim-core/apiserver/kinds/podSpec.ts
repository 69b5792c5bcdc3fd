// core/v1 PodSpec and its parts, field names and order as in k8s.io/api/core/v1/types.go
// (the order matters: kubectl -o json prints Go struct order). Volumes, security contexts
// and env sources are accepted as opaque objects: the simulation does not model them.
import { z } from 'zod';
import { objectMetaSchema } from './objectMeta';
import { labelSelectorSchema } from './labelSelector';
import { bool, int32, int64, intOrString, list, resourceList, str, stringList, stringMap, struct } from './goTypes';

const opaque = (goType: string) => struct(goType, {}).catchall(z.unknown());
const opaqueList = (goType: string) => list(z.record(z.string(), z.unknown()), goType);

export const containerPortSchema = struct('ContainerPort', {
  name: str(),
  hostPort: int32(),
  containerPort: int32(),
  protocol: str(),
  hostIP: str(),
});

export const envVarSchema = struct('EnvVar', { name: str(), value: str(), valueFrom: opaque('EnvVarSource') });

export const resourceRequirementsSchema = struct('ResourceRequirements', {
  limits: resourceList(),
  requests: resourceList(),
  claims: list(struct('ResourceClaim', { name: str(), request: str() }), '[]v1.ResourceClaim'),
});

const httpHeaderSchema = struct('HTTPHeader', { name: str(), value: str() });

const execActionSchema = struct('ExecAction', { command: stringList() });
const httpGetActionSchema = struct('HTTPGetAction', {
  path: str(),
  port: intOrString(),
  host: str(),
  scheme: str(),
  httpHeaders: list(httpHeaderSchema, '[]v1.HTTPHeader'),
});
const tcpSocketActionSchema = struct('TCPSocketAction', { port: intOrString(), host: str() });

/** Probe: its ProbeHandler (exec, httpGet, tcpSocket, grpc) is inlined in Go, so its fields come first. */
export const probeSchema = struct('Probe', {
  exec: execActionSchema,
  httpGet: httpGetActionSchema,
  tcpSocket: tcpSocketActionSchema,
  grpc: struct('GRPCAction', { port: int32(), service: str() }),
  initialDelaySeconds: int32(),
  timeoutSeconds: int32(),
  periodSeconds: int32(),
  successThreshold: int32(),
  failureThreshold: int32(),
  terminationGracePeriodSeconds: int64(),
});

const lifecycleHandlerSchema = struct('LifecycleHandler', {
  exec: execActionSchema,
  httpGet: httpGetActionSchema,
  tcpSocket: tcpSocketActionSchema,
  sleep: struct('SleepAction', { seconds: int64() }),
});

export const lifecycleSchema = struct('Lifecycle', {
  postStart: lifecycleHandlerSchema,
  preStop: lifecycleHandlerSchema,
});

/** Container's fields, in Go order; EphemeralContainer inlines the same list (EphemeralContainerCommon). */
const containerFields = {
  name: str(),
  image: str(),
  command: stringList(),
  args: stringList(),
  workingDir: str(),
  ports: list(containerPortSchema, '[]v1.ContainerPort'),
  envFrom: opaqueList('[]v1.EnvFromSource'),
  env: list(envVarSchema, '[]v1.EnvVar'),
  resources: resourceRequirementsSchema,
  resizePolicy: list(
    struct('ContainerResizePolicy', { resourceName: str(), restartPolicy: str() }),
    '[]v1.ContainerResizePolicy',
  ),
  restartPolicy: str(),
  volumeMounts: opaqueList('[]v1.VolumeMount'),
  volumeDevices: list(struct('VolumeDevice', { name: str(), devicePath: str() }), '[]v1.VolumeDevice'),
  livenessProbe: probeSchema,
  readinessProbe: probeSchema,
  startupProbe: probeSchema,
  lifecycle: lifecycleSchema,
  terminationMessagePath: str(),
  terminationMessagePolicy: str(),
  imagePullPolicy: str(),
  securityContext: opaque('SecurityContext'),
  stdin: bool(),
  stdinOnce: bool(),
  tty: bool(),
};

export const containerSchema = struct('Container', containerFields);

export const ephemeralContainerSchema = struct('EphemeralContainer', {
  ...containerFields,
  targetContainerName: str(),
});

export const tolerationSchema = struct('Toleration', {
  key: str(),
  operator: str(),
  value: str(),
  effect: str(),
  tolerationSeconds: int64(),
});

const nodeSelectorRequirementSchema = struct('NodeSelectorRequirement', {
  key: str(),
  operator: str(),
  values: stringList(),
});
export const nodeSelectorTermSchema = struct('NodeSelectorTerm', {
  matchExpressions: list(nodeSelectorRequirementSchema, '[]v1.NodeSelectorRequirement'),
  matchFields: list(nodeSelectorRequirementSchema, '[]v1.NodeSelectorRequirement'),
});

export const affinitySchema = struct('Affinity', {
  nodeAffinity: struct('NodeAffinity', {
    requiredDuringSchedulingIgnoredDuringExecution: struct('NodeSelector', {
      nodeSelectorTerms: list(nodeSelectorTermSchema, '[]v1.NodeSelectorTerm'),
    }),
    preferredDuringSchedulingIgnoredDuringExecution: list(
      struct('PreferredSchedulingTerm', { weight: int32(), preference: nodeSelectorTermSchema }),
      '[]v1.PreferredSchedulingTerm',
    ),
  }),
  podAffinity: opaque('PodAffinity'),
  podAntiAffinity: opaque('PodAntiAffinity'),
});

export const topologySpreadConstraintSchema = struct('TopologySpreadConstraint', {
  maxSkew: int32(),
  topologyKey: str(),
  whenUnsatisfiable: str(),
  labelSelector: labelSelectorSchema,
  minDomains: int32(),
  nodeAffinityPolicy: str(),
  nodeTaintsPolicy: str(),
  matchLabelKeys: stringList(),
});

const podDNSConfigSchema = struct('PodDNSConfig', {
  nameservers: stringList(),
  searches: stringList(),
  options: list(struct('PodDNSConfigOption', { name: str(), value: str() }), '[]v1.PodDNSConfigOption'),
});

export const podSpecSchema = struct('PodSpec', {
  volumes: opaqueList('[]v1.Volume'),
  initContainers: list(containerSchema, '[]v1.Container'),
  containers: list(containerSchema, '[]v1.Container'),
  ephemeralContainers: list(ephemeralContainerSchema, '[]v1.EphemeralContainer'),
  restartPolicy: str(),
  terminationGracePeriodSeconds: int64(),
  activeDeadlineSeconds: int64(),
  dnsPolicy: str(),
  nodeSelector: stringMap(),
  serviceAccountName: str(),
  serviceAccount: str(),
  automountServiceAccountToken: bool(),
  nodeName: str(),
  hostNetwork: bool(),
  hostPID: bool(),
  hostIPC: bool(),
  shareProcessNamespace: bool(),
  securityContext: opaque('PodSecurityContext'),
  imagePullSecrets: opaqueList('[]v1.LocalObjectReference'),
  hostname: str(),
  subdomain: str(),
  affinity: affinitySchema,
  schedulerName: str(),
  tolerations: list(tolerationSchema, '[]v1.Toleration'),
  hostAliases: list(struct('HostAlias', { ip: str(), hostnames: stringList() }), '[]v1.HostAlias'),
  priorityClassName: str(),
  priority: int32(),
  dnsConfig: podDNSConfigSchema,
  readinessGates: list(struct('PodReadinessGate', { conditionType: str() }), '[]v1.PodReadinessGate'),
  runtimeClassName: str(),
  enableServiceLinks: bool(),
  preemptionPolicy: str(),
  overhead: resourceList(),
  topologySpreadConstraints: list(topologySpreadConstraintSchema, '[]v1.TopologySpreadConstraint'),
  setHostnameAsFQDN: bool(),
  os: struct('PodOS', { name: str() }),
  hostUsers: bool(),
  schedulingGates: list(struct('PodSchedulingGate', { name: str() }), '[]v1.PodSchedulingGate'),
  resourceClaims: list(
    struct('PodResourceClaim', { name: str(), resourceClaimName: str(), resourceClaimTemplateName: str() }),
    '[]v1.PodResourceClaim',
  ),
  resources: resourceRequirementsSchema,
});

export const podTemplateSpecSchema = struct('PodTemplateSpec', {
  metadata: objectMetaSchema,
  spec: podSpecSchema,
});

export type Container = z.infer<typeof containerSchema>;
export type EphemeralContainer = z.infer<typeof ephemeralContainerSchema>;
export type ContainerPort = z.infer<typeof containerPortSchema>;
export type Probe = z.infer<typeof probeSchema>;
export type Lifecycle = z.infer<typeof lifecycleSchema>;
export type ResourceRequirements = z.infer<typeof resourceRequirementsSchema>;
export type Toleration = z.infer<typeof tolerationSchema>;
export type PodSpec = z.infer<typeof podSpecSchema>;
export type PodTemplateSpec = z.infer<typeof podTemplateSpecSchema>;
