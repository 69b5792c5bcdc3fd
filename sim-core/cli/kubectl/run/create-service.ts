// `kubectl create service clusterip|nodeport|loadbalancer|externalname NAME`
// (pkg/cmd/create/create_service.go): a Service built here — label and selector
// `app: NAME`, one TCP port for each `--tcp=PORT[:TARGET]` (named `PORT-TARGET`, the target
// a number or a port name), `--clusterip` (`None`: headless), `--node-port` (on every
// port), `--external-name` — then created like `create -f` (`service/web created`), or
// printed without a request under --dry-run=client. The API server allocates the cluster
// IP and node ports, and refuses what it finds invalid.
import { isDNS1123Subdomain, isValidPortName, kindForResource } from '../../../apiserver';
import type { KubeObject } from '../../../client';
import type { KubectlCommand } from '../parse';
import { createObject, goErrorText, statusText } from './api';
import type { RunEnv } from './env';
import { printObject } from './print-object';

export type ServiceType = 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName';

/** strconv.ParseUint(s, 10, 16), as utilsnet.ParsePort calls it (zero allowed). */
function parsePort(s: string): { ok: true; value: number } | { ok: false; error: string } {
  if (!/^[0-9]+$/.test(s)) return { ok: false, error: `strconv.ParseUint: parsing ${JSON.stringify(s)}: invalid syntax` };
  const n = Number(s);
  if (n > 65535) return { ok: false, error: `strconv.ParseUint: parsing ${JSON.stringify(s)}: value out of range` };
  return { ok: true, value: n };
}

/** strconv.Atoi: an optional sign and decimal digits that fit an int64. */
function atoi(s: string): number | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n >= -(1n << 63n) && n < 1n << 63n ? Number(n) : undefined;
}

/** parsePorts: `PORT[:TARGET]`, the target port a number in 1–65535 or a port name. */
function parsePorts(spec: string): { ok: true; port: number; targetPort: number | string } | { ok: false; error: string } {
  const parts = spec.split(':');
  const port = parsePort(parts[0]!);
  if (!port.ok) return port;
  if (parts.length === 1) return { ok: true, port: port.value, targetPort: port.value };
  const target = parts[1]!;
  const n = atoi(target);
  if (n === undefined) {
    const errs = isValidPortName(target);
    return errs.length > 0 ? { ok: false, error: errs.join(',') } : { ok: true, port: port.value, targetPort: target };
  }
  if (n < 1 || n > 65535) return { ok: false, error: 'must be between 1 and 65535, inclusive' };
  return { ok: true, port: port.value, targetPort: n };
}

/** kubectl's Service type for each `create service` subcommand. */
export const SERVICE_TYPE_OF: Readonly<Record<string, ServiceType>> = {
  'create service clusterip': 'ClusterIP',
  'create service nodeport': 'NodePort',
  'create service loadbalancer': 'LoadBalancer',
  'create service externalname': 'ExternalName',
};

/**
 * Validate, then createService: the Service kubectl would send, or the error kubectl stops
 * at first (before any request: with no server too).
 */
export function buildService(cmd: KubectlCommand, type: ServiceType): { ok: true; service: KubeObject } | { ok: false; error: string } {
  const values = cmd.flags.values;
  const name = cmd.args[0]!;
  const tcp = (values.get('tcp') as string[] | undefined) ?? [];
  const clusterIP = (values.get('clusterip') as string | undefined) ?? '';
  // an int flag, stored by Go as int32(o.NodePort)
  const nodePort = Number(BigInt.asIntN(32, (values.get('node-port') as bigint | undefined) ?? 0n));
  const externalName = (values.get('external-name') as string | undefined) ?? '';
  if (clusterIP === 'None' && type !== 'ClusterIP') return { ok: false, error: 'ClusterIP=None can only be used with ClusterIP service type' };
  if (clusterIP !== 'None' && tcp.length === 0 && type !== 'ExternalName') return { ok: false, error: 'at least one tcp port specifier must be provided' };
  if (type === 'ExternalName' && isDNS1123Subdomain(externalName).length > 0) return { ok: false, error: `invalid service external name ${externalName}` };
  // the typed Service, in Go's field order
  const ports: Record<string, unknown>[] = [];
  for (const spec of tcp) {
    const p = parsePorts(spec);
    if (!p.ok) return p;
    ports.push({ name: spec.replaceAll(':', '-'), protocol: 'TCP', port: p.port, targetPort: p.targetPort, ...(nodePort !== 0 ? { nodePort } : {}) });
  }
  const namespace = cmd.namespace !== undefined ? { namespace: cmd.namespace } : {};
  // --save-config is accepted and, in 1.32, never read: no last-applied annotation
  const service = {
    kind: 'Service',
    apiVersion: 'v1',
    metadata: { name, ...namespace, creationTimestamp: null, labels: { app: name } },
    spec: {
      ...(ports.length > 0 ? { ports } : {}),
      selector: { app: name },
      ...(clusterIP !== '' ? { clusterIP } : {}),
      type,
      ...(externalName !== '' ? { externalName } : {}),
    },
    status: { loadBalancer: {} },
  } as unknown as KubeObject;
  return { ok: true, service };
}

export function runCreateService(env: RunEnv): void {
  const type = SERVICE_TYPE_OF[env.cmd.command]!;
  const built = buildService(env.cmd, type);
  const fail = (text: string): void => {
    env.out.printErr(text);
    env.out.exit(1);
  };
  if (!built.ok) return fail(`error: ${built.error}\n`);
  if (env.cmd.dryRun === 'client') return printObject(env, 'Service', built.service, 'created', true);
  const r = createObject(env, kindForResource('services')!, env.namespace, built.service);
  if (!r.ok) {
    // fmt.Errorf("failed to create %s service: %v", o.Type, err): a wrapped error, printed as Go's text
    return fail(r.error.code === 0 ? statusText(r.error) : `error: failed to create ${type} service: ${goErrorText(r.error)}\n`);
  }
  printObject(env, 'Service', r.value, 'created', true);
}
