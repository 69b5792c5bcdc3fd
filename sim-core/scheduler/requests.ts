// What a Pod asks of a node, in exact milli-units (pkg/api/v1/resource.PodRequests): the
// sum over its containers, raised to the largest init container (they run one at a
// time, before the others). Unparseable quantities never reach here in a real cluster
// (the API server rejects them); here they count as zero rather than throwing.
import { parseQuantity, type Pod } from '../apiserver';

export type ResourceAmounts = ReadonlyMap<string, bigint>;

function milliOf(v: string | number | undefined): bigint {
  if (v === undefined) return 0n;
  const q = parseQuantity(v);
  return q.ok ? q.quantity.milli : 0n;
}

export function amountsOf(list: Readonly<Record<string, string | number>> | undefined): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const k of Object.keys(list ?? {}).sort()) out.set(k, milliOf(list?.[k]));
  return out;
}

/** Requests by Pod object: cached Pods are frozen, so an object's requests never change. */
const requestCache = new WeakMap<Pod, Map<string, bigint>>();
const nonZeroCache = new WeakMap<Pod, { cpu: bigint; memory: bigint }>();

export function podRequests(pod: Pod): ReadonlyMap<string, bigint> {
  let r = requestCache.get(pod);
  if (!r) requestCache.set(pod, (r = computePodRequests(pod)));
  return r;
}

function computePodRequests(pod: Pod): Map<string, bigint> {
  const total = new Map<string, bigint>();
  for (const c of pod.spec?.containers ?? []) {
    for (const [k, v] of amountsOf(c.resources?.requests as Record<string, string | number> | undefined)) total.set(k, (total.get(k) ?? 0n) + v);
  }
  for (const c of pod.spec?.initContainers ?? []) {
    for (const [k, v] of amountsOf(c.resources?.requests as Record<string, string | number> | undefined)) {
      if (v > (total.get(k) ?? 0n)) total.set(k, v);
    }
  }
  return total;
}

/**
 * Scoring counts a Pod with no cpu/memory request as 100m cpu / 200Mi memory
 * (pkg/scheduler/util.GetNonzeroRequests), so BestEffort Pods still spread out.
 */
export const DEFAULT_MILLI_CPU_REQUEST = 100n;
export const DEFAULT_MEMORY_REQUEST_MILLI = 200n * 1024n * 1024n * 1000n;

export function nonZeroRequests(pod: Pod): { readonly cpu: bigint; readonly memory: bigint } {
  let r = nonZeroCache.get(pod);
  if (!r) nonZeroCache.set(pod, (r = computeNonZero(pod)));
  return r;
}

function computeNonZero(pod: Pod): { cpu: bigint; memory: bigint } {
  let cpu = 0n;
  let memory = 0n;
  for (const c of pod.spec?.containers ?? []) {
    const r = amountsOf(c.resources?.requests as Record<string, string | number> | undefined);
    cpu += r.has('cpu') ? (r.get('cpu') as bigint) : DEFAULT_MILLI_CPU_REQUEST;
    memory += r.has('memory') ? (r.get('memory') as bigint) : DEFAULT_MEMORY_REQUEST_MILLI;
  }
  return { cpu, memory };
}
