// What the API server invents for a new object, all from its own PRNG stream so a run is a
// function of its seed: metadata.uid (a version-4 UUID, as k8s.io/apimachinery's
// uuid.NewUUID gives), the 5-character generateName suffix (names.SimpleNameGenerator,
// utilrand.String with its consonant/digit alphabet) and a Service's clusterIP from the
// service CIDR 10.96.0.0/12 (10.96.0.1 is the `kubernetes` Service's).
import type { Prng } from '../../kernel';
import { needsHealthCheck, RANDOM_SUFFIX_ALPHABET, requestedClusterIPs } from '../kinds';
import { ipv4Text, parseIP } from '../kinds/ipAddress';

function hex(rng: Prng, digits: number): string {
  let s = '';
  for (let i = 0; i < digits; i++) s += '0123456789abcdef'[rng.int(0, 15)]!;
  return s;
}

export function newUid(rng: Prng): string {
  const variant = '89ab'[rng.int(0, 3)]!;
  return `${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-${variant}${hex(rng, 3)}-${hex(rng, 12)}`;
}

export function randomSuffix(rng: Prng, length = 5): string {
  let s = '';
  for (let i = 0; i < length; i++) s += RANDOM_SUFFIX_ALPHABET[rng.int(0, RANDOM_SUFFIX_ALPHABET.length - 1)]!;
  return s;
}

/** --service-cluster-ip-range as kubeadm sets it. */
export const SERVICE_CIDR = '10.96.0.0/12';
const SERVICE_BASE = ((10 << 24) | (96 << 16)) >>> 0;
/** addresses in the CIDR; the first (network) and the last (broadcast) are never handed out */
const SERVICE_SIZE = 1 << 20;

function ipAt(offset: number): string {
  return `10.${96 + (offset >> 16)}.${(offset >> 8) & 255}.${offset & 255}`;
}

/** The address's offset in the service CIDR and its text as Go prints it, when it is an IPv4 address (IPv4-mapped included). */
function serviceOffset(ip: string): { offset: number; text: string } | undefined {
  const parsed = parseIP(ip);
  if (parsed?.family !== 'IPv4') return undefined;
  return { offset: parsed.v4 - SERVICE_BASE, text: ipv4Text(parsed.v4) };
}

/**
 * A clusterIP for a Service that asks for none (the bitmap allocator's AllocateNext): a
 * random address of 10.96.0.0/12 other than the network address, 10.96.0.1 (the
 * `kubernetes` Service's) and the broadcast, drawn from the API server's PRNG; a taken one
 * moves on to the next free address, wrapping. Undefined when the range is full.
 */
export function allocateClusterIP(rng: Prng, used: ReadonlySet<string> = new Set()): string | undefined {
  let offset = rng.int(2, SERVICE_SIZE - 2);
  for (let n = 0; n < SERVICE_SIZE - 2; n++) {
    const ip = ipAt(offset);
    if (!used.has(ip)) return ip;
    offset = offset === SERVICE_SIZE - 2 ? 1 : offset + 1;
  }
  return undefined;
}

/**
 * Why the allocator refuses a clusterIP the Service asks for (ipallocator's Allocate:
 * ErrNotInRange, ErrAllocated), or undefined when it may have it. An IPv6 address is
 * refused earlier, for its family; anything else is validation's.
 */
export function requestedClusterIPRefusal(ip: string, used: ReadonlySet<string>): string | undefined {
  const at = serviceOffset(ip);
  if (at === undefined) return undefined;
  if (at.offset <= 0 || at.offset >= SERVICE_SIZE - 1) return `the provided IP (${at.text}) is not in the valid range. The range of valid IPs is ${SERVICE_CIDR}`;
  return used.has(at.text) ? 'provided IP is already allocated' : undefined;
}

/** The canonical text of an IPv4 clusterIP (what the allocator's bitmap records), if it is one. */
export function canonicalClusterIP(ip: string): string | undefined {
  return serviceOffset(ip)?.text;
}

/** The clusterIPs the given Services hold, in canonical text. */
export function clusterIPsInUse(services: Iterable<Readonly<Record<string, unknown>>>): Set<string> {
  const used = new Set<string>();
  for (const s of services) {
    for (const ip of requestedClusterIPs((s.spec ?? {}) as Parameters<typeof requestedClusterIPs>[0])) {
      const at = serviceOffset(ip);
      if (at !== undefined) used.add(at.text);
    }
  }
  return used;
}

/** --service-node-port-range's default (pkg/registry/core/service/portallocator). */
export const NODE_PORT_MIN = 30000;
export const NODE_PORT_MAX = 32767;

type NodePortSpec = {
  type?: string;
  ports?: Array<{ nodePort?: number; port?: number; protocol?: string }>;
  allocateLoadBalancerNodePorts?: boolean;
  externalTrafficPolicy?: string;
  healthCheckNodePort?: number;
};

/** NodePort and LoadBalancer Services go through the node port allocator (ExternalName and ClusterIP do not). */
export function needsNodePorts(spec: NodePortSpec | undefined): boolean {
  return spec?.type === 'NodePort' || spec?.type === 'LoadBalancer';
}

/** shouldAllocateNodePorts: a port that asks for none gets one, unless a LoadBalancer says allocateLoadBalancerNodePorts: false. */
export function allocatesNodePorts(spec: NodePortSpec): boolean {
  return spec.type === 'NodePort' || (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts !== false);
}

/** The node ports Services already hold, health-check node ports included. */
export function nodePortsInUse(services: ReadonlyArray<Record<string, unknown>>): Set<number> {
  const used = new Set<number>();
  for (const s of services) {
    const spec = s.spec as NodePortSpec | undefined;
    for (const p of spec?.ports ?? []) if (p.nodePort) used.add(p.nodePort);
    if (spec?.healthCheckNodePort) used.add(spec.healthCheckNodePort);
  }
  return used;
}

/** `internal`: an InternalError (`Internal error occurred: …`); `plain`: a plain Go error, which the API server answers as a 500 with its text alone. */
export type NodePortRefusal = { field: string; port: number; detail: string; internal?: boolean; plain?: boolean };

/** The bitmap allocator's Allocate of a requested port. */
export function takeNodePort(want: number, used: Set<number>): string | undefined {
  if (want < NODE_PORT_MIN || want > NODE_PORT_MAX) return `provided port is not in the valid range. The range of valid ports is ${NODE_PORT_MIN}-${NODE_PORT_MAX}`;
  if (used.has(want)) return 'provided port is already allocated';
  used.add(want);
  return undefined;
}

/** AllocateNext: a random free port of the range, from the API server's PRNG; a taken one moves to the next free one, wrapping (the bitmap's scan). */
export function nextNodePort(rng: Prng, used: Set<number>): number | undefined {
  if (used.size > NODE_PORT_MAX - NODE_PORT_MIN) return undefined;
  let port = rng.int(NODE_PORT_MIN, NODE_PORT_MAX);
  while (used.has(port)) port = port === NODE_PORT_MAX ? NODE_PORT_MIN : port + 1;
  used.add(port);
  return port;
}

/**
 * The node port allocation of a new NodePort or LoadBalancer Service (alloc.go's
 * txnAllocNodePorts), port by port in order (initNodePorts): a requested port must be in
 * range and free; a port that asks for none takes the one a later port with the same
 * number asks for, else a free one — and ports with the same number (TCP and UDP 53)
 * share one node port. A LoadBalancer with allocateLoadBalancerNodePorts: false only
 * keeps what it asks for. Then a LoadBalancer with externalTrafficPolicy Local gets its
 * health-check node port (allocHealthCheckNodePort; a refusal there is an internal
 * error). Fills `spec` in place.
 */
export function allocateNodePorts(rng: Prng, spec: NodePortSpec, used: Set<number>): NodePortRefusal | undefined {
  const ports = spec.ports ?? [];
  const byPort = new Map<number, number>();
  for (let i = 0; i < ports.length; i++) {
    const p = ports[i]!;
    if (!p.nodePort && !allocatesNodePorts(spec)) continue;
    const field = `spec.ports[${i}].nodePort`;
    const allocated = byPort.get(p.port ?? 0);
    if (allocated === undefined) {
      const requested = p.nodePort || ports.slice(i + 1).find((q) => q.port === p.port && q.nodePort)?.nodePort;
      if (requested) {
        const refused = takeNodePort(requested, used);
        if (refused !== undefined) return { field, port: requested, detail: refused };
        p.nodePort = requested;
      } else {
        const next = nextNodePort(rng, used);
        if (next === undefined) return { field: 'spec.ports', port: 0, detail: 'failed to allocate a nodePort: range is full', internal: true };
        p.nodePort = next;
      }
      byPort.set(p.port ?? 0, p.nodePort);
    } else if (p.nodePort !== allocated) {
      if (!p.nodePort) p.nodePort = allocated;
      else {
        const refused = takeNodePort(p.nodePort, used);
        if (refused !== undefined) return { field, port: p.nodePort, detail: refused };
      }
    }
  }
  if (needsHealthCheck(spec)) return allocateHealthCheckNodePort(rng, spec, used);
  return undefined;
}

/** allocHealthCheckNodePort: the port asked for if free, else a free one; a refusal is an internal error. Fills `spec` in place. */
export function allocateHealthCheckNodePort(rng: Prng, spec: NodePortSpec, used: Set<number>): NodePortRefusal | undefined {
  const requested = spec.healthCheckNodePort;
  if (requested) {
    const refused = takeNodePort(requested, used);
    return refused === undefined ? undefined : { field: 'spec.healthCheckNodePort', port: requested, detail: `failed to allocate requested HealthCheck NodePort ${requested}: ${refused}`, internal: true };
  }
  const next = nextNodePort(rng, used);
  if (next === undefined) return { field: 'spec.healthCheckNodePort', port: 0, detail: 'failed to allocate a HealthCheck NodePort 0: range is full', internal: true };
  spec.healthCheckNodePort = next;
  return undefined;
}
