// The Environment, Environment Variables from, Mounts and Volumes sections of `kubectl
// describe pod` and of a Deployment's pod template, against text worked out from describe.go
// (kubectl 1.32): each block of tabbed lines padded to its widest cell plus two, a block
// broken by every line without a tab.
import { describe, expect, it } from 'vitest';
import { describeDeployment, describePod } from '.';
import { deployment, runningPod } from '../testdata/objects';
import type { Container, Pod, PodSpec } from '../../../apiserver';

type Volume = NonNullable<PodSpec['volumes']>[number];

/** A scheduled Pod `web-0` in `default` with one container `app` and no status for it. */
function pod(container: Partial<Container>, volumes?: Volume[]): Pod {
  const base = runningPod('web-0', 0);
  return {
    ...base,
    metadata: { name: 'web-0', namespace: 'default', uid: '3f1c9a2e', labels: { app: 'web' } },
    spec: { nodeName: 'node-1', containers: [{ name: 'app', image: 'nginx:1.27', ...container }], ...(volumes ? { volumes } : {}) },
    status: { phase: 'Running', hostIP: '10.0.0.11', podIP: '10.244.1.5', podIPs: [{ ip: '10.244.1.5' }], qosClass: 'BestEffort' },
  } as Pod;
}

/** The lines of `text` from the first that starts with `from` up to the first after it that starts with `to`. */
function section(text: string, from: string, to: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith(from));
  const end = lines.findIndex((l, i) => i > start && l.startsWith(to));
  expect(start, `no line starting with ${JSON.stringify(from)}`).toBeGreaterThanOrEqual(0);
  expect(end, `no line starting with ${JSON.stringify(to)}`).toBeGreaterThan(start);
  return lines.slice(start, end).join('\n') + '\n';
}

const describeSection = (p: Pod, from: string, to: string): string => section(describePod(p, undefined, 0), from, to);

describe('kubectl describe pod: Environment', () => {
  const app: Partial<Container> = {
    resources: { limits: { memory: '128Mi' }, requests: { cpu: '250m' } },
    envFrom: [{ configMapRef: { name: 'settings' } }, { prefix: 'DB_', secretRef: { name: 'db', optional: true } }],
    env: [
      { name: 'PLAIN', value: 'hello' },
      { name: 'MULTI', value: 'first\nsecond' },
      { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
      { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } } },
      { name: 'POD_IP', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'status.podIP' } } },
      { name: 'NODE_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } },
      { name: 'APP', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: "metadata.labels['app']" } } },
      { name: 'CPU_LIMIT', valueFrom: { resourceFieldRef: { resource: 'limits.cpu' } } },
      { name: 'CPU_MILLI', valueFrom: { resourceFieldRef: { containerName: 'app', resource: 'requests.cpu', divisor: '1m' } } },
      { name: 'CPU_REQUEST', valueFrom: { resourceFieldRef: { resource: 'requests.cpu' } } },
      { name: 'MEM_LIMIT', valueFrom: { resourceFieldRef: { resource: 'limits.memory', divisor: '1Mi' } } },
      { name: 'MEM_REQUEST', valueFrom: { resourceFieldRef: { resource: 'requests.memory' } } },
      { name: 'GPU', valueFrom: { resourceFieldRef: { resource: 'requests.nvidia.com/gpu' } } },
      { name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
      { name: 'LOG_LEVEL', valueFrom: { configMapKeyRef: { name: 'settings', key: 'level', optional: true } } },
    ],
  };

  it('prints envFrom sources, then each env var: value lines, resolved fields, resources and key references', () => {
    // kubectl's scheme converts only metadata.name and metadata.namespace (DefaultMetaV1FieldSelectorConversion),
    // so the other field paths show no value; an unset CPU or memory limit reads "node allocatable"
    expect(describeSection(pod(app), '  app:', 'Volumes:')).toBe(
      [
        '  app:',
        '    Image:      nginx:1.27',
        '    Port:       <none>',
        '    Host Port:  <none>',
        '    Limits:',
        '      memory:  128Mi',
        '    Requests:',
        '      cpu:  250m',
        '    Environment Variables from:',
        '      settings  ConfigMap                 Optional: false',
        "      db        Secret with prefix 'DB_'  Optional: true",
        '    Environment:',
        '      PLAIN:          hello',
        '      MULTI:          first',
        '                      second',
        '      POD_NAME:       web-0 (v1:metadata.name)',
        '      POD_NAMESPACE:  default (v1:metadata.namespace)',
        '      POD_IP:          (v1:status.podIP)',
        '      NODE_NAME:       (v1:spec.nodeName)',
        "      APP:             (v1:metadata.labels['app'])",
        '      CPU_LIMIT:      node allocatable (limits.cpu)',
        '      CPU_MILLI:      250 (requests.cpu)',
        '      CPU_REQUEST:    1 (requests.cpu)',
        '      MEM_LIMIT:      128 (limits.memory)',
        '      MEM_REQUEST:    0 (requests.memory)',
        '      GPU:             (requests.nvidia.com/gpu)',
        "      DB_PASSWORD:    <set to the key 'password' in secret 'db'>         Optional: false",
        "      LOG_LEVEL:      <set to the key 'level' of config map 'settings'>  Optional: true",
        '    Mounts:           <none>',
        '',
      ].join('\n'),
    );
  });

  it('a set CPU limit is divided and rounded up; ephemeral storage and huge pages count whole units', () => {
    // this block runs on to the Pod's Node-Selectors line, whose 15 characters set its width
    const text = describeSection(
      pod({
        resources: { limits: { cpu: '1500m', 'ephemeral-storage': '2Gi', 'hugepages-2Mi': '4Mi' } },
        env: [
          { name: 'CPUS', valueFrom: { resourceFieldRef: { resource: 'limits.cpu' } } },
          { name: 'DISK', valueFrom: { resourceFieldRef: { resource: 'limits.ephemeral-storage', divisor: '1Gi' } } },
          { name: 'NO_DISK', valueFrom: { resourceFieldRef: { resource: 'requests.ephemeral-storage' } } },
          { name: 'PAGES', valueFrom: { resourceFieldRef: { resource: 'limits.hugepages-2Mi', divisor: '2Mi' } } },
        ],
      }),
      '    Environment:',
      '    Mounts:',
    );
    expect(text).toBe(
      [
        '    Environment:',
        '      CPUS:      2 (limits.cpu)',
        '      DISK:      2 (limits.ephemeral-storage)',
        '      NO_DISK:   0 (requests.ephemeral-storage)',
        '      PAGES:     2 (limits.hugepages-2Mi)',
        '',
      ].join('\n'),
    );
  });

  it('a pod template has no Pod to read a field from, so even metadata.name shows no value', () => {
    const d = deployment(0);
    const spec = d.spec as NonNullable<typeof d.spec>;
    spec.template = {
      metadata: { labels: { app: 'web' } },
      spec: {
        containers: [
          {
            name: 'nginx',
            image: 'nginx:1.27',
            env: [{ name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } }],
            volumeMounts: [{ name: 'config', mountPath: '/etc/nginx/conf.d', readOnly: true }],
          },
        ],
        volumes: [{ name: 'config', configMap: { name: 'nginx-conf' } }],
      },
    };
    const text = describeDeployment(d, undefined, undefined, 0);
    expect(text.slice(text.indexOf('  Containers:'))).toBe(
      [
        '  Containers:',
        '   nginx:',
        '    Image:      nginx:1.27',
        '    Port:       <none>',
        '    Host Port:  <none>',
        '    Environment:',
        '      POD_NAME:   (v1:metadata.name)',
        '    Mounts:',
        '      /etc/nginx/conf.d from config (ro)',
        '  Volumes:',
        '   config:',
        '    Type:          ConfigMap (a volume populated by a ConfigMap)',
        '    Name:          nginx-conf',
        '    Optional:      false',
        '  Node-Selectors:  <none>',
        '  Tolerations:     <none>',
        '',
      ].join('\n'),
    );
  });
});

describe('kubectl describe pod: Mounts', () => {
  it('sorts mounts by path, says ro or rw, and quotes a subPath as Go’s %q does', () => {
    const text = describeSection(
      pod({
        volumeMounts: [
          { name: 'data', mountPath: '/var/lib/data' },
          { name: 'config', mountPath: '/etc/app', readOnly: true, subPath: 'app.conf' },
          { name: 'odd', mountPath: '/x', subPath: 'a\u0001b' },
          { name: 'tmp', mountPath: '/tmp', subPathExpr: '$(POD_NAME)' },
        ],
      }),
      '    Mounts:',
      'Volumes:',
    );
    expect(text).toBe(
      ['    Mounts:', '      /etc/app from config (ro,path="app.conf")', '      /tmp from tmp (rw)', '      /var/lib/data from data (rw)', '      /x from odd (rw,path="a\\x01b")', ''].join('\n'),
    );
  });

  it('lists block devices sorted by path, under a Devices title that repeats the mounts’ <none>', () => {
    const text = describeSection(
      pod({
        volumeDevices: [
          { name: 'scratch', devicePath: '/dev/xvdc' },
          { name: 'disk', devicePath: '/dev/xvdb' },
        ],
      }),
      '    Mounts:',
      'Volumes:',
    );
    expect(text).toBe(['    Mounts:       <none>', '    Devices:      <none>', '      /dev/xvdb from disk', '      /dev/xvdc from scratch', ''].join('\n'));
  });
});

describe('kubectl describe pod: Volumes', () => {
  it('prints the ServiceAccount admission’s projected token volume as a real cluster shows it', () => {
    const p = pod(
      { volumeMounts: [{ name: 'kube-api-access-5x7rq', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true }] },
      [
        {
          name: 'kube-api-access-5x7rq',
          projected: {
            defaultMode: 420,
            sources: [
              { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
              { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
              { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
            ],
          },
        },
      ],
    );
    p.spec = {
      ...p.spec,
      tolerations: [
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      ],
    };
    const text = describePod(p, undefined, 0);
    expect(section(text, '    Mounts:', 'Volumes:')).toBe('    Mounts:\n      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-5x7rq (ro)\n');
    expect(text.slice(text.indexOf('Volumes:'))).toBe(
      [
        'Volumes:',
        '  kube-api-access-5x7rq:',
        '    Type:                    Projected (a volume that contains injected data from multiple sources)',
        '    TokenExpirationSeconds:  3607',
        '    ConfigMapName:           kube-root-ca.crt',
        '    ConfigMapOptional:       <nil>',
        '    DownwardAPI:             true',
        'QoS Class:                   BestEffort',
        'Node-Selectors:              <none>',
        'Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s',
        '                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s',
        '',
      ].join('\n'),
    );
  });

  it('a projected Secret, and an optional that is set, print Go’s %v of a *bool: a pointer', () => {
    const text = describeSection(
      pod({}, [{ name: 'bundle', projected: { sources: [{ secret: { name: 'creds', optional: false } }, { configMap: { name: 'settings', optional: true } }] } }]),
      'Volumes:',
      'QoS Class:',
    );
    const lines = text.split('\n');
    expect(lines.slice(0, 4)).toEqual(['Volumes:', '  bundle:', '    Type:                Projected (a volume that contains injected data from multiple sources)', '    SecretName:          creds']);
    expect(lines[4]).toMatch(/^ {4}SecretOptionalName: {2}0xc000[0-9a-f]{6}$/);
    expect(lines[5]).toBe('    ConfigMapName:       settings');
    expect(lines[6]).toMatch(/^ {4}ConfigMapOptional: {3}0xc000[0-9a-f]{6}$/);
  });

  it('prints every source type in spec order, each with its fields; a volume with no source is <unknown>', () => {
    const volumes: Volume[] = [
      { name: 'scratch', emptyDir: {} },
      { name: 'cache', emptyDir: { medium: 'Memory', sizeLimit: '1024Mi' } },
      { name: 'logs', hostPath: { path: '/var/log', type: 'Directory' } },
      { name: 'tls', secret: { secretName: 'tls', defaultMode: 420 } },
      { name: 'settings', configMap: { name: 'settings', optional: true } },
      { name: 'data', persistentVolumeClaim: { claimName: 'data', readOnly: true } },
      { name: 'exports', nfs: { server: 'nfs.local', path: '/exports' } },
      {
        name: 'podinfo',
        downwardAPI: {
          items: [
            { path: 'labels', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.labels' } },
            { path: 'cpu', resourceFieldRef: { containerName: 'app', resource: 'limits.cpu' } },
          ],
        },
      },
      { name: 'secrets-store', csi: { driver: 'secrets-store.csi.k8s.io', readOnly: true, volumeAttributes: { secretProviderClass: 'vault', b: 'x' } } },
      { name: 'tools', image: { reference: 'quay.io/x/y:1', pullPolicy: 'IfNotPresent' } },
      {
        name: 'scratch-claim',
        ephemeral: {
          volumeClaimTemplate: {
            metadata: { labels: { type: 'scratch' } },
            spec: { accessModes: ['ReadWriteOnce'], storageClassName: 'fast', resources: { requests: { storage: '1Gi' } }, volumeMode: 'Filesystem' },
          },
        },
      },
      { name: 'ceph', rbd: { monitors: ['10.0.0.1:6789', '10.0.0.2:6789'], image: 'disk', pool: 'rbd', user: 'admin', keyring: '/etc/ceph/keyring', secretRef: { name: 'ceph-secret' } } },
      { name: 'flex', flexVolume: { driver: 'example.com/lvm', options: { size: '1G', b: '2' } } },
      { name: 'mystery' },
    ];
    expect(describeSection(pod({}, volumes), 'Volumes:', 'QoS Class:')).toBe(
      [
        'Volumes:',
        '  scratch:',
        "    Type:       EmptyDir (a temporary directory that shares a pod's lifetime)",
        '    Medium:     ',
        '    SizeLimit:  <unset>',
        '  cache:',
        "    Type:       EmptyDir (a temporary directory that shares a pod's lifetime)",
        '    Medium:     Memory',
        '    SizeLimit:  1Gi',
        '  logs:',
        '    Type:          HostPath (bare host directory volume)',
        '    Path:          /var/log',
        '    HostPathType:  Directory',
        '  tls:',
        '    Type:        Secret (a volume populated by a Secret)',
        '    SecretName:  tls',
        '    Optional:    false',
        '  settings:',
        '    Type:      ConfigMap (a volume populated by a ConfigMap)',
        '    Name:      settings',
        '    Optional:  true',
        '  data:',
        '    Type:       PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)',
        '    ClaimName:  data',
        '    ReadOnly:   true',
        '  exports:',
        '    Type:      NFS (an NFS mount that lasts the lifetime of a pod)',
        '    Server:    nfs.local',
        '    Path:      /exports',
        '    ReadOnly:  false',
        '  podinfo:',
        '    Type:  DownwardAPI (a volume populated by information about the pod)',
        '    Items:',
        '      metadata.labels -> labels',
        '      limits.cpu -> cpu',
        '  secrets-store:',
        '    Type:              CSI (a Container Storage Interface (CSI) volume source)',
        '    Driver:            secrets-store.csi.k8s.io',
        '    FSType:            ',
        '    ReadOnly:          true',
        '    VolumeAttributes:      b=x',
        '                           secretProviderClass=vault',
        '  tools:',
        '    Type:        Image (a container image or OCI artifact)',
        '    Reference:   quay.io/x/y:1',
        '    PullPolicy:  IfNotPresent',
        '  scratch-claim:',
        '    Type:          EphemeralVolume (an inline specification for a volume that gets created and deleted with the pod)',
        '    StorageClass:  fast',
        '    Volume:        ',
        // printPersistentVolumeClaim goes through a nested writer, which indents a label and <none> too
        '    Labels:            type=scratch',
        '    Annotations:       <none>',
        '    Capacity:      ',
        '    Access Modes:  ',
        '    VolumeMode:    Filesystem',
        '  ceph:',
        "    Type:          RBD (a Rados Block Device mount on the host that shares a pod's lifetime)",
        '    CephMonitors:  [10.0.0.1:6789 10.0.0.2:6789]',
        '    RBDImage:      disk',
        '    FSType:        ',
        '    RBDPool:       rbd',
        '    RadosUser:     admin',
        '    Keyring:       /etc/ceph/keyring',
        '    SecretRef:     &{ceph-secret}',
        '    ReadOnly:      false',
        '  flex:',
        '    Type:       FlexVolume (a generic volume resource that is provisioned/attached using an exec based plugin)',
        '    Driver:     example.com/lvm',
        '    FSType:     ',
        '    SecretRef:  <nil>',
        '    ReadOnly:   false',
        '    Options:    map[b:2 size:1G]',
        '  mystery:',
        '  <unknown>',
        '',
      ].join('\n'),
    );
  });

  it('a hostPath without a type says <none>; an ephemeral claim bound to a volume shows Capacity 0 and its data source', () => {
    const text = describeSection(
      pod({}, [
        { name: 'logs', hostPath: { path: '/var/log' } },
        {
          name: 'restored',
          ephemeral: {
            volumeClaimTemplate: {
              metadata: { annotations: { 'volume.beta.kubernetes.io/storage-class': 'legacy' } },
              spec: { storageClassName: 'fast', volumeName: 'pv-1', dataSource: { apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'snap' } },
            },
          },
        },
        { name: 'mystery' },
      ]),
      'Volumes:',
      'QoS Class:',
    );
    expect(text).toBe(
      [
        'Volumes:',
        '  logs:',
        '    Type:          HostPath (bare host directory volume)',
        '    Path:          /var/log',
        '    HostPathType:  <none>',
        '  restored:',
        '    Type:          EphemeralVolume (an inline specification for a volume that gets created and deleted with the pod)',
        '    StorageClass:  legacy',
        '    Volume:        pv-1',
        '    Labels:            <none>',
        '    Annotations:       volume.beta.kubernetes.io/storage-class: legacy',
        '    Capacity:      0',
        '    Access Modes:  ',
        '    DataSource:',
        '      APIGroup:  snapshot.storage.k8s.io',
        '      Kind:      VolumeSnapshot',
        '      Name:      snap',
        '  mystery:',
        '  <unknown>',
        '',
      ].join('\n'),
    );
  });
});
