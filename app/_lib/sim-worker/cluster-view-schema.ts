// The cluster view's wire shape (what the worker posts and the page validates), apart
// from describeCluster so the page's bundle does not pull in sim-core's printers.
import { z } from 'zod';

const name = z.string().min(1).max(253);
const int0 = z.number().int().min(0);

export const ownerSchema = z.object({ kind: z.string().max(64), name });

export const podViewSchema = z.object({
  namespace: name,
  name,
  /** spec.nodeName; absent while the scheduler has not bound it */
  node: name.optional(),
  /** status.phase (Pending, Running, Succeeded, Failed, Unknown) */
  phase: z.string().max(32),
  /** the STATUS column of `kubectl get pods` (ContainerCreating, CrashLoopBackOff, Terminating …) */
  status: z.string().max(64),
  /** the READY column: ready containers / containers */
  ready: z.string().max(16),
  restarts: int0,
  podIP: z.string().max(64).optional(),
  images: z.array(z.string().max(256)).max(32),
  /** the controller ownerReference (a ReplicaSet for a Deployment's Pods) */
  owner: ownerSchema.optional(),
  /** the Deployment that owns the owning ReplicaSet, when there is one */
  deployment: name.optional(),
  resourceVersion: z.string().max(32),
  /** a mirror Pod (annotated kubernetes.io/config.mirror): a kubelet's record of a static Pod it runs from a file */
  mirror: z.literal(true).optional(),
});
export type PodView = z.infer<typeof podViewSchema>;

/** up: the kernel runs it; down: killed; absent: this cluster has no such process (yet). */
export const liveness = z.enum(['up', 'down', 'absent']);
export type Liveness = z.infer<typeof liveness>;

export const controlPlaneComponents = ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler'] as const;

export const processViewSchema = z.object({
  /** the process's address: the component's name, or e.g. `kube-controller-manager@control-plane-2` (an HA control plane's other nodes) or `kube-controller-manager-2` for a standby */
  name: z.string().regex(/^kube-(apiserver|controller-manager|scheduler)([-@][a-z0-9-]+)?$/),
  component: z.enum(controlPlaneComponents),
  state: liveness,
  /**
   * Whether it holds its component's leader-election Lease (kube-system/<component>).
   * Absent for the API server, which does not elect a leader.
   */
  leader: z.enum(['holder', 'not-holder', 'no-lease']).optional(),
  holderIdentity: z.string().max(253).optional(),
});
export type ProcessView = z.infer<typeof processViewSchema>;

export const etcdSummarySchema = z.object({
  members: z.array(z.object({ name, role: z.string().max(16), up: z.boolean() })).max(7),
  /** members up / members; a quorum is (N/2)+1 of them */
  up: int0,
  total: int0,
  leader: name.optional(),
  revision: int0,
});

export const nodeViewSchema = z.object({
  name,
  roles: z.array(z.string().max(63)).max(8),
  /** the Ready condition's status ('Unknown' when there is none) */
  ready: z.enum(['True', 'False', 'Unknown']),
  /** the STATUS column of `kubectl get nodes` (Ready, NotReady,SchedulingDisabled …) */
  status: z.string().max(64),
  taints: z.array(z.string().max(320)).max(32),
  unschedulable: z.boolean(),
  kubelet: liveness,
  pods: z.array(podViewSchema),
});
export type NodeView = z.infer<typeof nodeViewSchema>;

export const replicaSetSummarySchema = z.object({ name, desired: int0, ready: int0, pods: z.array(name) });
export const deploymentSummarySchema = z.object({
  namespace: name,
  name,
  desired: int0,
  ready: int0,
  upToDate: int0,
  replicaSets: z.array(replicaSetSummarySchema),
});
export type DeploymentSummary = z.infer<typeof deploymentSummarySchema>;

export const serviceSummarySchema = z.object({
  namespace: name,
  name,
  type: z.string().max(32),
  clusterIP: z.string().max(64),
  readyEndpoints: int0,
  notReadyEndpoints: int0,
});
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;

/** Most Pods the view carries (a 1,000-replica lab still fits a frame). */
export const MAX_VIEW_PODS = 500;

export const clusterViewSchema = z.object({
  tick: int0,
  controlPlane: z.array(processViewSchema).max(16),
  etcd: etcdSummarySchema,
  nodes: z.array(nodeViewSchema).max(101),
  /** Pods with no spec.nodeName: the scheduler has not placed them */
  unscheduled: z.array(podViewSchema),
  deployments: z.array(deploymentSummarySchema),
  services: z.array(serviceSummarySchema),
  /** Pods left out beyond MAX_VIEW_PODS */
  podsOmitted: int0,
});
export type ClusterView = z.infer<typeof clusterViewSchema>;
