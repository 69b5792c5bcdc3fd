// kube-proxy on one node over the ApiClient: informers on Services and EndpointSlices, the
// rule table rebuilt after a change (its syncProxyRules), and curl through it. Where the
// answer comes from: a BackendLookup the cluster provides (the kubelets know what runs
// on each Pod IP); without one, kube-proxy's own Pod informer stands in, trusting a
// Running Pod's image to listen on its usual ports. (The real kube-proxy watches no Pods:
// in a real cluster the packet itself finds out.)
import type { EndpointSlice, Pod, Service } from '../apiserver';
import { Informer, type ApiClient, type KubeObject } from '../client';
import type { Prng } from '../kernel';
import { behaviourOf } from '../kubelet/behaviour';
import { lookupImage } from '../kubelet/images';
import { curl, type BackendLookup } from './curl';
import type { CurlOutcome } from './responses';
import { buildRuleTable, type EndpointTarget, type ServiceRule } from './rules';

export interface KubeProxyOptions {
  nodeName: string;
  backends?: BackendLookup;
}

export class KubeProxy {
  readonly nodeName: string;
  readonly services: Informer<Service & KubeObject>;
  readonly endpointSlices: Informer<EndpointSlice & KubeObject>;
  private readonly pods: Informer<Pod & KubeObject> | undefined;
  private readonly backends: BackendLookup;
  private table: ServiceRule[] = [];
  private dirty = true;
  /** how many times the table was rebuilt (syncProxyRules runs) */
  syncCount = 0;

  constructor(
    api: ApiClient,
    private readonly rng: Prng,
    options: KubeProxyOptions,
  ) {
    this.nodeName = options.nodeName;
    this.services = new Informer(api, { resource: 'services' });
    this.endpointSlices = new Informer(api, { resource: 'endpointslices' });
    const mark = { onAdd: () => (this.dirty = true), onUpdate: () => (this.dirty = true), onDelete: () => (this.dirty = true) };
    this.services.addEventHandlers(mark);
    this.endpointSlices.addEventHandlers(mark);
    if (options.backends) {
      this.backends = options.backends;
    } else {
      const pods = new Informer<Pod & KubeObject>(api, { resource: 'pods' });
      this.pods = pods;
      this.backends = (ip) => podBackend(pods.lister.list(), ip);
    }
  }

  start(now: number): void {
    this.services.run(now);
    this.endpointSlices.run(now);
    this.pods?.run(now);
  }

  tick(now: number): void {
    this.services.tick(now);
    this.endpointSlices.tick(now);
    this.pods?.tick(now);
    this.sync();
  }

  /** Whether an informer is not following its watch (listing, or waiting to list or watch again). */
  hasPendingWork(): boolean {
    return this.services.hasPendingWork() || this.endpointSlices.hasPendingWork() || (this.pods?.hasPendingWork() ?? false);
  }

  /** Rebuild the table if a Service or EndpointSlice changed; returns whether it did. */
  sync(): boolean {
    if (!this.dirty || !this.services.hasSynced() || !this.endpointSlices.hasSynced()) return false;
    this.dirty = false;
    this.table = buildRuleTable(this.services.lister.list(), this.endpointSlices.lister.list());
    this.syncCount++;
    return true;
  }

  rules(): readonly ServiceRule[] {
    return this.table;
  }

  /** `client`: the address the request leaves from (see curl.ts). */
  curl(target: string, port?: number, client?: string): CurlOutcome & { endpoint?: EndpointTarget } {
    this.sync();
    return curl(this.table, target, this.rng, this.backends, port, client);
  }
}

/** A Running Pod with this IP, listening where its image (and command) would. */
export function podBackend(pods: readonly Pod[], ip: string): { image: string; listens: number[] } | undefined {
  const pod = pods.find((p) => p.status?.podIP === ip && p.status.phase === 'Running');
  if (!pod) return undefined;
  const listens: number[] = [];
  let image = '';
  for (const c of pod.spec?.containers ?? []) {
    const found = lookupImage(c.image ?? '');
    const running = (pod.status?.containerStatuses ?? []).some((s) => s.name === c.name && s.state?.running);
    if (!found.ok || !running) continue;
    const ports = behaviourOf(c, found.image).listens;
    if (ports.length > 0 && image === '') image = c.image ?? '';
    listens.push(...ports);
  }
  return { image: image || (pod.spec?.containers?.[0]?.image ?? ''), listens };
}
