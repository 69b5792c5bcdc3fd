// What the Endpoints and EndpointSlice controllers share about a Service and its Pods:
// which Pods its selector picks, how a Service port's targetPort resolves against a Pod
// (FindPort), and the IP order both sort their addresses in.
import type { Pod } from '../apiserver';

/** Whether every key/value of a Service's selector is a label of the Pod. */
export function selectsPod(selector: Record<string, string>, pod: Pod): boolean {
  return Object.entries(selector).every(([k, v]) => pod.metadata?.labels?.[k] === v);
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
