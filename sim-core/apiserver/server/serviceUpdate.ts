// What the Service registry does to an update before it is validated (pkg/registry/core/
// service/storage: beginUpdate's patchAllocatedValues, normalizeClusterIPs and
// allocateUpdate, then the strategy's dropTypeDependentFields), for the PUT and PATCH
// handlers. The node port allocator's bitmap is read, as on create, from the stored
// Services: `withServiceNodePorts` lists them before the update starts.
import type { KubeObject, Status } from '../../client';
import type { Prng } from '../../kernel';
import { badValueOf, externallyAccessible, invalidFieldError, needsHealthCheck, type FieldError, type KindDefinition } from '../kinds';
import { decodeKv } from './objectCodec';
import { fail, keyOf, storageFailure, type HandlerEnv } from './handlerEnv';
import { allocateClusterIP, allocateHealthCheckNodePort, allocatesNodePorts, clusterIPsInUse, needsNodePorts, nextNodePort, nodePortsInUse, requestedClusterIPRefusal, takeNodePort, type NodePortRefusal } from './identity';
import { invalidObject, statusWithCode } from './statuses';

type Port = { name?: string; port?: number; protocol?: string; nodePort?: number };
type ServiceSpec = {
  type?: string;
  clusterIP?: string;
  clusterIPs?: string[];
  ipFamilies?: string[];
  ipFamilyPolicy?: string;
  ports?: Port[];
  allocateLoadBalancerNodePorts?: boolean;
  loadBalancerClass?: string;
  externalTrafficPolicy?: string;
  externalIPs?: string[];
  healthCheckNodePort?: number;
};

/** What an update needs to allocate: the API server's PRNG, and the node ports and cluster IPs every other Service holds. */
export type NodePortPool = { rng: Prng; used: Set<number>; usedIPs: Set<string> };

/** An allocator's refusal: the Status the API server answers, and its field errors when it is a 422 Invalid (none for a 500). */
export type ServiceRefusal = { error: Status; errors: FieldError[] };

/** The pool of an update of one Service: what `others` (every other stored Service) hold, plus what creates in flight have claimed. */
export function nodePortPoolOf(rng: Prng, others: ReadonlyArray<Record<string, unknown>>, claims?: { ips: Iterable<string>; ports: Iterable<number> }): NodePortPool {
  const used = nodePortsInUse(others);
  for (const p of claims?.ports ?? []) used.add(p);
  const usedIPs = clusterIPsInUse(others);
  for (const ip of claims?.ips ?? []) usedIPs.add(ip);
  return { rng, used, usedIPs };
}

/**
 * For a Service (not its status), the node ports the other stored Services hold and this
 * API server's creates in flight have claimed; `then` gets undefined for anything else.
 */
export function withServiceNodePorts(env: HandlerEnv, def: KindDefinition, namespace: string | undefined, name: string, then: (pool: NodePortPool | undefined) => void): void {
  if (def.resource !== 'services') return then(undefined);
  const own = keyOf(def, namespace, name);
  env.storage.list(env.ctx, `${def.etcdPrefix}/`, (r) => {
    if (!r.ok) return fail(env, storageFailure(r.error));
    const others = r.value.kvs.filter((kv) => kv.key !== own).map((kv) => decodeKv(kv) ?? {});
    then(nodePortPoolOf(env.ctx.rng, others, env.serviceClaims));
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const stringList = (v: unknown) => v === undefined || (Array.isArray(v) && v.every((x) => typeof x === 'string'));

/** What prepareServiceUpdate reads has the types it reads them as (a patch may have made anything of them). */
function wellFormed(spec: unknown): boolean {
  if (spec === undefined) return true;
  if (!isRecord(spec)) return false;
  const { ports, clusterIP, clusterIPs, ipFamilies, type, healthCheckNodePort } = spec;
  if (ports !== undefined && !(Array.isArray(ports) && ports.every((p) => isRecord(p) && (p.nodePort === undefined || typeof p.nodePort === 'number') && (p.port === undefined || typeof p.port === 'number')))) return false;
  if (clusterIP !== undefined && typeof clusterIP !== 'string') return false;
  if (type !== undefined && typeof type !== 'string') return false;
  if (healthCheckNodePort !== undefined && typeof healthCheckNodePort !== 'number') return false;
  return stringList(clusterIPs) && stringList(ipFamilies);
}

const sameList = (a: readonly unknown[] | undefined, b: readonly unknown[] | undefined) => (a ?? []).length === (b ?? []).length && (a ?? []).every((x, i) => x === b?.[i]);

/**
 * Prepares `next` (the update's body, or the patched object) against the stored `current`
 * before it is defaulted and validated; a refusal of an allocator is returned.
 * - patchAllocatedValues: an address the update leaves out is the allocated one; a port
 *   without a nodePort keeps the one the stored port of the same name had, unless another
 *   port of the update now holds it; a LoadBalancer that stays Local keeps its health-check
 *   node port.
 * - normalizeClusterIPs: a clusterIP changed while clusterIPs stay as stored changes
 *   clusterIPs with it, so validation sees the primary address change (`may not change
 *   once set`), not two fields that disagree.
 * - allocateUpdate: a Service that leaves ExternalName gets a cluster IP (updateClusterIPs);
 *   one that becomes (or stays) NodePort or LoadBalancer gets a node port for every port
 *   still without one, the same (protocol, node port) twice being a plain error; one that
 *   becomes a Local LoadBalancer gets its health-check node port (updateNodePorts,
 *   updateHealthCheckNodePort).
 * - dropTypeDependentFields: leaving a type drops what only that type had — the addresses,
 *   node ports, health-check node port, allocateLoadBalancerNodePorts, loadBalancerClass,
 *   externalTrafficPolicy — when the update left them as they were (a changed one is
 *   validation's to refuse). (It also clears the load balancer's status; no load balancer
 *   is ever provisioned here, so that status is always empty.)
 */
export function prepareServiceUpdate(def: KindDefinition, current: KubeObject, next: KubeObject, pool: NodePortPool | undefined): ServiceRefusal | undefined {
  // a body whose spec is not a Service's shape is left for decoding to refuse (400)
  if (!wellFormed(next.spec)) return undefined;
  const cur = (current.spec ?? {}) as ServiceSpec;
  const spec = (next.spec ??= {}) as ServiceSpec;
  const name = next.metadata?.name ?? '';
  // patchAllocatedValues
  if (cur.type !== 'ExternalName' && spec.type !== 'ExternalName') {
    if (spec.clusterIP === undefined || spec.clusterIP === '') {
      if (cur.clusterIP !== undefined) spec.clusterIP = cur.clusterIP;
    }
    // a copy: `current` may be the watch cache's read-only object
    if ((spec.clusterIPs ?? []).length === 0 && (cur.clusterIPs ?? []).length > 0) spec.clusterIPs = [...cur.clusterIPs!];
  }
  if (needsNodePorts(cur) && needsNodePorts(spec)) {
    const held = (s: ServiceSpec) => new Set((s.ports ?? []).map((p) => p.nodePort ?? 0).filter((p) => p !== 0));
    const newHeld = held(spec);
    const stillUsed = new Set([...held(cur)].filter((p) => newHeld.has(p)));
    const byName = new Map((cur.ports ?? []).map((p) => [p.name ?? '', p.nodePort ?? 0]));
    for (const p of spec.ports ?? []) {
      if (p.nodePort) continue;
      const old = byName.get(p.name ?? '') ?? 0;
      if (old !== 0 && !stillUsed.has(old)) p.nodePort = old;
    }
  }
  if (needsHealthCheck(cur) && needsHealthCheck(spec) && !spec.healthCheckNodePort && cur.healthCheckNodePort) spec.healthCheckNodePort = cur.healthCheckNodePort;
  // normalizeClusterIPs
  if (cur.type !== 'ExternalName' && spec.type !== 'ExternalName') {
    if (spec.clusterIP !== cur.clusterIP && (spec.clusterIP ?? '') !== '' && sameList(cur.clusterIPs, spec.clusterIPs)) spec.clusterIPs = [spec.clusterIP!];
  }
  // allocateUpdate (updateClusterIPs, case A): a Service that leaves ExternalName gets a cluster IP
  if (pool !== undefined && cur.type === 'ExternalName' && spec.type !== undefined && spec.type !== 'ExternalName') {
    const requested = spec.clusterIP !== undefined && spec.clusterIP !== '' ? spec.clusterIP : undefined;
    if (requested === 'None') spec.clusterIPs = ['None'];
    else if (requested !== undefined) {
      const refusal = requestedClusterIPRefusal(requested, pool.usedIPs);
      if (refusal !== undefined) return invalidService(def, name, { type: 'Invalid value', field: 'spec.clusterIPs', badValue: badValueOf([requested]), detail: `failed to allocate IP ${requested}: ${refusal}` });
      spec.clusterIPs = [requested];
    } else {
      const ip = allocateClusterIP(pool.rng, pool.usedIPs);
      if (ip === undefined) return { error: statusWithCode('InternalError', 500, 'Internal error occurred: failed to allocate a serviceIP: range is full'), errors: [] };
      spec.clusterIP = ip;
      spec.clusterIPs = [ip];
    }
  }
  // allocateUpdate: the node ports this Service held are its own to keep
  if (pool !== undefined) {
    const used = new Set(pool.used);
    const refused = allocateUpdatedNodePorts(pool.rng, cur, spec, used);
    // a plain error: ErrorToAPIStatus gives it code 500 and no reason (StatusReasonUnknown)
    if (refused?.plain) return { error: statusWithCode('', 500, refused.detail), errors: [] };
    if (refused?.internal) return { error: statusWithCode('InternalError', 500, `Internal error occurred: ${refused.detail}`), errors: [] };
    if (refused) return invalidService(def, name, invalidFieldError(refused.field, refused.port, refused.detail));
  }
  dropTypeDependentFields(cur, spec);
  return undefined;
}

/** A 422 Invalid of one field error. */
export function invalidService(def: KindDefinition, name: string, error: FieldError): ServiceRefusal {
  return { error: invalidObject(def.kind, def.group, name, [error]), errors: [error] };
}

/**
 * allocateUpdate's node ports (updateNodePorts, then updateHealthCheckNodePort): a port
 * of a NodePort or LoadBalancer that asks for a node port the Service does not hold yet
 * takes it from the allocator, one that asks for none gets a free one (unless a
 * LoadBalancer says allocateLoadBalancerNodePorts: false); a Service that becomes a Local
 * LoadBalancer takes its health-check node port.
 */
function allocateUpdatedNodePorts(rng: Prng, cur: ServiceSpec, spec: ServiceSpec, used: Set<number>): NodePortRefusal | undefined {
  // collectServiceNodePorts: the ports' node ports (not the health-check one) are the Service's own to ask for again
  const own = new Set((cur.ports ?? []).map((p) => p.nodePort ?? 0).filter((p) => p !== 0));
  // the allocator's bitmap still holds all the Service's ports while it is updated
  for (const p of own) used.add(p);
  if (cur.healthCheckNodePort) used.add(cur.healthCheckNodePort);
  const taken = new Set<string>();
  if (needsNodePorts(spec)) {
    const allocates = allocatesNodePorts(spec);
    const ports = spec.ports ?? [];
    for (let i = 0; i < ports.length; i++) {
      const p = ports[i]!;
      if (!p.nodePort && !allocates) continue;
      if (p.nodePort) {
        if (!own.has(p.nodePort)) {
          const refused = takeNodePort(p.nodePort, used);
          if (refused !== undefined) return { field: `spec.ports[${i}].nodePort`, port: p.nodePort, detail: refused };
          own.add(p.nodePort);
        }
      } else {
        const next = nextNodePort(rng, used);
        if (next === undefined) return { field: 'spec.ports', port: 0, detail: 'failed to allocate a nodePort: range is full', internal: true };
        p.nodePort = next;
      }
      // the same (protocol, node port) twice: a plain error, so a 500 (`duplicate nodePort: {TCP 30080}`)
      const pair = `{${p.protocol ?? 'TCP'} ${p.nodePort}}`;
      if (taken.has(pair)) return { field: `spec.ports[${i}].nodePort`, port: p.nodePort, detail: `duplicate nodePort: ${pair}`, plain: true };
      taken.add(pair);
    }
  }
  if (!needsHealthCheck(cur) && needsHealthCheck(spec)) return allocateHealthCheckNodePort(rng, spec, used);
  return undefined;
}

function dropTypeDependentFields(cur: ServiceSpec, spec: ServiceSpec): void {
  const needsClusterIP = (s: ServiceSpec) => s.type !== 'ExternalName';
  if (needsClusterIP(cur) && !needsClusterIP(spec)) {
    if (spec.clusterIP === cur.clusterIP && sameList(spec.clusterIPs, cur.clusterIPs)) {
      delete spec.clusterIP;
      delete spec.clusterIPs;
    }
    if (sameList(spec.ipFamilies, cur.ipFamilies)) delete spec.ipFamilies;
    if (spec.ipFamilyPolicy === cur.ipFamilyPolicy) delete spec.ipFamilyPolicy;
  }
  // sameNodePorts: ports may be added, removed or changed, as long as no node port is new
  if (needsNodePorts(cur) && !needsNodePorts(spec)) {
    const held = new Set((cur.ports ?? []).map((p) => p.nodePort ?? 0));
    if ((spec.ports ?? []).every((p) => !p.nodePort || held.has(p.nodePort))) for (const p of spec.ports ?? []) delete p.nodePort;
  }
  if (needsHealthCheck(cur) && !needsHealthCheck(spec) && (spec.healthCheckNodePort ?? 0) === (cur.healthCheckNodePort ?? 0)) delete spec.healthCheckNodePort;
  if (cur.type === 'LoadBalancer' && spec.type !== 'LoadBalancer') {
    if (spec.allocateLoadBalancerNodePorts !== undefined && spec.allocateLoadBalancerNodePorts === cur.allocateLoadBalancerNodePorts) delete spec.allocateLoadBalancerNodePorts;
    if (spec.loadBalancerClass === cur.loadBalancerClass) delete spec.loadBalancerClass;
  }
  if (externallyAccessible(cur) && !externallyAccessible(spec) && spec.externalTrafficPolicy === cur.externalTrafficPolicy) delete spec.externalTrafficPolicy;
}
