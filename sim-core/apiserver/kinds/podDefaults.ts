// Defaulting of PodSpec and its containers as kubernetes/pkg/apis/core/v1/defaults.go does
// it (SetDefaults_PodSpec, SetDefaults_Container, SetDefaults_ContainerPort, SetDefaults_Probe),
// plus what admission adds to a Pod (not to a template): ServiceAccount (serviceAccountName
// `default`), Priority (priority 0, preemptionPolicy) and DefaultTolerationSeconds (the
// not-ready/unreachable NoExecute tolerations with tolerationSeconds 300).
import type { Container, EnvVar, PodSpec, PodTemplateSpec, Probe, Toleration, Volume } from './podSpec';

/** `nginx`, `nginx:latest` → Always; any other tag or a digest → IfNotPresent. */
export function defaultImagePullPolicy(image: string): 'Always' | 'IfNotPresent' {
  if (image.includes('@')) return 'IfNotPresent';
  const lastSegment = image.slice(image.lastIndexOf('/') + 1);
  const colon = lastSegment.lastIndexOf(':');
  const tag = colon === -1 ? '' : lastSegment.slice(colon + 1);
  return tag === '' || tag === 'latest' ? 'Always' : 'IfNotPresent';
}

/** SetDefaults_HTTPGetAction: path `/`, scheme HTTP (probes and lifecycle hooks alike). */
function defaultHttpGet<H extends { httpGet?: Probe['httpGet'] }>(handler: H): H {
  return handler.httpGet ? { ...handler, httpGet: { ...handler.httpGet, path: handler.httpGet.path || '/', scheme: handler.httpGet.scheme || 'HTTP' } } : handler;
}

function defaultProbe(probe: Probe): Probe {
  const p: Probe = defaultHttpGet({ ...probe });
  // GRPCAction.service is `+default=""` (a declarative default)
  if (p.grpc) p.grpc = { ...p.grpc, service: p.grpc.service ?? '' };
  // SetDefaults_Probe replaces zero values, not only missing ones
  p.timeoutSeconds ||= 1;
  p.periodSeconds ||= 10;
  p.successThreshold ||= 1;
  p.failureThreshold ||= 3;
  return p;
}

/** SetDefaults_ObjectFieldSelector: a fieldRef names apiVersion v1. */
function defaultFieldRef<T extends { fieldRef?: { apiVersion?: string; fieldPath?: string } }>(x: T): T {
  return x.fieldRef && !x.fieldRef.apiVersion ? { ...x, fieldRef: { ...x.fieldRef, apiVersion: 'v1' } } : x;
}

function defaultEnvVar(e: EnvVar): EnvVar {
  return e.valueFrom?.fieldRef ? { ...e, valueFrom: defaultFieldRef(e.valueFrom) } : e;
}

/** Mode 0644, what SecretVolumeSourceDefaultMode and its ConfigMap, DownwardAPI and Projected twins are. */
const DEFAULT_MODE = 0o644;

type Items = Array<{ fieldRef?: { apiVersion?: string; fieldPath?: string } }>;
const withFieldRefs = <T extends { items?: Items }>(x: T): T => (x.items ? { ...x, items: x.items.map(defaultFieldRef) } : x);

/**
 * The defaults of a Volume's source (SetDefaults_Volume: a volume with no source is an
 * emptyDir; the Secret, ConfigMap, DownwardAPI and Projected defaultMode 0644; a projected
 * token's hour; hostPath's unset type; the legacy sources' own defaults), what every object
 * that carries a PodSpec gets.
 */
function defaultVolume(v: Volume): Volume {
  const { name: _name, ...source } = v;
  if (Object.keys(source).length === 0) return { ...v, emptyDir: {} };
  const out: Volume = { ...v };
  if (out.hostPath) out.hostPath = { ...out.hostPath, type: out.hostPath.type ?? '' };
  if (out.secret) out.secret = { ...out.secret, defaultMode: out.secret.defaultMode ?? DEFAULT_MODE };
  if (out.configMap) out.configMap = { ...out.configMap, defaultMode: out.configMap.defaultMode ?? DEFAULT_MODE };
  if (out.downwardAPI) out.downwardAPI = withFieldRefs({ ...out.downwardAPI, defaultMode: out.downwardAPI.defaultMode ?? DEFAULT_MODE });
  if (out.projected) {
    const sources = out.projected.sources?.map((src) => {
      let s = src;
      if (s.serviceAccountToken) s = { ...s, serviceAccountToken: { ...s.serviceAccountToken, expirationSeconds: s.serviceAccountToken.expirationSeconds ?? 3600 } };
      if (s.downwardAPI) s = { ...s, downwardAPI: withFieldRefs(s.downwardAPI) };
      return s;
    });
    out.projected = { ...out.projected, ...(sources ? { sources } : {}), defaultMode: out.projected.defaultMode ?? DEFAULT_MODE };
  }
  if (out.iscsi) out.iscsi = { ...out.iscsi, iscsiInterface: out.iscsi.iscsiInterface || 'default' };
  if (out.rbd) out.rbd = { ...out.rbd, pool: out.rbd.pool || 'rbd', user: out.rbd.user || 'admin', keyring: out.rbd.keyring || '/etc/ceph/keyring' };
  if (out.azureDisk) out.azureDisk = { cachingMode: 'ReadWrite', fsType: 'ext4', readOnly: false, kind: 'Shared', ...out.azureDisk };
  if (out.scaleIO) out.scaleIO = { ...out.scaleIO, storageMode: out.scaleIO.storageMode || 'ThinProvisioned', fsType: out.scaleIO.fsType || 'xfs' };
  const claim = out.ephemeral?.volumeClaimTemplate;
  if (claim?.spec) out.ephemeral = { ...out.ephemeral, volumeClaimTemplate: { ...claim, spec: { ...claim.spec, volumeMode: claim.spec.volumeMode ?? 'Filesystem' } } };
  return out;
}

export function defaultContainer(c: Container): Container {
  const out: Container = { ...c };
  if (out.env) out.env = out.env.map(defaultEnvVar);
  if (out.ports) out.ports = out.ports.map((p) => ({ ...p, protocol: p.protocol ?? 'TCP' }));
  out.resources = { ...(out.resources ?? {}) };
  // Assign only probes that exist: deleting keys would push the object into V8's slow mode.
  if (out.livenessProbe) out.livenessProbe = defaultProbe(out.livenessProbe);
  if (out.readinessProbe) out.readinessProbe = defaultProbe(out.readinessProbe);
  if (out.startupProbe) out.startupProbe = defaultProbe(out.startupProbe);
  if (out.lifecycle) {
    const { postStart, preStop } = out.lifecycle;
    out.lifecycle = { ...out.lifecycle, ...(postStart ? { postStart: defaultHttpGet(postStart) } : {}), ...(preStop ? { preStop: defaultHttpGet(preStop) } : {}) };
  }
  out.terminationMessagePath ??= '/dev/termination-log';
  out.terminationMessagePolicy ??= 'File';
  out.imagePullPolicy ??= defaultImagePullPolicy(out.image ?? '');
  return out;
}

export function defaultPodSpec(spec: PodSpec | undefined): PodSpec {
  const out: PodSpec = { ...(spec ?? {}) };
  out.containers = (out.containers ?? []).map(defaultContainer);
  if (out.initContainers) out.initContainers = out.initContainers.map(defaultContainer);
  if (out.volumes) out.volumes = out.volumes.map(defaultVolume);
  out.restartPolicy ??= 'Always';
  out.terminationGracePeriodSeconds ??= 30;
  out.dnsPolicy ??= 'ClusterFirst';
  out.securityContext ??= {};
  out.schedulerName ??= 'default-scheduler';
  aliasServiceAccount(out, out.serviceAccountName || out.serviceAccount || '');
  return out;
}

/**
 * pkg/apis/core/v1/conversion.go: the deprecated serviceAccount is an alias of
 * serviceAccountName. Decoding takes it only when serviceAccountName is empty (the new
 * field wins); encoding writes serviceAccountName back into it, so the two always agree
 * and both are omitted when empty.
 */
export function aliasServiceAccount(spec: PodSpec, account: string): void {
  if (account === '') {
    delete spec.serviceAccountName;
    delete spec.serviceAccount;
  } else {
    spec.serviceAccountName = account;
    spec.serviceAccount = account;
  }
}

/**
 * A template's metadata is an ObjectMeta whose creationTimestamp nobody sets: Go encodes the
 * zero metav1.Time as null (omitempty does not omit a struct), so a 1.32 API server stores
 * and answers `creationTimestamp: null` in every Pod template, and learners see it in
 * `kubectl get deploy -o yaml`.
 */
export function defaultPodTemplateSpec(template: PodTemplateSpec | undefined): PodTemplateSpec {
  const t = template ?? {};
  const metadata = t.metadata ?? {};
  const withTime = 'creationTimestamp' in metadata ? { ...metadata } : ({ creationTimestamp: null, ...metadata } as unknown as typeof metadata);
  return { ...t, metadata: withTime, spec: defaultPodSpec(t.spec) };
}

/** DefaultTolerationSeconds admission: 300 s before a Pod is evicted from a failed node. */
export const DEFAULT_TOLERATION_SECONDS = 300;

function addDefaultToleration(tolerations: Toleration[], key: string): void {
  // Any toleration with this key (or no key) and effect NoExecute (or none) already covers it.
  const present = tolerations.some(
    (t) => ((t.key ?? '') === key || (t.key ?? '') === '') && ((t.effect ?? '') === 'NoExecute' || (t.effect ?? '') === ''),
  );
  if (!present) {
    tolerations.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_TOLERATION_SECONDS });
  }
}

/**
 * SetDefaults_Pod: a limit without a request makes the request equal to the limit — on a
 * Pod only, never on a Pod template ("we only want this defaulting semantic to take place
 * on a v1.Pod and not a v1.PodTemplate"): a Deployment keeps what it was given.
 */
function defaultRequestsToLimits(c: Container): Container {
  const limits = c.resources?.limits;
  if (!limits) return c;
  const requests = { ...(c.resources?.requests ?? {}) };
  for (const [name, q] of Object.entries(limits)) if (!(name in requests)) requests[name] = q;
  return { ...c, resources: { ...c.resources, requests } };
}

/**
 * Everything a Pod gets on create and on update: PodSpec defaults, SetDefaults_Pod's, and
 * what the Priority and DefaultTolerationSeconds admission plugins add (both run on
 * updates too; Priority keeps the stored priority, which is always these defaults here).
 * The ServiceAccount plugin runs on create only: serviceAccountAdmission.ts names the
 * `default` ServiceAccount there.
 */
export function defaultPodSpecForPod(spec: PodSpec | undefined): PodSpec {
  const out = defaultPodSpec(spec);
  out.containers = (out.containers ?? []).map(defaultRequestsToLimits);
  if (out.initContainers) out.initContainers = out.initContainers.map(defaultRequestsToLimits);
  out.enableServiceLinks ??= true;
  out.priority ??= 0;
  out.preemptionPolicy ??= 'PreemptLowerPriority';
  const tolerations = [...(out.tolerations ?? [])];
  addDefaultToleration(tolerations, 'node.kubernetes.io/not-ready');
  addDefaultToleration(tolerations, 'node.kubernetes.io/unreachable');
  out.tolerations = tolerations;
  return out;
}
