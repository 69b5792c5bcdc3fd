// The structs under Pod, PodSpec, Container, ObjectMeta and ServiceAccount that used to be
// opaque (volumes and every VolumeSource member, volume mounts, env sources, security
// contexts, pod (anti-)affinity, LocalObjectReference, managedFields): each is accepted
// with every field it has in k8s.io/api v0.32.4, printed back in Go struct order, and an
// unknown field inside it is refused with its full path, as strict decoding does.
import { describe, expect, test } from 'vitest';
import { admitForCreate } from './index';
import { accepted, printed, refusal } from './decodeTestkit';

type Seg = string | number;

const POD = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } };
const SERVICE_ACCOUNT = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'sa', namespace: 'default' } };

/** A copy of `base` with `value` at `path`, the objects and lists on the way made as needed. */
function put(base: Record<string, unknown>, path: readonly Seg[], value: unknown): Record<string, unknown> {
  const root = structuredClone(base);
  let node: Record<Seg, unknown> = root;
  path.forEach((seg, i) => {
    if (i === path.length - 1) {
      node[seg] = value;
      return;
    }
    node[seg] ??= typeof path[i + 1] === 'number' ? [] : {};
    node = node[seg] as Record<Seg, unknown>;
  });
  return root;
}





const at = (v: unknown, path: readonly Seg[]) => path.reduce<unknown>((o, k) => (o as Record<Seg, unknown>)[k], v);

/** `spec.volumes[0].secret`, as strict decoding names a field. */
const strictPath = (path: readonly Seg[]) => path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');

/** The fields in reverse order, so only the printer can put them back in Go order. */
const reversedFields = (fields: Record<string, unknown>) => Object.fromEntries(Object.entries(fields).reverse());

interface Case {
  /** the Go struct */
  struct: string;
  /** where it sits in the manifest */
  path: Seg[];
  /** every field of the struct, in Go struct order (core/v1/types.go, meta/v1/types.go v0.32.4) */
  fields: Record<string, unknown>;
  base?: Record<string, unknown>;
}

const ref = { name: 'creds' };
const keyToPath = { key: 'k', path: 'p', mode: 0o400 };
const fieldRef = { apiVersion: 'v1', fieldPath: 'metadata.name' };
const resourceFieldRef = { containerName: 'c', resource: 'limits.cpu', divisor: '1m' };
const selector = { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['a'] }] };
const affinityTerm = {
  labelSelector: selector,
  namespaces: ['default'],
  topologyKey: 'kubernetes.io/hostname',
  namespaceSelector: {},
  matchLabelKeys: ['pod-template-hash'],
  mismatchLabelKeys: ['tenant'],
};
const pvcSpec = {
  accessModes: ['ReadWriteOnce'],
  selector,
  resources: { limits: { storage: '2Gi' }, requests: { storage: '1Gi' } },
  volumeName: 'pv-1',
  storageClassName: 'standard',
  volumeMode: 'Filesystem',
  dataSource: { apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'snap' },
  dataSourceRef: { apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'snap', namespace: 'default' },
  volumeAttributesClassName: 'gold',
};

const VOLUME: Seg[] = ['spec', 'volumes', 0];
const vol = (member: string): Seg[] => [...VOLUME, member];
const CONTAINER: Seg[] = ['spec', 'containers', 0];
const ENV_FROM: Seg[] = [...CONTAINER, 'env', 0, 'valueFrom'];
const SC: Seg[] = [...CONTAINER, 'securityContext'];
const POD_SC: Seg[] = ['spec', 'securityContext'];

/** Every member of VolumeSource, in Go order (inlined in Volume after name). */
const VOLUME_SOURCES = [
  'hostPath', 'emptyDir', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'secret', 'nfs', 'iscsi',
  'glusterfs', 'persistentVolumeClaim', 'rbd', 'flexVolume', 'cinder', 'cephfs', 'flocker', 'downwardAPI', 'fc',
  'azureFile', 'configMap', 'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'projected',
  'portworxVolume', 'scaleIO', 'storageos', 'csi', 'ephemeral', 'image',
];

const CASES: Case[] = [
  // ---- Volume and its sources ----
  { struct: 'Volume', path: VOLUME, fields: { name: 'v', ...Object.fromEntries(VOLUME_SOURCES.map((s) => [s, {}])) } },
  { struct: 'HostPathVolumeSource', path: vol('hostPath'), fields: { path: '/var/log', type: 'Directory' } },
  { struct: 'EmptyDirVolumeSource', path: vol('emptyDir'), fields: { medium: 'Memory', sizeLimit: '64Mi' } },
  { struct: 'GCEPersistentDiskVolumeSource', path: vol('gcePersistentDisk'), fields: { pdName: 'disk', fsType: 'ext4', partition: 1, readOnly: true } },
  { struct: 'AWSElasticBlockStoreVolumeSource', path: vol('awsElasticBlockStore'), fields: { volumeID: 'vol-1', fsType: 'ext4', partition: 1, readOnly: true } },
  { struct: 'GitRepoVolumeSource', path: vol('gitRepo'), fields: { repository: 'https://example.com/r.git', revision: 'main', directory: '.' } },
  { struct: 'SecretVolumeSource', path: vol('secret'), fields: { secretName: 's', items: [keyToPath], defaultMode: 0o644, optional: true } },
  { struct: 'KeyToPath', path: [...vol('secret'), 'items', 0], fields: keyToPath },
  { struct: 'NFSVolumeSource', path: vol('nfs'), fields: { server: 'nfs.local', path: '/export', readOnly: true } },
  {
    struct: 'ISCSIVolumeSource',
    path: vol('iscsi'),
    fields: {
      targetPortal: '10.0.0.1:3260', iqn: 'iqn.2001-04.com.example:storage', lun: 0, iscsiInterface: 'default', fsType: 'ext4', readOnly: true,
      portals: ['10.0.0.2:3260'], chapAuthDiscovery: true, chapAuthSession: true, secretRef: ref, initiatorName: 'iqn.1994-05.com.example:node',
    },
  },
  { struct: 'LocalObjectReference', path: [...vol('iscsi'), 'secretRef'], fields: ref },
  { struct: 'GlusterfsVolumeSource', path: vol('glusterfs'), fields: { endpoints: 'glusterfs-cluster', path: 'vol', readOnly: true } },
  { struct: 'PersistentVolumeClaimVolumeSource', path: vol('persistentVolumeClaim'), fields: { claimName: 'data', readOnly: true } },
  {
    struct: 'RBDVolumeSource',
    path: vol('rbd'),
    fields: { monitors: ['10.0.0.1:6789'], image: 'foo', fsType: 'ext4', pool: 'kube', user: 'admin', keyring: '/etc/ceph/keyring', secretRef: ref, readOnly: true },
  },
  { struct: 'FlexVolumeSource', path: vol('flexVolume'), fields: { driver: 'example/lvm', fsType: 'ext4', secretRef: ref, readOnly: true, options: { size: '1G' } } },
  { struct: 'CinderVolumeSource', path: vol('cinder'), fields: { volumeID: 'v1', fsType: 'ext4', readOnly: true, secretRef: ref } },
  {
    struct: 'CephFSVolumeSource',
    path: vol('cephfs'),
    fields: { monitors: ['10.0.0.1:6789'], path: '/', user: 'admin', secretFile: '/etc/ceph/secret', secretRef: ref, readOnly: true },
  },
  { struct: 'FlockerVolumeSource', path: vol('flocker'), fields: { datasetName: 'ds', datasetUUID: 'uuid' } },
  {
    struct: 'DownwardAPIVolumeSource',
    path: vol('downwardAPI'),
    fields: { items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } }], defaultMode: 0o644 },
  },
  {
    struct: 'DownwardAPIVolumeFile',
    path: [...vol('downwardAPI'), 'items', 0],
    fields: { path: 'cpu', fieldRef, resourceFieldRef, mode: 0o400 },
  },
  { struct: 'ObjectFieldSelector', path: [...vol('downwardAPI'), 'items', 0, 'fieldRef'], fields: fieldRef },
  { struct: 'ResourceFieldSelector', path: [...vol('downwardAPI'), 'items', 0, 'resourceFieldRef'], fields: resourceFieldRef },
  { struct: 'FCVolumeSource', path: vol('fc'), fields: { targetWWNs: ['500a0982991b8dc5'], lun: 2, fsType: 'ext4', readOnly: true, wwids: ['3600508b400105e210000900000490000'] } },
  { struct: 'AzureFileVolumeSource', path: vol('azureFile'), fields: { secretName: 'azure', shareName: 'share', readOnly: true } },
  { struct: 'ConfigMapVolumeSource', path: vol('configMap'), fields: { name: 'cfg', items: [keyToPath], defaultMode: 0o644, optional: true } },
  {
    struct: 'VsphereVirtualDiskVolumeSource',
    path: vol('vsphereVolume'),
    fields: { volumePath: '[ds] volumes/v', fsType: 'ext4', storagePolicyName: 'gold', storagePolicyID: 'id' },
  },
  {
    struct: 'QuobyteVolumeSource',
    path: vol('quobyte'),
    fields: { registry: 'registry:7861', volume: 'vol', readOnly: true, user: 'root', group: 'root', tenant: 't' },
  },
  {
    struct: 'AzureDiskVolumeSource',
    path: vol('azureDisk'),
    fields: { diskName: 'd', diskURI: 'https://example/d.vhd', cachingMode: 'ReadOnly', fsType: 'ext4', readOnly: true, kind: 'Managed' },
  },
  { struct: 'PhotonPersistentDiskVolumeSource', path: vol('photonPersistentDisk'), fields: { pdID: 'pd', fsType: 'ext4' } },
  {
    struct: 'ProjectedVolumeSource',
    path: vol('projected'),
    fields: { sources: [{ serviceAccountToken: { path: 'token' } }], defaultMode: 0o644 },
  },
  {
    struct: 'VolumeProjection',
    path: [...vol('projected'), 'sources', 0],
    fields: { secret: { name: 's' }, downwardAPI: { items: [] }, configMap: { name: 'cfg' }, serviceAccountToken: { path: 't' }, clusterTrustBundle: { path: 'b' } },
  },
  { struct: 'SecretProjection', path: [...vol('projected'), 'sources', 0, 'secret'], fields: { name: 's', items: [keyToPath], optional: true } },
  {
    struct: 'DownwardAPIProjection',
    path: [...vol('projected'), 'sources', 0, 'downwardAPI'],
    fields: { items: [{ path: 'name', fieldRef }] },
  },
  { struct: 'ConfigMapProjection', path: [...vol('projected'), 'sources', 0, 'configMap'], fields: { name: 'cfg', items: [keyToPath], optional: true } },
  {
    struct: 'ServiceAccountTokenProjection',
    path: [...vol('projected'), 'sources', 0, 'serviceAccountToken'],
    fields: { audience: 'vault', expirationSeconds: 3600, path: 'token' },
  },
  {
    struct: 'ClusterTrustBundleProjection',
    path: [...vol('projected'), 'sources', 0, 'clusterTrustBundle'],
    fields: { name: 'bundle', signerName: 'example.com/signer', labelSelector: selector, optional: true, path: 'ca.pem' },
  },
  { struct: 'PortworxVolumeSource', path: vol('portworxVolume'), fields: { volumeID: 'pxvol', fsType: 'ext4', readOnly: true } },
  {
    struct: 'ScaleIOVolumeSource',
    path: vol('scaleIO'),
    fields: {
      gateway: 'https://gw', system: 'sys', secretRef: ref, sslEnabled: true, protectionDomain: 'pd', storagePool: 'sp',
      storageMode: 'ThinProvisioned', volumeName: 'vol', fsType: 'xfs', readOnly: true,
    },
  },
  { struct: 'StorageOSVolumeSource', path: vol('storageos'), fields: { volumeName: 'vol', volumeNamespace: 'default', fsType: 'ext4', readOnly: true, secretRef: ref } },
  {
    struct: 'CSIVolumeSource',
    path: vol('csi'),
    fields: { driver: 'secrets-store.csi.k8s.io', readOnly: true, fsType: 'ext4', volumeAttributes: { secretProviderClass: 'vault' }, nodePublishSecretRef: ref },
  },
  { struct: 'EphemeralVolumeSource', path: vol('ephemeral'), fields: { volumeClaimTemplate: { spec: {} } } },
  {
    struct: 'PersistentVolumeClaimTemplate',
    path: [...vol('ephemeral'), 'volumeClaimTemplate'],
    fields: { metadata: { labels: { type: 'scratch' } }, spec: pvcSpec },
  },
  { struct: 'PersistentVolumeClaimSpec', path: [...vol('ephemeral'), 'volumeClaimTemplate', 'spec'], fields: pvcSpec },
  {
    struct: 'VolumeResourceRequirements',
    path: [...vol('ephemeral'), 'volumeClaimTemplate', 'spec', 'resources'],
    fields: { limits: { storage: '2Gi' }, requests: { storage: '1Gi' } },
  },
  {
    struct: 'TypedLocalObjectReference',
    path: [...vol('ephemeral'), 'volumeClaimTemplate', 'spec', 'dataSource'],
    fields: { apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'snap' },
  },
  {
    struct: 'TypedObjectReference',
    path: [...vol('ephemeral'), 'volumeClaimTemplate', 'spec', 'dataSourceRef'],
    fields: { apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'snap', namespace: 'default' },
  },
  { struct: 'ImageVolumeSource', path: vol('image'), fields: { reference: 'quay.io/crio/artifact:v1', pullPolicy: 'IfNotPresent' } },

  // ---- Container: mounts and env ----
  {
    struct: 'VolumeMount',
    path: [...CONTAINER, 'volumeMounts', 0],
    fields: { name: 'v', readOnly: true, recursiveReadOnly: 'Enabled', mountPath: '/data', subPath: 'a', mountPropagation: 'None', subPathExpr: '' },
  },
  {
    struct: 'EnvVarSource',
    path: ENV_FROM,
    fields: { fieldRef, resourceFieldRef, configMapKeyRef: { name: 'cfg', key: 'k' }, secretKeyRef: { name: 's', key: 'k' } },
  },
  { struct: 'ObjectFieldSelector', path: [...ENV_FROM, 'fieldRef'], fields: fieldRef },
  { struct: 'ResourceFieldSelector', path: [...ENV_FROM, 'resourceFieldRef'], fields: resourceFieldRef },
  { struct: 'ConfigMapKeySelector', path: [...ENV_FROM, 'configMapKeyRef'], fields: { name: 'cfg', key: 'k', optional: true } },
  { struct: 'SecretKeySelector', path: [...ENV_FROM, 'secretKeyRef'], fields: { name: 's', key: 'k', optional: true } },
  {
    struct: 'EnvFromSource',
    path: [...CONTAINER, 'envFrom', 0],
    fields: { prefix: 'APP_', configMapRef: { name: 'cfg' }, secretRef: { name: 's' } },
  },
  { struct: 'ConfigMapEnvSource', path: [...CONTAINER, 'envFrom', 0, 'configMapRef'], fields: { name: 'cfg', optional: true } },
  { struct: 'SecretEnvSource', path: [...CONTAINER, 'envFrom', 0, 'secretRef'], fields: { name: 's', optional: true } },
  // the same structs in an init container and an ephemeral container
  { struct: 'EnvVarSource (init container)', path: ['spec', 'initContainers', 0, 'env', 0, 'valueFrom'], fields: { fieldRef, secretKeyRef: { name: 's', key: 'k' } } },
  { struct: 'VolumeMount (ephemeral container)', path: ['spec', 'ephemeralContainers', 0, 'volumeMounts', 0], fields: { name: 'v', mountPath: '/data' } },

  // ---- security contexts ----
  {
    struct: 'SecurityContext',
    path: SC,
    fields: {
      capabilities: { drop: ['ALL'] }, privileged: false, seLinuxOptions: { level: 's0:c123,c456' }, windowsOptions: { runAsUserName: 'ContainerUser' },
      runAsUser: 1000, runAsGroup: 3000, runAsNonRoot: true, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, procMount: 'Default',
      seccompProfile: { type: 'RuntimeDefault' }, appArmorProfile: { type: 'RuntimeDefault' },
    },
  },
  { struct: 'Capabilities', path: [...SC, 'capabilities'], fields: { add: ['NET_ADMIN'], drop: ['ALL'] } },
  { struct: 'SELinuxOptions', path: [...SC, 'seLinuxOptions'], fields: { user: 'system_u', role: 'system_r', type: 'spc_t', level: 's0' } },
  {
    struct: 'WindowsSecurityContextOptions',
    path: [...SC, 'windowsOptions'],
    fields: { gmsaCredentialSpecName: 'gmsa', gmsaCredentialSpec: '{}', runAsUserName: 'ContainerUser', hostProcess: false },
  },
  { struct: 'SeccompProfile', path: [...SC, 'seccompProfile'], fields: { type: 'Localhost', localhostProfile: 'profiles/audit.json' } },
  { struct: 'AppArmorProfile', path: [...SC, 'appArmorProfile'], fields: { type: 'Localhost', localhostProfile: 'k8s-apparmor-example' } },
  {
    struct: 'PodSecurityContext',
    path: POD_SC,
    fields: {
      seLinuxOptions: { level: 's0' }, windowsOptions: { hostProcess: false }, runAsUser: 1000, runAsGroup: 3000, runAsNonRoot: true,
      supplementalGroups: [4000], supplementalGroupsPolicy: 'Merge', fsGroup: 2000, sysctls: [{ name: 'net.core.somaxconn', value: '1024' }],
      fsGroupChangePolicy: 'OnRootMismatch', seccompProfile: { type: 'RuntimeDefault' }, appArmorProfile: { type: 'RuntimeDefault' },
      seLinuxChangePolicy: 'MountOption',
    },
  },
  { struct: 'Sysctl', path: [...POD_SC, 'sysctls', 0], fields: { name: 'net.core.somaxconn', value: '1024' } },
  { struct: 'SELinuxOptions (pod)', path: [...POD_SC, 'seLinuxOptions'], fields: { user: 'system_u', role: 'system_r', type: 'spc_t', level: 's0' } },
  { struct: 'SeccompProfile (pod)', path: [...POD_SC, 'seccompProfile'], fields: { type: 'Localhost', localhostProfile: 'profiles/audit.json' } },

  // ---- pod (anti-)affinity ----
  {
    struct: 'PodAffinity',
    path: ['spec', 'affinity', 'podAffinity'],
    fields: {
      requiredDuringSchedulingIgnoredDuringExecution: [affinityTerm],
      preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: affinityTerm }],
    },
  },
  {
    struct: 'PodAntiAffinity',
    path: ['spec', 'affinity', 'podAntiAffinity'],
    fields: {
      requiredDuringSchedulingIgnoredDuringExecution: [affinityTerm],
      preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: affinityTerm }],
    },
  },
  { struct: 'PodAffinityTerm', path: ['spec', 'affinity', 'podAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', 0], fields: affinityTerm },
  {
    struct: 'WeightedPodAffinityTerm',
    path: ['spec', 'affinity', 'podAntiAffinity', 'preferredDuringSchedulingIgnoredDuringExecution', 0],
    fields: { weight: 100, podAffinityTerm: affinityTerm },
  },
  {
    struct: 'PodAffinityTerm (weighted)',
    path: ['spec', 'affinity', 'podAntiAffinity', 'preferredDuringSchedulingIgnoredDuringExecution', 0, 'podAffinityTerm'],
    fields: affinityTerm,
  },
  {
    struct: 'LabelSelector (PodAffinityTerm.labelSelector)',
    path: ['spec', 'affinity', 'podAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', 0, 'labelSelector'],
    fields: selector,
  },

  // ---- LocalObjectReference, ServiceAccount, managedFields ----
  { struct: 'LocalObjectReference (imagePullSecrets)', path: ['spec', 'imagePullSecrets', 0], fields: { name: 'regcred' } },
  { struct: 'LocalObjectReference (ServiceAccount)', base: SERVICE_ACCOUNT, path: ['imagePullSecrets', 0], fields: { name: 'regcred' } },
  {
    struct: 'ObjectReference (ServiceAccount.secrets)',
    base: SERVICE_ACCOUNT,
    path: ['secrets', 0],
    fields: { kind: 'Secret', namespace: 'default', name: 'token', uid: 'u', apiVersion: 'v1', resourceVersion: '1', fieldPath: 'data' },
  },
  {
    struct: 'ManagedFieldsEntry',
    path: ['metadata', 'managedFields', 0],
    fields: {
      manager: 'kubectl-client-side-apply', operation: 'Update', apiVersion: 'v1', time: '2025-01-01T00:00:00Z', fieldsType: 'FieldsV1',
      fieldsV1: { 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } }, subresource: 'status',
    },
  },
  {
    struct: 'ManagedFieldsEntry (ServiceAccount)',
    base: SERVICE_ACCOUNT,
    path: ['metadata', 'managedFields', 0],
    fields: { manager: 'kube-controller-manager', operation: 'Update', apiVersion: 'v1', time: '2025-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: {}, subresource: '' },
  },
  {
    struct: 'ManagedFieldsEntry (pod template)',
    base: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'default' } },
    path: ['spec', 'template', 'metadata', 'managedFields', 0],
    fields: { manager: 'm', operation: 'Apply', apiVersion: 'v1', time: '2025-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: {}, subresource: '' },
  },
];

describe('strict structs: every field accepted, printed in Go order, an unknown one refused', () => {
  test.each(CASES)('$struct at $path', ({ path, fields, base }) => {
    const manifest = base ?? POD;
    const object = accepted(put(manifest, path, reversedFields(fields)));
    const out = printed(object);
    expect(Object.keys(at(out, path) as Record<string, unknown>)).toEqual(Object.keys(fields));
    expect(at(out, path)).toEqual(fields);

    const kind = String(manifest.kind);
    expect(refusal(put(manifest, path, { ...fields, bogus: 1 }))).toBe(
      `${kind} in version "v1" cannot be handled as a ${kind}: strict decoding error: unknown field "${strictPath(path)}.bogus"`,
    );
  });

  test.each(VOLUME_SOURCES)('volume source %s refuses an unknown field', (source) => {
    expect(refusal(put(POD, VOLUME, { name: 'v', [source]: { bogus: true } }))).toBe(
      `Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.volumes[0].${source}.bogus"`,
    );
  });

  test('a volume source Go does not have is refused', () => {
    expect(refusal(put(POD, VOLUME, { name: 'v', hostpath: { path: '/' } }))).toBe(
      'Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.volumes[0].hostpath"',
    );
  });

  test('several unknown fields in the new structs are all listed', () => {
    const manifest = {
      ...POD,
      spec: {
        volumes: [{ name: 'v', secret: { secretName: 's', bogus: 1 } }],
        containers: [{ name: 'c', image: 'nginx:1.27', securityContext: { bogus: 1 }, env: [{ name: 'E', valueFrom: { bogus: 1 } }] }],
      },
    };
    expect(refusal(manifest)).toBe(
      'Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.volumes[0].secret.bogus", unknown field "spec.containers[0].env[0].valueFrom.bogus", unknown field "spec.containers[0].securityContext.bogus"',
    );
  });

  test('the same structs in a Deployment pod template', () => {
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'default' } };
    expect(refusal(put(deployment, ['spec', 'template', 'spec', 'volumes', 0], { name: 'v', configMap: { name: 'cfg', bogus: 1 } }))).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.template.spec.volumes[0].configMap.bogus"',
    );
    expect(refusal(put(deployment, ['spec', 'template', 'spec', 'affinity', 'podAntiAffinity'], { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'k', bogus: 1 }] }))).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.template.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].bogus"',
    );
  });
});

describe('strict structs: a value of the wrong type names the Go struct field and type', () => {
  const PREFIX = 'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal ';
  test.each([
    [[...SC, 'privileged'], 'yes', 'string into Go struct field SecurityContext.spec.containers.securityContext.privileged of type bool'],
    [[...SC, 'runAsUser'], '1000', 'string into Go struct field SecurityContext.spec.containers.securityContext.runAsUser of type int64'],
    [[...SC, 'capabilities'], ['ALL'], 'array into Go struct field SecurityContext.spec.containers.securityContext.capabilities of type v1.Capabilities'],
    [[...SC, 'capabilities', 'drop'], 'ALL', 'string into Go struct field Capabilities.spec.containers.securityContext.capabilities.drop of type []v1.Capability'],
    [[...POD_SC, 'fsGroup'], '2000', 'string into Go struct field PodSecurityContext.spec.securityContext.fsGroup of type int64'],
    [[...POD_SC, 'supplementalGroups', 0], '4000', 'string into Go struct field PodSecurityContext.spec.securityContext.supplementalGroups of type int64'],
    [[...POD_SC, 'sysctls'], { name: 'x' }, 'object into Go struct field PodSecurityContext.spec.securityContext.sysctls of type []v1.Sysctl'],
    [[...vol('secret'), 'defaultMode'], '0644', 'string into Go struct field SecretVolumeSource.spec.volumes.secret.defaultMode of type int32'],
    [[...vol('configMap'), 'items', 0, 'mode'], true, 'bool into Go struct field KeyToPath.spec.volumes.configMap.items.mode of type int32'],
    [[...vol('persistentVolumeClaim'), 'readOnly'], 'true', 'string into Go struct field PersistentVolumeClaimVolumeSource.spec.volumes.persistentVolumeClaim.readOnly of type bool'],
    [[...vol('projected'), 'sources', 0, 'serviceAccountToken', 'expirationSeconds'], '3600', 'string into Go struct field ServiceAccountTokenProjection.spec.volumes.projected.sources.serviceAccountToken.expirationSeconds of type int64'],
    [[...vol('hostPath')], '/var', 'string into Go struct field Volume.spec.volumes.hostPath of type v1.HostPathVolumeSource'],
    [[...vol('emptyDir'), 'medium'], 1, 'number into Go struct field EmptyDirVolumeSource.spec.volumes.emptyDir.medium of type string'],
    [[...CONTAINER, 'volumeMounts', 0, 'readOnly'], 'yes', 'string into Go struct field VolumeMount.spec.containers.volumeMounts.readOnly of type bool'],
    [[...CONTAINER, 'volumeMounts'], { name: 'v' }, 'object into Go struct field Container.spec.containers.volumeMounts of type []v1.VolumeMount'],
    [[...ENV_FROM, 'secretKeyRef', 'optional'], 'no', 'string into Go struct field SecretKeySelector.spec.containers.env.valueFrom.secretKeyRef.optional of type bool'],
    [[...ENV_FROM, 'fieldRef'], 'metadata.name', 'string into Go struct field EnvVarSource.spec.containers.env.valueFrom.fieldRef of type v1.ObjectFieldSelector'],
    [[...CONTAINER, 'envFrom', 0, 'configMapRef', 'name'], 5, 'number into Go struct field ConfigMapEnvSource.spec.containers.envFrom.configMapRef.name of type string'],
    [['spec', 'affinity', 'podAffinity', 'preferredDuringSchedulingIgnoredDuringExecution', 0, 'weight'], '100', 'string into Go struct field WeightedPodAffinityTerm.spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution.weight of type int32'],
    [['spec', 'affinity', 'podAntiAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', 0, 'namespaces'], 'default', 'string into Go struct field PodAffinityTerm.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution.namespaces of type []string'],
    [['spec', 'imagePullSecrets', 0], 'regcred', 'string into Go struct field PodSpec.spec.imagePullSecrets of type v1.LocalObjectReference'],
    [['metadata', 'managedFields', 0, 'manager'], 1, 'number into Go struct field ManagedFieldsEntry.metadata.managedFields.manager of type string'],
  ] as [Seg[], unknown, string][])('%j = %j', (path, value, message) => {
    expect(refusal(put(POD, path, value))).toBe(PREFIX + message);
  });

  test('a quantity that does not parse (emptyDir sizeLimit, resourceFieldRef divisor)', () => {
    const message = refusal(put(POD, [...vol('emptyDir'), 'sizeLimit'], '64 megs'));
    expect(message).toMatch(/^Pod in version "v1" cannot be handled as a Pod: quantities must match the regular expression/);
    expect(refusal(put(POD, [...ENV_FROM, 'resourceFieldRef', 'divisor'], 'lots'))).toBe(message);
  });

  test('ServiceAccount imagePullSecrets entries are LocalObjectReference', () => {
    expect(refusal(put(SERVICE_ACCOUNT, ['imagePullSecrets', 0, 'name'], 1))).toBe(
      'ServiceAccount in version "v1" cannot be handled as a ServiceAccount: json: cannot unmarshal number into Go struct field LocalObjectReference.imagePullSecrets.name of type string',
    );
  });
});

describe('strict structs: learner manifests go through the whole create path', () => {
  test('a Pod with config, secret, PVC, projected and emptyDir volumes, env sources, security contexts and anti-affinity', () => {
    const r = admitForCreate({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } },
      spec: {
        securityContext: { runAsNonRoot: true, runAsUser: 1000, fsGroup: 2000, seccompProfile: { type: 'RuntimeDefault' } },
        imagePullSecrets: [{ name: 'regcred' }],
        affinity: {
          podAntiAffinity: {
            preferredDuringSchedulingIgnoredDuringExecution: [
              { weight: 100, podAffinityTerm: { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' } },
            ],
          },
        },
        containers: [
          {
            name: 'app',
            image: 'nginx:1.27',
            env: [
              { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
              { name: 'MODE', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'mode' } } },
              { name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password', optional: true } } },
              { name: 'CPU', valueFrom: { resourceFieldRef: { resource: 'limits.cpu', divisor: '1m' } } },
            ],
            envFrom: [{ configMapRef: { name: 'cfg' } }, { prefix: 'DB_', secretRef: { name: 'db' } }],
            securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
            volumeMounts: [
              { name: 'config', mountPath: '/etc/app', readOnly: true },
              { name: 'creds', mountPath: '/etc/creds' },
              { name: 'data', mountPath: '/data' },
              { name: 'token', mountPath: '/var/run/token' },
              { name: 'cache', mountPath: '/cache' },
            ],
          },
        ],
        volumes: [
          { name: 'config', configMap: { name: 'cfg', items: [{ key: 'app.conf', path: 'app.conf' }] } },
          { name: 'creds', secret: { secretName: 'db', defaultMode: 0o400 } },
          { name: 'data', persistentVolumeClaim: { claimName: 'data' } },
          { name: 'token', projected: { sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 3600 } }] } },
          { name: 'cache', emptyDir: { medium: 'Memory', sizeLimit: '64Mi' } },
        ],
      },
    });
    if (!r.ok) throw new Error(r.message);
    const out = printed(r.object);
    expect(Object.keys(at(out, ['spec', 'volumes', 1, 'secret']) as object)).toEqual(['secretName', 'defaultMode']);
    expect(Object.keys(at(out, ['spec', 'containers', 0, 'securityContext']) as object)).toEqual(['capabilities', 'readOnlyRootFilesystem', 'allowPrivilegeEscalation']);
    expect(Object.keys(at(out, ['spec', 'securityContext']) as object)).toEqual(['runAsUser', 'runAsNonRoot', 'fsGroup', 'seccompProfile']);
  });

  test('a typo in a volume source of a created Pod is a 400, not a silently dropped field', () => {
    const r = admitForCreate(put(POD, VOLUME, { name: 'v', configMap: { nmae: 'cfg' } }));
    expect(r).toMatchObject({
      ok: false,
      code: 400,
      message: 'Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.volumes[0].configMap.nmae"',
    });
  });
});
