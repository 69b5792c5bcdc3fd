// What the Endpoints and EndpointSlice controllers share about a Service and its Pods:
// which Pods its selector picks, which Services a Pod change concerns, how a Service
// port's targetPort resolves against a Pod (FindPort), and the IP order both sort their
// addresses in.
import type { Pod, Service } from '../apiserver';
import { objectKey, type EventHandlers, type Lister, type WorkQueue } from '../client';

/** Whether every key/value of a Service's selector is a label of the Pod. */
export function selectsPod(selector: Record<string, string>, pod: Pod): boolean {
  return Object.entries(selector).every(([k, v]) => pod.metadata?.labels?.[k] === v);
}

/**
 * The informer handlers both controllers register: a Service change enqueues the Service;
 * a Pod change enqueues every Service that selects the Pod now or selected it before.
 */
export function serviceQueueHandlers(services: Lister<Service>, queue: WorkQueue): { serviceHandlers: EventHandlers<Service>; podHandlers: EventHandlers<Pod> } {
  const enqueueFor = (pod: Pod): void => {
    for (const svc of services.list(pod.metadata?.namespace ?? '')) {
      const sel = svc.spec?.selector;
      if (sel && selectsPod(sel, pod)) queue.add(objectKey(svc));
    }
  };
  return {
    serviceHandlers: {
      onAdd: (s) => queue.add(objectKey(s)),
      onUpdate: (_o, s) => queue.add(objectKey(s)),
      onDelete: (s) => queue.add(objectKey(s)),
    },
    podHandlers: {
      onAdd: enqueueFor,
      onUpdate: (old, p) => {
        enqueueFor(old);
        enqueueFor(p);
      },
      onDelete: enqueueFor,
    },
  };
}

/** FindPort: a numeric targetPort is itself; a named one is the container port of that name (if the Pod has it). */
export function findPort(pod: Pod, target: number | string | undefined, fallback: number | undefined): number | undefined {
  if (typeof target === 'number') return target;
  if (target === undefined || target === '') return fallback;
  for (const c of pod.spec?.containers ?? []) {
    for (const p of c.ports ?? []) if (p.name === target) return p.containerPort;
  }
  return undefined;
}

/** An IPv4 address with each octet zero-padded, so that string order is numeric order. */
export function ipSortKey(ip: string): string {
  return ip.split('.').map((x) => x.padStart(3, '0')).join('.');
}
