// core/v1 PodSpec and its parts, field names and order as in k8s.io/api/core/v1/types.go
// (the order matters: kubectl -o json prints Go struct order). Volumes, security contexts
// and env sources are accepted as opaque objects: the simulation does not model them.
import { z } from 'zod';
import { objectMetaSchema } from './objectMeta';
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
});

const httpHeaderSchema = struct('HTTPHeader', { name: str(), value: str() });

/** Probes, simplified to the handlers the simulated kubelet understands. */
export const probeSchema = struct('Probe', {
  exec: struct('ExecAction', { command: stringList() }),
  httpGet: struct('HTTPGetAction', {
    path: str(),
    port: intOrString(),
    host: str(),
    scheme: str(),
    httpHeaders: list(httpHeaderSchema, '[]v1.HTTPHeader'),
  }),
  tcpSocket: struct('TCPSocketAction', { port: intOrString(), host: str() }),
  initialDelaySeconds: int32(),
  timeoutSeconds: int32(),
  periodSeconds: int32(),
  successThreshold: int32(),
  failureThreshold: int32(),
  terminationGracePeriodSeconds: int64(),
});

export const containerSchema = struct('Container', {
  name: str(),
  image: str(),
  command: stringList(),
  args: stringList(),
  workingDir: str(),
  ports: list(containerPortSchema, '[]v1.ContainerPort'),
  envFrom: opaqueList('[]v1.EnvFromSource'),
  env: list(envVarSchema, '[]v1.EnvVar'),
  resources: resourceRequirementsSchema,
  volumeMounts: opaqueList('[]v1.VolumeMount'),
  livenessProbe: probeSchema,
  readinessProbe: probeSchema,
  startupProbe: probeSchema,
  terminationMessagePath: str(),
  terminationMessagePolicy: str(),
  imagePullPolicy: str(),
  securityContext: opaque('SecurityContext'),
  stdin: bool(),
  stdinOnce: bool(),
  tty: bool(),
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

export const podSpecSchema = struct('PodSpec', {
  volumes: opaqueList('[]v1.Volume'),
  initContainers: list(containerSchema, '[]v1.Container'),
  containers: list(containerSchema, '[]v1.Container'),
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
  securityContext: opaque('PodSecurityContext'),
  imagePullSecrets: opaqueList('[]v1.LocalObjectReference'),
  hostname: str(),
  subdomain: str(),
  affinity: affinitySchema,
  schedulerName: str(),
  tolerations: list(tolerationSchema, '[]v1.Toleration'),
  priorityClassName: str(),
  priority: int32(),
  enableServiceLinks: bool(),
  preemptionPolicy: str(),
});

export const podTemplateSpecSchema = struct('PodTemplateSpec', {
  metadata: objectMetaSchema,
  spec: podSpecSchema,
});

export type Container = z.infer<typeof containerSchema>;
export type ContainerPort = z.infer<typeof containerPortSchema>;
export type Probe = z.infer<typeof probeSchema>;
export type Toleration = z.infer<typeof tolerationSchema>;
export type PodSpec = z.infer<typeof podSpecSchema>;
export type PodTemplateSpec = z.infer<typeof podTemplateSpecSchema>;
