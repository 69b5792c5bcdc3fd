// core/v1 PodSpec and its parts, field names and order as in k8s.io/api/core/v1/types.go
// (the order matters: kubectl -o json prints Go struct order). Every struct is strict, as
// the API server's strict field validation is: volumes (with every VolumeSource member),
// volume mounts, env sources, security contexts and pod (anti-)affinity included.
import type { z } from 'zod';
import { objectMetaSchema } from './objectMeta';
import { labelSelectorSchema } from './labelSelector';
import {
  bool,
  int32,
  int64,
  intOrString,
  list,
  quantity,
  resourceList,
  str,
  stringList,
  stringMap,
  struct,
} from './goTypes';

/** LocalObjectReference: imagePullSecrets, and the secretRef of many volume sources. */
export const localObjectReferenceSchema = struct('LocalObjectReference', { name: str() });

// ---- env ----

/** ObjectFieldSelector: env fieldRef and downward API files. */
export const objectFieldSelectorSchema = struct('ObjectFieldSelector', { apiVersion: str(), fieldPath: str() });

/** ResourceFieldSelector: env resourceFieldRef and downward API files. */
export const resourceFieldSelectorSchema = struct('ResourceFieldSelector', {
  containerName: str(),
  resource: str(),
  divisor: quantity(),
});

/** EnvVarSource; ConfigMapKeySelector and SecretKeySelector inline LocalObjectReference (name). */
export const envVarSourceSchema = struct('EnvVarSource', {
  fieldRef: objectFieldSelectorSchema,
  resourceFieldRef: resourceFieldSelectorSchema,
  configMapKeyRef: struct('ConfigMapKeySelector', { name: str(), key: str(), optional: bool() }),
  secretKeyRef: struct('SecretKeySelector', { name: str(), key: str(), optional: bool() }),
});

/** EnvFromSource; ConfigMapEnvSource and SecretEnvSource inline LocalObjectReference (name). */
export const envFromSourceSchema = struct('EnvFromSource', {
  prefix: str(),
  configMapRef: struct('ConfigMapEnvSource', { name: str(), optional: bool() }),
  secretRef: struct('SecretEnvSource', { name: str(), optional: bool() }),
});

// ---- volumes ----

const keyToPathListSchema = list(struct('KeyToPath', { key: str(), path: str(), mode: int32() }), '[]v1.KeyToPath');

const downwardAPIVolumeFileListSchema = list(
  struct('DownwardAPIVolumeFile', {
    path: str(),
    fieldRef: objectFieldSelectorSchema,
    resourceFieldRef: resourceFieldSelectorSchema,
    mode: int32(),
  }),
  '[]v1.DownwardAPIVolumeFile',
);

/** VolumeProjection: one source of a projected volume. The *Projection structs inline LocalObjectReference. */
const volumeProjectionSchema = struct('VolumeProjection', {
  secret: struct('SecretProjection', { name: str(), items: keyToPathListSchema, optional: bool() }),
  downwardAPI: struct('DownwardAPIProjection', { items: downwardAPIVolumeFileListSchema }),
  configMap: struct('ConfigMapProjection', { name: str(), items: keyToPathListSchema, optional: bool() }),
  serviceAccountToken: struct('ServiceAccountTokenProjection', {
    audience: str(),
    expirationSeconds: int64(),
    path: str(),
  }),
  clusterTrustBundle: struct('ClusterTrustBundleProjection', {
    name: str(),
    signerName: str(),
    labelSelector: labelSelectorSchema,
    optional: bool(),
    path: str(),
  }),
});

/** PersistentVolumeClaimSpec: what a generic ephemeral volume's claim template asks for. */
export const persistentVolumeClaimSpecSchema = struct('PersistentVolumeClaimSpec', {
  accessModes: list(str(), '[]v1.PersistentVolumeAccessMode'),
  selector: labelSelectorSchema,
  resources: struct('VolumeResourceRequirements', { limits: resourceList(), requests: resourceList() }),
  volumeName: str(),
  storageClassName: str(),
  volumeMode: str(),
  dataSource: struct('TypedLocalObjectReference', { apiGroup: str(), kind: str(), name: str() }),
  dataSourceRef: struct('TypedObjectReference', { apiGroup: str(), kind: str(), name: str(), namespace: str() }),
  volumeAttributesClassName: str(),
});

/**
 * Volume: its VolumeSource is inlined in Go, so every source is a field of the Volume
 * itself, after name, in VolumeSource's order.
 */
export const volumeSchema = struct('Volume', {
  name: str(),
  hostPath: struct('HostPathVolumeSource', { path: str(), type: str() }),
  emptyDir: struct('EmptyDirVolumeSource', { medium: str(), sizeLimit: quantity() }),
  gcePersistentDisk: struct('GCEPersistentDiskVolumeSource', {
    pdName: str(),
    fsType: str(),
    partition: int32(),
    readOnly: bool(),
  }),
  awsElasticBlockStore: struct('AWSElasticBlockStoreVolumeSource', {
    volumeID: str(),
    fsType: str(),
    partition: int32(),
    readOnly: bool(),
  }),
  gitRepo: struct('GitRepoVolumeSource', { repository: str(), revision: str(), directory: str() }),
  secret: struct('SecretVolumeSource', {
    secretName: str(),
    items: keyToPathListSchema,
    defaultMode: int32(),
    optional: bool(),
  }),
  nfs: struct('NFSVolumeSource', { server: str(), path: str(), readOnly: bool() }),
  iscsi: struct('ISCSIVolumeSource', {
    targetPortal: str(),
    iqn: str(),
    lun: int32(),
    iscsiInterface: str(),
    fsType: str(),
    readOnly: bool(),
    portals: stringList(),
    chapAuthDiscovery: bool(),
    chapAuthSession: bool(),
    secretRef: localObjectReferenceSchema,
    initiatorName: str(),
  }),
  glusterfs: struct('GlusterfsVolumeSource', { endpoints: str(), path: str(), readOnly: bool() }),
  persistentVolumeClaim: struct('PersistentVolumeClaimVolumeSource', { claimName: str(), readOnly: bool() }),
  rbd: struct('RBDVolumeSource', {
    monitors: stringList(),
    image: str(),
    fsType: str(),
    pool: str(),
    user: str(),
    keyring: str(),
    secretRef: localObjectReferenceSchema,
    readOnly: bool(),
  }),
  flexVolume: struct('FlexVolumeSource', {
    driver: str(),
    fsType: str(),
    secretRef: localObjectReferenceSchema,
    readOnly: bool(),
    options: stringMap(),
  }),
  cinder: struct('CinderVolumeSource', {
    volumeID: str(),
    fsType: str(),
    readOnly: bool(),
    secretRef: localObjectReferenceSchema,
  }),
  cephfs: struct('CephFSVolumeSource', {
    monitors: stringList(),
    path: str(),
    user: str(),
    secretFile: str(),
    secretRef: localObjectReferenceSchema,
    readOnly: bool(),
  }),
  flocker: struct('FlockerVolumeSource', { datasetName: str(), datasetUUID: str() }),
  downwardAPI: struct('DownwardAPIVolumeSource', { items: downwardAPIVolumeFileListSchema, defaultMode: int32() }),
  fc: struct('FCVolumeSource', {
    targetWWNs: stringList(),
    lun: int32(),
    fsType: str(),
    readOnly: bool(),
    wwids: stringList(),
  }),
  azureFile: struct('AzureFileVolumeSource', { secretName: str(), shareName: str(), readOnly: bool() }),
  configMap: struct('ConfigMapVolumeSource', {
    name: str(),
    items: keyToPathListSchema,
    defaultMode: int32(),
    optional: bool(),
  }),
  vsphereVolume: struct('VsphereVirtualDiskVolumeSource', {
    volumePath: str(),
    fsType: str(),
    storagePolicyName: str(),
    storagePolicyID: str(),
  }),
  quobyte: struct('QuobyteVolumeSource', {
    registry: str(),
    volume: str(),
    readOnly: bool(),
    user: str(),
    group: str(),
    tenant: str(),
  }),
  azureDisk: struct('AzureDiskVolumeSource', {
    diskName: str(),
    diskURI: str(),
    cachingMode: str(),
    fsType: str(),
    readOnly: bool(),
    kind: str(),
  }),
  photonPersistentDisk: struct('PhotonPersistentDiskVolumeSource', { pdID: str(), fsType: str() }),
  projected: struct('ProjectedVolumeSource', {
    sources: list(volumeProjectionSchema, '[]v1.VolumeProjection'),
    defaultMode: int32(),
  }),
  portworxVolume: struct('PortworxVolumeSource', { volumeID: str(), fsType: str(), readOnly: bool() }),
  scaleIO: struct('ScaleIOVolumeSource', {
    gateway: str(),
    system: str(),
    secretRef: localObjectReferenceSchema,
    sslEnabled: bool(),
    protectionDomain: str(),
    storagePool: str(),
    storageMode: str(),
    volumeName: str(),
    fsType: str(),
    readOnly: bool(),
  }),
  storageos: struct('StorageOSVolumeSource', {
    volumeName: str(),
    volumeNamespace: str(),
    fsType: str(),
    readOnly: bool(),
    secretRef: localObjectReferenceSchema,
  }),
  csi: struct('CSIVolumeSource', {
    driver: str(),
    readOnly: bool(),
    fsType: str(),
    volumeAttributes: stringMap(),
    nodePublishSecretRef: localObjectReferenceSchema,
  }),
  ephemeral: struct('EphemeralVolumeSource', {
    volumeClaimTemplate: struct('PersistentVolumeClaimTemplate', {
      metadata: objectMetaSchema,
      spec: persistentVolumeClaimSpecSchema,
    }),
  }),
  image: struct('ImageVolumeSource', { reference: str(), pullPolicy: str() }),
});

export const volumeMountSchema = struct('VolumeMount', {
  name: str(),
  readOnly: bool(),
  recursiveReadOnly: str(),
  mountPath: str(),
  subPath: str(),
  mountPropagation: str(),
  subPathExpr: str(),
});

// ---- security contexts ----

const seLinuxOptionsSchema = struct('SELinuxOptions', { user: str(), role: str(), type: str(), level: str() });

const windowsSecurityContextOptionsSchema = struct('WindowsSecurityContextOptions', {
  gmsaCredentialSpecName: str(),
  gmsaCredentialSpec: str(),
  runAsUserName: str(),
  hostProcess: bool(),
});

const seccompProfileSchema = struct('SeccompProfile', { type: str(), localhostProfile: str() });
const appArmorProfileSchema = struct('AppArmorProfile', { type: str(), localhostProfile: str() });

export const securityContextSchema = struct('SecurityContext', {
  capabilities: struct('Capabilities', {
    add: list(str(), '[]v1.Capability'),
    drop: list(str(), '[]v1.Capability'),
  }),
  privileged: bool(),
  seLinuxOptions: seLinuxOptionsSchema,
  windowsOptions: windowsSecurityContextOptionsSchema,
  runAsUser: int64(),
  runAsGroup: int64(),
  runAsNonRoot: bool(),
  readOnlyRootFilesystem: bool(),
  allowPrivilegeEscalation: bool(),
  procMount: str(),
  seccompProfile: seccompProfileSchema,
  appArmorProfile: appArmorProfileSchema,
});

export const podSecurityContextSchema = struct('PodSecurityContext', {
  seLinuxOptions: seLinuxOptionsSchema,
  windowsOptions: windowsSecurityContextOptionsSchema,
  runAsUser: int64(),
  runAsGroup: int64(),
  runAsNonRoot: bool(),
  supplementalGroups: list(int64(), '[]int64'),
  supplementalGroupsPolicy: str(),
  fsGroup: int64(),
  sysctls: list(struct('Sysctl', { name: str(), value: str() }), '[]v1.Sysctl'),
  fsGroupChangePolicy: str(),
  seccompProfile: seccompProfileSchema,
  appArmorProfile: appArmorProfileSchema,
  seLinuxChangePolicy: str(),
});

export const containerPortSchema = struct('ContainerPort', {
  name: str(),
  hostPort: int32(),
  containerPort: int32(),
  protocol: str(),
  hostIP: str(),
});

export const envVarSchema = struct('EnvVar', { name: str(), value: str(), valueFrom: envVarSourceSchema });

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
  envFrom: list(envFromSourceSchema, '[]v1.EnvFromSource'),
  env: list(envVarSchema, '[]v1.EnvVar'),
  resources: resourceRequirementsSchema,
  resizePolicy: list(
    struct('ContainerResizePolicy', { resourceName: str(), restartPolicy: str() }),
    '[]v1.ContainerResizePolicy',
  ),
  restartPolicy: str(),
  volumeMounts: list(volumeMountSchema, '[]v1.VolumeMount'),
  volumeDevices: list(struct('VolumeDevice', { name: str(), devicePath: str() }), '[]v1.VolumeDevice'),
  livenessProbe: probeSchema,
  readinessProbe: probeSchema,
  startupProbe: probeSchema,
  lifecycle: lifecycleSchema,
  terminationMessagePath: str(),
  terminationMessagePolicy: str(),
  imagePullPolicy: str(),
  securityContext: securityContextSchema,
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

export const podAffinityTermSchema = struct('PodAffinityTerm', {
  labelSelector: labelSelectorSchema,
  namespaces: stringList(),
  topologyKey: str(),
  namespaceSelector: labelSelectorSchema,
  matchLabelKeys: stringList(),
  mismatchLabelKeys: stringList(),
});
const podAffinityTermListSchema = list(podAffinityTermSchema, '[]v1.PodAffinityTerm');
const weightedPodAffinityTermListSchema = list(
  struct('WeightedPodAffinityTerm', { weight: int32(), podAffinityTerm: podAffinityTermSchema }),
  '[]v1.WeightedPodAffinityTerm',
);

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
  podAffinity: struct('PodAffinity', {
    requiredDuringSchedulingIgnoredDuringExecution: podAffinityTermListSchema,
    preferredDuringSchedulingIgnoredDuringExecution: weightedPodAffinityTermListSchema,
  }),
  podAntiAffinity: struct('PodAntiAffinity', {
    requiredDuringSchedulingIgnoredDuringExecution: podAffinityTermListSchema,
    preferredDuringSchedulingIgnoredDuringExecution: weightedPodAffinityTermListSchema,
  }),
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
  volumes: list(volumeSchema, '[]v1.Volume'),
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
  securityContext: podSecurityContextSchema,
  imagePullSecrets: list(localObjectReferenceSchema, '[]v1.LocalObjectReference'),
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

export type Volume = z.infer<typeof volumeSchema>;
export type VolumeMount = z.infer<typeof volumeMountSchema>;
export type EnvVar = z.infer<typeof envVarSchema>;
export type EnvVarSource = z.infer<typeof envVarSourceSchema>;
export type EnvFromSource = z.infer<typeof envFromSourceSchema>;
export type SecurityContext = z.infer<typeof securityContextSchema>;
export type PodSecurityContext = z.infer<typeof podSecurityContextSchema>;
export type PodAffinityTerm = z.infer<typeof podAffinityTermSchema>;
export type LocalObjectReference = z.infer<typeof localObjectReferenceSchema>;
export type Container = z.infer<typeof containerSchema>;
export type EphemeralContainer = z.infer<typeof ephemeralContainerSchema>;
export type ContainerPort = z.infer<typeof containerPortSchema>;
export type Probe = z.infer<typeof probeSchema>;
export type Lifecycle = z.infer<typeof lifecycleSchema>;
export type ResourceRequirements = z.infer<typeof resourceRequirementsSchema>;
export type Toleration = z.infer<typeof tolerationSchema>;
export type PodSpec = z.infer<typeof podSpecSchema>;
export type PodTemplateSpec = z.infer<typeof podTemplateSpecSchema>;
