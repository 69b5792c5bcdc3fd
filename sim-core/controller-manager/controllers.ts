// The controllers kube-controller-manager runs here, built over one SharedInformerFactory
// (cmd/kube-controller-manager/app/controllermanager.go NewControllerDescriptors, at small
// scale). Each gets its own rate-limited work queue and a number of reconciles per tick
// equal to its --concurrent-*-syncs default: the deterministic stand-in for that many
// worker goroutines.
import { API_RESOURCES, type ConfigMap, type Deployment, type EndpointSlice, type Endpoints, type Lease, type Namespace, type Node, type Pod, type ReplicaSet, type Service, type ServiceAccount } from '../apiserver';
import { parseTimestamp, tickToMillis, tickToTimestamp } from '../cli/kubectl/clock';
import { WorkQueue, type ApiClient, type KubeObject } from '../client';
import {
  DeploymentController,
  EndpointSliceController,
  EndpointSliceMirroringController,
  EndpointsController,
  GarbageCollector,
  NAMESPACE_CONTROLLER_WORKERS,
  NamespaceController,
  NodeLifecycleController,
  PodGCController,
  ReplicaSetController,
  RootCACertPublisher,
  ServiceAccountsController,
  TaintEvictionController,
  apiEventRecorder,
  type ControllerContext,
  type ReconcileResult,
} from '../controllers';
import type { Prng } from '../kernel';
import type { SharedInformerFactory } from './informers';

/** One control loop as the host drives it. */
export interface RunningController {
  /** the name kube-controller-manager logs it under */
  readonly name: string;
  readonly queue: WorkQueue;
  /** reconciles per tick (the controller's --concurrent-*-syncs) */
  readonly workers: number;
  reconcile(key: string): ReconcileResult;
  /** work driven by the clock rather than the queue (health monitoring, timed evictions) */
  tick?(now: number): void;
}

/**
 * Resources the garbage collector watches for ownerReferences. The real one watches every
 * deletable resource it discovers; these are the ones that have owners or dependents here
 * — among them Nodes and their Leases in kube-node-lease (the kubelet makes its Node the
 * Lease's owner, so deleting a Node deletes its Lease) — and the kinds a learner may
 * delete with --cascade=orphan or foreground (RBAC objects too), whose finalizer only the
 * collector removes — Namespaces too: `kubectl delete ns --cascade=foreground|orphan` puts
 * the GC's finalizer on the namespace beside its spec.finalizers, and the collector removes
 * it while the namespace controller empties the namespace. An owner of a kind not listed
 * here counts as alive (garbageCollector.ts).
 */
export const GC_RESOURCES = ['deployments', 'replicasets', 'pods', 'services', 'endpoints', 'endpointslices', 'nodes', 'leases', 'configmaps', 'secrets', 'serviceaccounts', 'roles', 'rolebindings', 'clusterroles', 'clusterrolebindings', 'namespaces'] as const;

export function controllerClock(now: () => number): ControllerContext['clock'] {
  return {
    tick: now,
    timestamp: () => tickToTimestamp(now()),
    secondsSince: (ts) => {
      const ms = parseTimestamp(ts);
      return ms === undefined ? Infinity : Math.floor((tickToMillis(now()) - ms) / 1000);
    },
  };
}

export function buildControllers(factory: SharedInformerFactory, api: ApiClient, rng: Prng, now: () => number): RunningController[] {
  const clock = controllerClock(now);
  const ctx = (name: string): ControllerContext => ({ api, queue: new WorkQueue(), prng: rng.child(name), clock });
  // Event names draw from their own stream, so recording an Event never shifts the Pod
  // and ReplicaSet names the controller's stream generates.
  const recorder = (c: ControllerContext, component: string) => apiEventRecorder({ ...c, prng: rng.child(`${component}/events`) }, component);
  const deployments = factory.informerFor<Deployment & KubeObject>('deployments');
  const replicaSets = factory.informerFor<ReplicaSet & KubeObject>('replicasets');
  const pods = factory.informerFor<Pod & KubeObject>('pods');
  const services = factory.informerFor<Service & KubeObject>('services');
  const endpoints = factory.informerFor<Endpoints & KubeObject>('endpoints');
  const endpointSlices = factory.informerFor<EndpointSlice & KubeObject>('endpointslices');
  const nodes = factory.informerFor<Node & KubeObject>('nodes');
  const leases = factory.informerFor<Lease & KubeObject>('leases');

  const dcCtx = ctx('deployment-controller');
  const dc = new DeploymentController({
    deployments: deployments.lister,
    replicaSets: replicaSets.lister,
    pods: pods.lister,
    ctx: dcCtx,
    recorder: recorder(dcCtx, 'deployment-controller'),
  });
  deployments.addEventHandlers(dc.deploymentHandlers);
  replicaSets.addEventHandlers(dc.replicaSetHandlers);
  pods.addEventHandlers(dc.podHandlers);

  const rsCtx = ctx('replicaset-controller');
  const rsc = new ReplicaSetController({ replicaSets: replicaSets.lister, pods: pods.lister, ctx: rsCtx, recorder: recorder(rsCtx, 'replicaset-controller') });
  replicaSets.addEventHandlers(rsc.replicaSetHandlers);
  pods.addEventHandlers(rsc.podHandlers);

  const epCtx = ctx('endpoints-controller');
  const ep = new EndpointsController({ services: services.lister, pods: pods.lister, endpoints: endpoints.lister, ctx: epCtx });
  services.addEventHandlers(ep.serviceHandlers);
  pods.addEventHandlers(ep.podHandlers);

  const esCtx = ctx('endpointslice-controller');
  const es = new EndpointSliceController({ services: services.lister, pods: pods.lister, endpointSlices: endpointSlices.lister, ctx: esCtx });
  services.addEventHandlers(es.serviceHandlers);
  pods.addEventHandlers(es.podHandlers);
  endpointSlices.addEventHandlers(es.endpointSliceHandlers);

  const esmCtx = ctx('endpointslice-mirroring-controller');
  const esm = new EndpointSliceMirroringController({ services: services.lister, endpoints: endpoints.lister, endpointSlices: endpointSlices.lister, ctx: esmCtx });
  services.addEventHandlers(esm.serviceHandlers);
  endpoints.addEventHandlers(esm.endpointsHandlers);
  endpointSlices.addEventHandlers(esm.endpointSliceHandlers);

  const gcCtx = ctx('garbage-collector-controller');
  const listers: Record<string, ReturnType<typeof factory.listerFor>> = {};
  for (const r of GC_RESOURCES) listers[r] = factory.listerFor(r);
  const gc = new GarbageCollector({ listers, ctx: gcCtx });
  for (const r of GC_RESOURCES) factory.informerFor(r).addEventHandlers(gc.handlersFor(r));

  const nlcCtx = ctx('node-lifecycle-controller');
  const nlc = new NodeLifecycleController({ nodes: nodes.lister, leases: leases.lister, pods: pods.lister, ctx: nlcCtx, recorder: apiEventRecorder(nlcCtx, 'node-controller') });
  nodes.addEventHandlers(nlc.nodeHandlers);
  pods.addEventHandlers(nlc.podHandlers);

  const teCtx = ctx('taint-eviction-controller');
  const te = new TaintEvictionController({ nodes: nodes.lister, pods: pods.lister, ctx: teCtx, recorder: apiEventRecorder(teCtx, 'taint-eviction-controller') });
  nodes.addEventHandlers(te.nodeHandlers);
  pods.addEventHandlers(te.podHandlers);

  const saCtx = ctx('serviceaccount-controller');
  const namespaces = factory.informerFor<Namespace & KubeObject>('namespaces');
  const serviceAccounts = factory.informerFor<ServiceAccount & KubeObject>('serviceaccounts');
  const sac = new ServiceAccountsController({ namespaces: namespaces.lister, serviceAccounts: serviceAccounts.lister, ctx: saCtx });
  namespaces.addEventHandlers(sac.namespaceHandlers);
  serviceAccounts.addEventHandlers(sac.serviceAccountHandlers);

  const caCtx = ctx('root-ca-cert-publisher');
  const configMaps = factory.informerFor<ConfigMap & KubeObject>('configmaps');
  const ca = new RootCACertPublisher({ configMaps: configMaps.lister, ctx: caCtx });
  namespaces.addEventHandlers(ca.namespaceHandlers);
  configMaps.addEventHandlers(ca.configMapHandlers);

  // namespace-controller: empties a deleted namespace, then removes its `kubernetes` finalizer.
  // It discovers the namespaced resources the API server serves (apiserver/discovery.ts).
  const nsCtx = ctx('namespace-controller');
  const nsc = new NamespaceController({ namespaces: namespaces.lister, ctx: nsCtx, discoverResources: () => API_RESOURCES.filter((r) => r.namespaced) });
  namespaces.addEventHandlers(nsc.namespaceHandlers);

  // pod-garbage-collector: clock-driven passes over the caches; its queue holds quarantined node names.
  const pgcCtx = ctx('pod-garbage-collector');
  const pgc = new PodGCController({ pods: pods.lister, nodes: nodes.lister, ctx: pgcCtx });

  return [
    { name: 'deployment-controller', queue: dcCtx.queue, workers: 5, reconcile: (k) => dc.reconcile(k) },
    { name: 'replicaset-controller', queue: rsCtx.queue, workers: 5, reconcile: (k) => rsc.reconcile(k) },
    { name: 'endpoints-controller', queue: epCtx.queue, workers: 5, reconcile: (k) => ep.reconcile(k) },
    { name: 'endpointslice-controller', queue: esCtx.queue, workers: 5, reconcile: (k) => es.reconcile(k) },
    { name: 'endpointslice-mirroring-controller', queue: esmCtx.queue, workers: 5, reconcile: (k) => esm.reconcile(k) },
    { name: 'garbage-collector-controller', queue: gcCtx.queue, workers: 20, reconcile: (k) => gc.reconcile(k) },
    { name: 'node-lifecycle-controller', queue: nlcCtx.queue, workers: 8, reconcile: (k) => nlc.reconcile(k), tick: (n) => nlc.tick(n) },
    { name: 'namespace-controller', queue: nsCtx.queue, workers: NAMESPACE_CONTROLLER_WORKERS, reconcile: (k) => nsc.reconcile(k), tick: (n) => nsc.tick(n) },
    { name: 'root-ca-cert-publisher', queue: caCtx.queue, workers: 1, reconcile: (k) => ca.reconcile(k) },
    { name: 'serviceaccount-controller', queue: saCtx.queue, workers: 1, reconcile: (k) => sac.reconcile(k) },
    { name: 'pod-garbage-collector', queue: pgcCtx.queue, workers: 1, reconcile: (k) => pgc.reconcile(k), tick: (n) => pgc.tick(n) },
    { name: 'taint-eviction-controller', queue: teCtx.queue, workers: 8, reconcile: (k) => te.reconcile(k), tick: (n) => te.tick(n) },
  ];
}
