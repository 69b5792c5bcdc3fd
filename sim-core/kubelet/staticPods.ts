// The static Pods of a kubeadm control-plane node and the mirror Pods its kubelet writes
// for them. kubeadm init (and join --control-plane) writes a manifest per component into
// /etc/kubernetes/manifests (cmd/kubeadm/app/phases/controlplane/manifests.go); the kubelet
// runs those containers itself, from the files, with no API server involved — that is how
// the API server can start at all. So that they can be seen, the kubelet then writes a
// *mirror Pod* for each one to the API server (pkg/kubelet/pod/mirror_client.go): a Pod
// object named `<manifest name>-<node>`, annotated kubernetes.io/config.mirror, owned by
// the Node. It is only a record: deleting it stops nothing (the kubelet writes it again),
// and what runs is still the process. Here the processes are the simulation's own
// kube-apiserver, kube-controller-manager and kube-scheduler, and the "container runtime"
// the kubelet asks about them is the kernel's process table (ProcessLife).
// etcd is not among them: the `default` topology's members are an external etcd cluster.
import { MIRROR_POD_ANNOTATION, type Pod, type PodStatus } from '../apiserver';
import type { ProcessLife } from '../kernel';
import { TICKS_PER_SECOND } from '../kernel/clock';
import { tickToMillis, tickToTimestamp } from '../cli/kubectl/clock';
import { formatGoDuration } from '../cli/flags/go-values';
import { imageDigest } from './images';

export type StaticComponent = 'kube-apiserver' | 'kube-controller-manager' | 'kube-scheduler';

const HASH_ANNOTATION = 'kubernetes.io/config.hash';
const SEEN_ANNOTATION = 'kubernetes.io/config.seen';
const SOURCE_ANNOTATION = 'kubernetes.io/config.source';
export const STATIC_POD_NAMESPACE = 'kube-system';
/** scheduling.SystemCriticalPriority + 1000: the built-in system-node-critical PriorityClass */
export const SYSTEM_NODE_CRITICAL_PRIORITY = 2_000_001_000;

/** What a manifest needs to know about the cluster it is written for. */
export interface StaticPodContext {
  nodeName: string;
  /** the node's InternalIP (kube-apiserver advertises it) */
  hostIP: string;
  /** the control-plane's Kubernetes version, `v1.32.x` */
  version: string;
  /** etcd's client URLs (kube-apiserver's --etcd-servers) */
  etcdServers: readonly string[];
  /** the API server's secure port (6443) */
  securePort: number;
}

/** One static Pod a kubelet runs, and the process the simulation runs for it. */
export interface StaticPod {
  component: StaticComponent;
  /** the process's kernel address (`kube-scheduler`, `kube-scheduler@control-plane-2`, …) */
  address: string;
  /** the manifest as kubeadm writes it (no mirror annotations, no nodeName) */
  manifest: Pod;
}

const CPU_REQUESTS: Record<StaticComponent, string> = { 'kube-apiserver': '250m', 'kube-controller-manager': '200m', 'kube-scheduler': '100m' };
const PROBE_PORTS: Record<StaticComponent, number> = { 'kube-apiserver': 6443, 'kube-controller-manager': 10257, 'kube-scheduler': 10259 };
const KUBECONFIG: Record<Exclude<StaticComponent, 'kube-apiserver'>, string> = {
  'kube-controller-manager': '/etc/kubernetes/controller-manager.conf',
  'kube-scheduler': '/etc/kubernetes/scheduler.conf',
};

function commandOf(component: StaticComponent, ctx: StaticPodContext): string[] {
  switch (component) {
    case 'kube-apiserver':
      return [
        'kube-apiserver',
        `--advertise-address=${ctx.hostIP}`,
        '--allow-privileged=true',
        '--authorization-mode=Node,RBAC',
        '--client-ca-file=/etc/kubernetes/pki/ca.crt',
        '--enable-admission-plugins=NodeRestriction',
        '--enable-bootstrap-token-auth=true',
        `--etcd-servers=${ctx.etcdServers.join(',')}`,
        '--kubelet-client-certificate=/etc/kubernetes/pki/apiserver-kubelet-client.crt',
        '--kubelet-client-key=/etc/kubernetes/pki/apiserver-kubelet-client.key',
        '--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname',
        '--proxy-client-cert-file=/etc/kubernetes/pki/front-proxy-client.crt',
        '--proxy-client-key-file=/etc/kubernetes/pki/front-proxy-client.key',
        '--requestheader-allowed-names=front-proxy-client',
        '--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt',
        '--requestheader-extra-headers-prefix=X-Remote-Extra-',
        '--requestheader-group-headers=X-Remote-Group',
        '--requestheader-username-headers=X-Remote-User',
        `--secure-port=${ctx.securePort}`,
        '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
        '--service-account-key-file=/etc/kubernetes/pki/sa.pub',
        '--service-account-signing-key-file=/etc/kubernetes/pki/sa.key',
        '--service-cluster-ip-range=10.96.0.0/12',
        '--tls-cert-file=/etc/kubernetes/pki/apiserver.crt',
        '--tls-private-key-file=/etc/kubernetes/pki/apiserver.key',
      ];
    case 'kube-controller-manager':
      return [
        'kube-controller-manager',
        '--allocate-node-cidrs=true',
        `--authentication-kubeconfig=${KUBECONFIG[component]}`,
        `--authorization-kubeconfig=${KUBECONFIG[component]}`,
        '--bind-address=127.0.0.1',
        '--client-ca-file=/etc/kubernetes/pki/ca.crt',
        '--cluster-cidr=10.244.0.0/16',
        '--cluster-name=kubernetes',
        '--cluster-signing-cert-file=/etc/kubernetes/pki/ca.crt',
        '--cluster-signing-key-file=/etc/kubernetes/pki/ca.key',
        '--controllers=*,bootstrapsigner,tokencleaner',
        `--kubeconfig=${KUBECONFIG[component]}`,
        '--leader-elect=true',
        '--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt',
        '--root-ca-file=/etc/kubernetes/pki/ca.crt',
        '--service-account-private-key-file=/etc/kubernetes/pki/sa.key',
        '--service-cluster-ip-range=10.96.0.0/12',
        '--use-service-account-credentials=true',
      ];
    case 'kube-scheduler':
      return [
        'kube-scheduler',
        `--authentication-kubeconfig=${KUBECONFIG[component]}`,
        `--authorization-kubeconfig=${KUBECONFIG[component]}`,
        '--bind-address=127.0.0.1',
        `--kubeconfig=${KUBECONFIG[component]}`,
        '--leader-elect=true',
      ];
  }
}

/** kubeadm's probes: an HTTPS GET on the component's own port (the API server's on its advertise address). */
function probe(component: StaticComponent, ctx: StaticPodContext, path: string, failureThreshold: number, periodSeconds: number, initialDelaySeconds?: number) {
  const host = component === 'kube-apiserver' ? ctx.hostIP : '127.0.0.1';
  return {
    failureThreshold,
    httpGet: { host, path, port: PROBE_PORTS[component], scheme: 'HTTPS' },
    ...(initialDelaySeconds !== undefined ? { initialDelaySeconds } : {}),
    periodSeconds,
    timeoutSeconds: 15,
  };
}

/**
 * kubeadm's probes (util/staticpod ComponentPod): liveness and startup on /livez, readiness
 * on /readyz — except kube-controller-manager's, which has no readiness probe and whose
 * health path is still /healthz. Startup allows 24 failures (the 4 minutes of
 * ControlPlaneComponentHealthCheck).
 */
function probesOf(component: StaticComponent, ctx: StaticPodContext) {
  const live = component === 'kube-controller-manager' ? '/healthz' : '/livez';
  return {
    livenessProbe: probe(component, ctx, live, 8, 10, 10),
    ...(component === 'kube-controller-manager' ? {} : { readinessProbe: probe(component, ctx, '/readyz', 3, 1) }),
    startupProbe: probe(component, ctx, live, 24, 10, 10),
  };
}

interface HostVolume {
  name: string;
  path: string;
  type: string;
  readOnly: boolean;
}

/**
 * The host paths a component mounts, sorted by name as kubeadm writes them: the
 * certificates, its kubeconfig, and the CA directories a Debian host has (a mount is
 * named after its path).
 */
function volumesOf(component: StaticComponent): HostVolume[] {
  const dir = (name: string, path: string, readOnly = true): HostVolume => ({ name, path, type: 'DirectoryOrCreate', readOnly });
  if (component === 'kube-scheduler') return [{ name: 'kubeconfig', path: KUBECONFIG[component], type: 'FileOrCreate', readOnly: true }];
  const shared = [
    dir('ca-certs', '/etc/ssl/certs'),
    dir('etc-ca-certificates', '/etc/ca-certificates'),
    dir('k8s-certs', '/etc/kubernetes/pki'),
    dir('usr-local-share-ca-certificates', '/usr/local/share/ca-certificates'),
    dir('usr-share-ca-certificates', '/usr/share/ca-certificates'),
  ];
  if (component === 'kube-apiserver') return shared;
  return [
    ...shared,
    dir('flexvolume-dir', '/usr/libexec/kubernetes/kubelet-plugins/volume/exec', false),
    { name: 'kubeconfig', path: KUBECONFIG[component], type: 'FileOrCreate', readOnly: true },
  ].sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The static Pod manifest kubeadm writes for `component` on a control-plane node. */
export function staticPodManifest(component: StaticComponent, ctx: StaticPodContext): Pod {
  const volumes = volumesOf(component);
  const annotations = component === 'kube-apiserver' ? { 'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint': `${ctx.hostIP}:${ctx.securePort}` } : undefined;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: component,
      namespace: STATIC_POD_NAMESPACE,
      labels: { component, tier: 'control-plane' },
      ...(annotations ? { annotations } : {}),
    },
    spec: {
      containers: [
        {
          name: component,
          image: `registry.k8s.io/${component}:${ctx.version}`,
          imagePullPolicy: 'IfNotPresent',
          command: commandOf(component, ctx),
          ...probesOf(component, ctx),
          resources: { requests: { cpu: CPU_REQUESTS[component] } },
          volumeMounts: volumes.map((v) => ({ mountPath: v.path, name: v.name, ...(v.readOnly ? { readOnly: true } : {}) })),
        },
      ],
      hostNetwork: true,
      priority: SYSTEM_NODE_CRITICAL_PRIORITY,
      priorityClassName: 'system-node-critical',
      securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
      volumes: volumes.map((v) => ({ name: v.name, hostPath: { path: v.path, type: v.type } })),
    },
  } as Pod;
}

/** RFC 3339 with nanoseconds, as the kubelet writes config.seen. */
function nanoTime(tick: number): string {
  return tickToTimestamp(tick).replace(/Z$/, `.${String(tickToMillis(tick) % 1000).padStart(3, '0')}000000Z`);
}

/** A stable 32-hex-digit hash of a text (the kubelet's config.hash is an MD5 of the manifest). */
function hex32(text: string): string {
  return imageDigest(text).slice('sha256:'.length, 'sha256:'.length + 32);
}

/** The hash the kubelet names a static Pod by (config.hash, and config.mirror on its mirror). */
export function staticPodHash(manifest: Pod, nodeName: string): string {
  return hex32(`${nodeName}\n${JSON.stringify(manifest)}`);
}

export function isMirrorPod(pod: Pod): boolean {
  return pod.metadata?.annotations?.[MIRROR_POD_ANNOTATION] !== undefined;
}

export function mirrorPodName(component: StaticComponent, nodeName: string): string {
  return `${component}-${nodeName}`;
}

/**
 * The mirror Pod the kubelet creates for a static Pod: the manifest named after the node
 * (config/common.go applyDefaults), bound to it, with the config annotations, the
 * toleration of every NoExecute taint the kubelet gives static Pods, and the Node as its
 * controller owner (so that deleting the Node takes its mirror Pods with it).
 */
export function mirrorPod(s: StaticPod, node: { name: string; uid: string }): Pod {
  const hash = staticPodHash(s.manifest, node.name);
  const meta = s.manifest.metadata ?? {};
  const spec = s.manifest.spec ?? { containers: [] };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: mirrorPodName(s.component, node.name),
      namespace: STATIC_POD_NAMESPACE,
      labels: { ...(meta.labels ?? {}) },
      annotations: {
        ...(meta.annotations ?? {}),
        [HASH_ANNOTATION]: hash,
        [MIRROR_POD_ANNOTATION]: hash,
        // when the kubelet first saw the manifest: at boot, and the same for every mirror Pod written for it since
        [SEEN_ANNOTATION]: nanoTime(0),
        [SOURCE_ANNOTATION]: 'file',
      },
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: node.name, uid: node.uid, controller: true }],
    },
    spec: { ...spec, nodeName: node.name, tolerations: [{ operator: 'Exists', effect: 'NoExecute' }] },
  } as Pod;
}

/** Whether a stored Pod is the mirror of this static Pod as it is now (kubetypes IsMirrorPodOf: same config hash). */
export function isMirrorOf(pod: Pod, s: StaticPod, nodeName: string): boolean {
  return pod.metadata?.annotations?.[MIRROR_POD_ANNOTATION] === staticPodHash(s.manifest, nodeName);
}

/** A container ID for a process's n-th life (stable: no draw from the kubelet's random stream). */
function containerIdOf(address: string, life: number): string {
  return `containerd://${imageDigest(`${address}#${life}`).slice('sha256:'.length)}`;
}

/** Ticks from a container's start to its startup probe's first try (initialDelaySeconds; kubeadm's 10 s), which passes: the process serves at once. */
export function startupProbeTicks(s: StaticPod): number {
  return (s.manifest.spec?.containers?.[0]?.startupProbe?.initialDelaySeconds ?? 0) * TICKS_PER_SECOND;
}

/** Whether a static Pod's process, started again, still waits for its startup probe at `now` (not its first life: the cluster's boot). */
export function startingUp(s: StaticPod, life: ProcessLife, now: number): boolean {
  return life.alive && life.kills > 0 && now < life.startedAt + startupProbeTicks(s);
}

/**
 * The status the kubelet reports for a static Pod: its one container runs while the
 * process is up; a killed process is a terminated container (SIGKILL: exit code 137,
 * Error) until `sim restart` starts it again, which counts as a restart. The Pod shares
 * the node's network, so its IP is the node's. A first life is dated from the node's
 * boot (tick 0): kubeadm starts the static Pods before anything else exists.
 */
/**
 * The status the kubelet reports for a static Pod whose process lives `life`. A life ends
 * killed (exit code 137, SIGKILL) or by its own exit (kube-scheduler and
 * kube-controller-manager exit with 1 when they lose their lease); `crashLoop` is given
 * while the kubelet waits out its back-off before starting a container that exited again
 * (the state is then `waiting: CrashLoopBackOff`, the exit moves to lastState), with the
 * Pod's reference as the kubelet words it (`<name>_<namespace>(<uid>)`).
 * A container started again (after a kill or an exit) is running but neither started nor
 * ready until its startup probe first passes, `initialDelaySeconds` (10 s) in: READY 0/1
 * for those seconds, as on a kubeadm node (`startupProbeTicks`; the readiness probe's own
 * second after that is not modelled). The first life is the cluster's boot: ready from it.
 */
export function staticPodStatus(s: StaticPod, life: ProcessLife, hostIP: string, crashLoop?: { seconds: number; podRef: string }, now = Number.POSITIVE_INFINITY): PodStatus {
  const container = s.manifest.spec?.containers?.[0];
  const name = container?.name ?? s.component;
  const image = container?.image ?? '';
  const boot = tickToTimestamp(0);
  /** life n (0 = the first) began at … */
  const began = (n: number, at: number | undefined) => (n === 0 ? boot : tickToTimestamp(at ?? 0));
  const exitCode = life.exitCode ?? 137;
  const ended = (n: number, startedAt: number | undefined, killedAt: number | undefined) => ({
    terminated: { exitCode, reason: exitCode === 0 ? 'Completed' : 'Error', startedAt: began(n, startedAt), finishedAt: tickToTimestamp(killedAt ?? 0), containerID: containerIdOf(s.address, n) },
  });
  const running = life.alive;
  // up: life number `kills` runs, and the one before ended at the last kill or exit; down: life `kills - 1` ended at it
  const current = running ? life.kills : life.kills - 1;
  const backingOff = !running && crashLoop !== undefined;
  const state = running
    ? { running: { startedAt: began(current, life.startedAt) } }
    : backingOff
      ? { waiting: { reason: 'CrashLoopBackOff', message: `back-off ${formatGoDuration(crashLoop.seconds * 1e9)} restarting failed container=${name} pod=${crashLoop.podRef}` } }
      : ended(current, life.startedAt, life.killedAt);
  const lastState = (running && life.kills > 0) || backingOff ? ended(running ? current - 1 : current, running ? life.startedBefore : life.startedAt, life.killedAt) : {};
  const probing = startingUp(s, life, now);
  const ready = running && !probing;
  // Ready went False when the last life ended, and True again when the new one's startup probe passed
  const changedAt = life.kills === 0 ? boot : tickToTimestamp(ready ? life.startedAt + startupProbeTicks(s) : (life.killedAt ?? 0));
  const notReady = ready ? {} : { reason: 'ContainersNotReady', message: `containers with unready status: [${name}]` };
  return {
    phase: 'Running',
    conditions: [
      { type: 'PodReadyToStartContainers', status: 'True', lastTransitionTime: boot },
      { type: 'Initialized', status: 'True', lastTransitionTime: boot },
      { type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: changedAt, ...notReady },
      { type: 'ContainersReady', status: ready ? 'True' : 'False', lastTransitionTime: changedAt, ...notReady },
      { type: 'PodScheduled', status: 'True', lastTransitionTime: boot },
    ],
    hostIP,
    hostIPs: [{ ip: hostIP }],
    podIP: hostIP,
    podIPs: [{ ip: hostIP }],
    startTime: boot,
    containerStatuses: [
      {
        name,
        state,
        lastState,
        ready,
        restartCount: Math.max(0, current),
        image,
        imageID: `${image.replace(/:[^:/]*$/, '')}@${imageDigest(image)}`,
        containerID: containerIdOf(s.address, current),
        started: ready,
      },
    ],
    qosClass: 'Burstable',
  } as PodStatus;
}
