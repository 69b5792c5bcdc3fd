// The Volumes: section of `kubectl describe pod` and of a pod template (describe.go
// describeVolumes and its print*VolumeSource printers, kubectl 1.32): the volumes in spec
// order, each with its source's type line and fields. Fields are printed as Go's %v prints
// them — an unset string empty, an unset bool false, a []string `[a b]`, a secretRef
// pointer `&{name}` or `<nil>`, a map `map[k:v]`.
import { canonicalQuantity, parseQuantity, type PodSpec } from '../../../apiserver';
import { printAnnotationsMultiline, printLabelsMultiline } from './common';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, nestedPrefixWriter, type DescribeWriter } from './prefix-writer';

type Volume = NonNullable<PodSpec['volumes']>[number];
type Projection = NonNullable<NonNullable<Volume['projected']>['sources']>[number];
type ClaimTemplate = NonNullable<NonNullable<Volume['ephemeral']>['volumeClaimTemplate']>;

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const str = (v: string | undefined): string => v ?? '';
const bool = (v: boolean | undefined): string => String(v === true);
const int = (v: number | undefined): string => String(v ?? 0);
const goList = (v: readonly string[] | undefined): string => `[${(v ?? []).join(' ')}]`;
const secretRef = (r: { name?: string } | undefined): string => (r ? `&{${r.name ?? ''}}` : '<nil>');
const goMap = (m: Record<string, string> | undefined): string =>
  `map[${Object.keys(m ?? {})
    .sort(byString)
    .map((k) => `${k}:${(m as Record<string, string>)[k]}`)
    .join(' ')}]`;

/**
 * %v of a *bool (a projected Secret's or ConfigMap's optional): `<nil>` when unset, else the
 * pointer itself, a heap address that differs from run to run. A fixed address in Go's heap
 * range stands in for it, the same for the same volume and source.
 */
function boolPointer(v: boolean | undefined, volume: string, index: number): string {
  if (v === undefined) return '<nil>';
  let h = 0x811c9dc5;
  for (const ch of `${volume}/${index}`) h = Math.imul(h ^ (ch.codePointAt(0) as number), 0x01000193) >>> 0;
  return `0xc000${(h & 0xffffff).toString(16).padStart(6, '0')}`;
}

/** The Type line, then `    Field:\tvalue` lines: one Write at LEVEL_2 in describe.go. */
function printSource(w: DescribeWriter, type: string, fields: readonly (readonly [string, string])[]): void {
  w.write(LEVEL_2, `Type:\t${type}\n${fields.map(([title, value]) => `    ${title}\t${value}\n`).join('')}`);
}

/** Resource.Quantity.String() of an emptyDir's sizeLimit, `<unset>` unless above zero. */
function sizeLimit(v: string | number | undefined): string {
  if (v === undefined) return '<unset>';
  const parsed = parseQuantity(v);
  if (!parsed.ok || parsed.quantity.milli <= 0n) return '<unset>';
  return canonicalQuantity(parsed.quantity.text) ?? parsed.quantity.text;
}

/** printProjectedVolumeSource: one or two lines per source, in order; a clusterTrustBundle prints nothing. */
function printProjected(w: DescribeWriter, sources: readonly Projection[], volume: string): void {
  w.write(LEVEL_2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
  sources.forEach((s, i) => {
    if (s.secret) {
      w.write(LEVEL_2, `SecretName:\t${str(s.secret.name)}\n    SecretOptionalName:\t${boolPointer(s.secret.optional, volume, i)}\n`);
    } else if (s.downwardAPI) {
      w.write(LEVEL_2, 'DownwardAPI:\ttrue\n');
    } else if (s.configMap) {
      w.write(LEVEL_2, `ConfigMapName:\t${str(s.configMap.name)}\n    ConfigMapOptional:\t${boolPointer(s.configMap.optional, volume, i)}\n`);
    } else if (s.serviceAccountToken) {
      // describe.go dereferences expirationSeconds, which the API server defaults to an hour
      w.write(LEVEL_2, `TokenExpirationSeconds:\t${s.serviceAccountToken.expirationSeconds ?? 3600}\n`);
    }
  });
}

/** storageutil.GetAccessModesAsString */
function accessModes(modes: readonly string[]): string {
  const abbreviations: [string, string][] = [
    ['ReadWriteOnce', 'RWO'],
    ['ReadOnlyMany', 'ROX'],
    ['ReadWriteMany', 'RWX'],
    ['ReadWriteOncePod', 'RWOP'],
  ];
  return abbreviations
    .filter(([mode]) => modes.includes(mode))
    .map(([, short]) => short)
    .join(',');
}

/**
 * printPersistentVolumeClaim for a generic ephemeral volume's claim template (not a full
 * PVC), through a writer nested two levels deep. A template has no status, so a bound
 * volumeName shows Capacity `0` and no access modes.
 */
function printClaimTemplate(w: DescribeWriter, template: ClaimTemplate): void {
  const meta = template.metadata ?? {};
  const spec = template.spec ?? {};
  const storageClass = meta.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? spec.storageClassName ?? '';
  w.write(LEVEL_0, `StorageClass:\t${storageClass}\n`);
  w.write(LEVEL_0, `Volume:\t${str(spec.volumeName)}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  const bound = str(spec.volumeName) !== '';
  w.write(LEVEL_0, `Capacity:\t${bound ? '0' : ''}\n`);
  w.write(LEVEL_0, `Access Modes:\t${bound ? accessModes([]) : ''}\n`);
  if (spec.volumeMode !== undefined) w.write(LEVEL_0, `VolumeMode:\t${spec.volumeMode}\n`);
  if (spec.dataSource) {
    w.write(LEVEL_0, 'DataSource:\n');
    if (spec.dataSource.apiGroup !== undefined) w.write(LEVEL_1, `APIGroup:\t${spec.dataSource.apiGroup}\n`);
    w.write(LEVEL_1, `Kind:\t${str(spec.dataSource.kind)}\n`);
    w.write(LEVEL_1, `Name:\t${str(spec.dataSource.name)}\n`);
  }
}

/** printCSIPersistentVolumeAttributesMultilineIndent: sorted `k=v`, each cut at 140 characters. */
function printVolumeAttributes(w: DescribeWriter, attributes: Record<string, string> | undefined): void {
  w.write(LEVEL_2, 'VolumeAttributes:\t');
  const keys = Object.keys(attributes ?? {}).sort(byString);
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((key, i) => {
    if (i !== 0) {
      w.write(LEVEL_2, '');
      w.write(LEVEL_2, '\t');
    }
    const line = `${key}=${(attributes as Record<string, string>)[key]}`;
    w.write(LEVEL_2, line.length > 140 ? `${line.slice(0, 140)}...\n` : `${line}\n`);
  });
}

/** The printer of a volume's source, tried in describeVolumes' order; false when it has none kubectl knows. */
function printVolumeSource(w: DescribeWriter, v: Volume): boolean {
  if (v.hostPath) {
    printSource(w, 'HostPath (bare host directory volume)', [
      ['Path:', str(v.hostPath.path)],
      ['HostPathType:', v.hostPath.type ?? '<none>'],
    ]);
  } else if (v.emptyDir) {
    printSource(w, "EmptyDir (a temporary directory that shares a pod's lifetime)", [
      ['Medium:', str(v.emptyDir.medium)],
      ['SizeLimit:', sizeLimit(v.emptyDir.sizeLimit)],
    ]);
  } else if (v.gcePersistentDisk) {
    const d = v.gcePersistentDisk;
    printSource(w, 'GCEPersistentDisk (a Persistent Disk resource in Google Compute Engine)', [
      ['PDName:', str(d.pdName)],
      ['FSType:', str(d.fsType)],
      ['Partition:', int(d.partition)],
      ['ReadOnly:', bool(d.readOnly)],
    ]);
  } else if (v.awsElasticBlockStore) {
    const d = v.awsElasticBlockStore;
    printSource(w, 'AWSElasticBlockStore (a Persistent Disk resource in AWS)', [
      ['VolumeID:', str(d.volumeID)],
      ['FSType:', str(d.fsType)],
      ['Partition:', int(d.partition)],
      ['ReadOnly:', bool(d.readOnly)],
    ]);
  } else if (v.gitRepo) {
    printSource(w, 'GitRepo (a volume that is pulled from git when the pod is created)', [
      ['Repository:', str(v.gitRepo.repository)],
      ['Revision:', str(v.gitRepo.revision)],
    ]);
  } else if (v.secret) {
    printSource(w, 'Secret (a volume populated by a Secret)', [
      ['SecretName:', str(v.secret.secretName)],
      ['Optional:', bool(v.secret.optional)],
    ]);
  } else if (v.configMap) {
    printSource(w, 'ConfigMap (a volume populated by a ConfigMap)', [
      ['Name:', str(v.configMap.name)],
      ['Optional:', bool(v.configMap.optional)],
    ]);
  } else if (v.nfs) {
    printSource(w, 'NFS (an NFS mount that lasts the lifetime of a pod)', [
      ['Server:', str(v.nfs.server)],
      ['Path:', str(v.nfs.path)],
      ['ReadOnly:', bool(v.nfs.readOnly)],
    ]);
  } else if (v.iscsi) {
    const d = v.iscsi;
    printSource(w, "ISCSI (an ISCSI Disk resource that is attached to a kubelet's host machine and then exposed to the pod)", [
      ['TargetPortal:', str(d.targetPortal)],
      ['IQN:', str(d.iqn)],
      ['Lun:', int(d.lun)],
      // describe.go's format has no colon after ISCSIInterface
      ['ISCSIInterface', str(d.iscsiInterface)],
      ['FSType:', str(d.fsType)],
      ['ReadOnly:', bool(d.readOnly)],
      ['Portals:', goList(d.portals)],
      ['DiscoveryCHAPAuth:', bool(d.chapAuthDiscovery)],
      ['SessionCHAPAuth:', bool(d.chapAuthSession)],
      ['SecretRef:', secretRef(d.secretRef)],
      ['InitiatorName:', d.initiatorName ?? '<none>'],
    ]);
  } else if (v.glusterfs) {
    printSource(w, "Glusterfs (a Glusterfs mount on the host that shares a pod's lifetime)", [
      ['EndpointsName:', str(v.glusterfs.endpoints)],
      ['Path:', str(v.glusterfs.path)],
      ['ReadOnly:', bool(v.glusterfs.readOnly)],
    ]);
  } else if (v.persistentVolumeClaim) {
    printSource(w, 'PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)', [
      ['ClaimName:', str(v.persistentVolumeClaim.claimName)],
      ['ReadOnly:', bool(v.persistentVolumeClaim.readOnly)],
    ]);
  } else if (v.ephemeral) {
    printSource(w, 'EphemeralVolume (an inline specification for a volume that gets created and deleted with the pod)', []);
    if (v.ephemeral.volumeClaimTemplate) printClaimTemplate(nestedPrefixWriter(w, LEVEL_2), v.ephemeral.volumeClaimTemplate);
  } else if (v.rbd) {
    const d = v.rbd;
    printSource(w, "RBD (a Rados Block Device mount on the host that shares a pod's lifetime)", [
      ['CephMonitors:', goList(d.monitors)],
      ['RBDImage:', str(d.image)],
      ['FSType:', str(d.fsType)],
      ['RBDPool:', str(d.pool)],
      ['RadosUser:', str(d.user)],
      ['Keyring:', str(d.keyring)],
      ['SecretRef:', secretRef(d.secretRef)],
      ['ReadOnly:', bool(d.readOnly)],
    ]);
  } else if (v.quobyte) {
    printSource(w, "Quobyte (a Quobyte mount on the host that shares a pod's lifetime)", [
      ['Registry:', str(v.quobyte.registry)],
      ['Volume:', str(v.quobyte.volume)],
      ['ReadOnly:', bool(v.quobyte.readOnly)],
    ]);
  } else if (v.downwardAPI) {
    w.write(LEVEL_2, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n');
    for (const item of v.downwardAPI.items ?? []) {
      if (item.fieldRef) w.write(LEVEL_3, `${str(item.fieldRef.fieldPath)} -> ${str(item.path)}\n`);
      if (item.resourceFieldRef) w.write(LEVEL_3, `${str(item.resourceFieldRef.resource)} -> ${str(item.path)}\n`);
    }
  } else if (v.azureDisk) {
    // describe.go dereferences these four; the API server defaults them as written here
    const d = v.azureDisk;
    printSource(w, 'AzureDisk (an Azure Data Disk mount on the host and bind mount to the pod)', [
      ['DiskName:', str(d.diskName)],
      ['DiskURI:', str(d.diskURI)],
      ['Kind: ', d.kind ?? 'Shared'],
      ['FSType:', d.fsType ?? 'ext4'],
      ['CachingMode:', d.cachingMode ?? 'ReadWrite'],
      ['ReadOnly:', bool(d.readOnly)],
    ]);
  } else if (v.vsphereVolume) {
    printSource(w, 'vSphereVolume (a Persistent Disk resource in vSphere)', [
      ['VolumePath:', str(v.vsphereVolume.volumePath)],
      ['FSType:', str(v.vsphereVolume.fsType)],
      ['StoragePolicyName:', str(v.vsphereVolume.storagePolicyName)],
    ]);
  } else if (v.cinder) {
    printSource(w, 'Cinder (a Persistent Disk resource in OpenStack)', [
      ['VolumeID:', str(v.cinder.volumeID)],
      ['FSType:', str(v.cinder.fsType)],
      ['ReadOnly:', bool(v.cinder.readOnly)],
      ['SecretRef:', secretRef(v.cinder.secretRef)],
    ]);
  } else if (v.photonPersistentDisk) {
    printSource(w, 'PhotonPersistentDisk (a Persistent Disk resource in photon platform)', [
      ['PdID:', str(v.photonPersistentDisk.pdID)],
      ['FSType:', str(v.photonPersistentDisk.fsType)],
    ]);
  } else if (v.portworxVolume) {
    printSource(w, 'PortworxVolume (a Portworx Volume resource)', [['VolumeID:', str(v.portworxVolume.volumeID)]]);
  } else if (v.scaleIO) {
    const d = v.scaleIO;
    printSource(w, 'ScaleIO (a persistent volume backed by a block device in ScaleIO)', [
      ['Gateway:', str(d.gateway)],
      ['System:', str(d.system)],
      ['Protection Domain:', str(d.protectionDomain)],
      ['Storage Pool:', str(d.storagePool)],
      ['Storage Mode:', str(d.storageMode)],
      ['VolumeName:', str(d.volumeName)],
      ['FSType:', str(d.fsType)],
      ['ReadOnly:', bool(d.readOnly)],
    ]);
  } else if (v.cephfs) {
    const d = v.cephfs;
    printSource(w, "CephFS (a CephFS mount on the host that shares a pod's lifetime)", [
      ['Monitors:', goList(d.monitors)],
      ['Path:', str(d.path)],
      ['User:', str(d.user)],
      ['SecretFile:', str(d.secretFile)],
      ['SecretRef:', secretRef(d.secretRef)],
      ['ReadOnly:', bool(d.readOnly)],
    ]);
  } else if (v.storageos) {
    const d = v.storageos;
    printSource(w, 'StorageOS (a StorageOS Persistent Disk resource)', [
      ['VolumeName:', str(d.volumeName)],
      ['VolumeNamespace:', str(d.volumeNamespace)],
      ['FSType:', str(d.fsType)],
      ['ReadOnly:', bool(d.readOnly)],
    ]);
  } else if (v.fc) {
    printSource(w, 'FC (a Fibre Channel disk)', [
      ['TargetWWNs:', (v.fc.targetWWNs ?? []).join(', ')],
      ['LUN:', v.fc.lun === undefined ? '<none>' : String(v.fc.lun)],
      ['FSType:', str(v.fc.fsType)],
      ['ReadOnly:', bool(v.fc.readOnly)],
    ]);
  } else if (v.azureFile) {
    printSource(w, 'AzureFile (an Azure File Service mount on the host and bind mount to the pod)', [
      ['SecretName:', str(v.azureFile.secretName)],
      ['ShareName:', str(v.azureFile.shareName)],
      ['ReadOnly:', bool(v.azureFile.readOnly)],
    ]);
  } else if (v.flexVolume) {
    const d = v.flexVolume;
    printSource(w, 'FlexVolume (a generic volume resource that is provisioned/attached using an exec based plugin)', [
      ['Driver:', str(d.driver)],
      ['FSType:', str(d.fsType)],
      ['SecretRef:', secretRef(d.secretRef)],
      ['ReadOnly:', bool(d.readOnly)],
      ['Options:', goMap(d.options)],
    ]);
  } else if (v.flocker) {
    printSource(w, 'Flocker (a Flocker volume mounted by the Flocker agent)', [
      ['DatasetName:', str(v.flocker.datasetName)],
      ['DatasetUUID:', str(v.flocker.datasetUUID)],
    ]);
  } else if (v.projected) {
    printProjected(w, v.projected.sources ?? [], str(v.name));
  } else if (v.csi) {
    printSource(w, 'CSI (a Container Storage Interface (CSI) volume source)', [
      ['Driver:', str(v.csi.driver)],
      ['FSType:', str(v.csi.fsType)],
      ['ReadOnly:', bool(v.csi.readOnly)],
    ]);
    printVolumeAttributes(w, v.csi.volumeAttributes);
  } else if (v.image) {
    printSource(w, 'Image (a container image or OCI artifact)', [
      ['Reference:', str(v.image.reference)],
      ['PullPolicy:', str(v.image.pullPolicy)],
    ]);
  } else {
    return false;
  }
  return true;
}

/** describeVolumes: `space` is '' for a Pod and '  ' inside a pod template; the volumes keep spec order. */
export function describeVolumes(w: DescribeWriter, volumes: readonly Volume[] | undefined, space: string): void {
  const list = volumes ?? [];
  if (list.length === 0) {
    w.write(LEVEL_0, `${space}Volumes:\t<none>\n`);
    return;
  }
  w.write(LEVEL_0, `${space}Volumes:\n`);
  for (const v of list) {
    w.write(LEVEL_1, `${space ? ' ' : ''}${str(v.name)}:\n`);
    if (!printVolumeSource(w, v)) w.write(LEVEL_1, '<unknown>\n');
  }
}
