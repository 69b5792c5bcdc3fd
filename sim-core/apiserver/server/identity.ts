// What the API server invents for a new object, all from its own PRNG stream so a run is a
// function of its seed: metadata.uid (a version-4 UUID, as k8s.io/apimachinery's
// uuid.NewUUID gives), the 5-character generateName suffix (names.SimpleNameGenerator,
// utilrand.String with its consonant/digit alphabet) and a Service's clusterIP from the
// service CIDR 10.96.0.0/12 (10.96.0.1 is the `kubernetes` Service's).
import type { Prng } from '../../kernel';
import { RANDOM_SUFFIX_ALPHABET } from '../kinds';

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

/** A clusterIP in 10.96.0.0/12 other than the network address, 10.96.0.1 and the broadcast. */
export function allocateClusterIP(rng: Prng): string {
  const offset = rng.int(2, (1 << 20) - 2);
  const b = 96 + (offset >> 16);
  return `10.${b}.${(offset >> 8) & 255}.${offset & 255}`;
}

/** --service-node-port-range's default (pkg/registry/core/service/portallocator). */
export const NODE_PORT_MIN = 30000;
export const NODE_PORT_MAX = 32767;

type NodePortSpec = { type?: string; ports?: Array<{ nodePort?: number; port?: number; protocol?: string }> };

/** NodePort and LoadBalancer Services get a node port on every port (ExternalName and ClusterIP none). */
export function needsNodePorts(spec: NodePortSpec | undefined): boolean {
  return spec?.type === 'NodePort' || spec?.type === 'LoadBalancer';
}

/** The node ports Services already hold. */
export function nodePortsInUse(services: ReadonlyArray<Record<string, unknown>>): Set<number> {
  const used = new Set<number>();
  for (const s of services) for (const p of (s.spec as NodePortSpec | undefined)?.ports ?? []) if (p.nodePort) used.add(p.nodePort);
  return used;
}

export type NodePortRefusal = { field: string; port: number; detail: string };

/**
 * The portallocator's Allocate/AllocateNext on a new Service (rest.go's
 * initNodePorts): a requested port must be in range and free; a missing one is a random
 * free port from the range, drawn from the API server's PRNG. Fills `spec` in place.
 */
export function allocateNodePorts(rng: Prng, spec: NodePortSpec, used: Set<number>): NodePortRefusal | undefined {
  const ports = spec.ports ?? [];
  for (let i = 0; i < ports.length; i++) {
    const want = ports[i]?.nodePort;
    if (!want) continue;
    const field = `spec.ports[${i}].nodePort`;
    if (want < NODE_PORT_MIN || want > NODE_PORT_MAX) {
      return { field, port: want, detail: `provided port is not in the valid range. The range of valid ports is ${NODE_PORT_MIN}-${NODE_PORT_MAX}` };
    }
    if (used.has(want)) return { field, port: want, detail: 'provided port is already allocated' };
    used.add(want);
  }
  for (const p of ports) {
    if (p.nodePort) continue;
    if (used.size > NODE_PORT_MAX - NODE_PORT_MIN) return { field: 'spec.ports', port: 0, detail: 'range is full' };
    let port = rng.int(NODE_PORT_MIN, NODE_PORT_MAX);
    // a taken port moves to the next free one, wrapping (the bitmap allocator's scan)
    while (used.has(port)) port = port === NODE_PORT_MAX ? NODE_PORT_MIN : port + 1;
    p.nodePort = port;
    used.add(port);
  }
  return undefined;
}

/** patchAllocatedValues on update: a port that leaves nodePort out keeps the one it had (same port and protocol). */
export function keepNodePorts(current: NodePortSpec | undefined, next: NodePortSpec): void {
  if (!needsNodePorts(next)) return;
  for (const p of next.ports ?? []) {
    if (p.nodePort) continue;
    const before = (current?.ports ?? []).find((c) => c.port === p.port && (c.protocol ?? 'TCP') === (p.protocol ?? 'TCP'));
    if (before?.nodePort) p.nodePort = before.nodePort;
  }
}
