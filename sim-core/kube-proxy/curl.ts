// `sim curl <service|clusterIP>[:port]` from a Pod on this node: resolve the name as
// cluster DNS would (name, name.ns, name.ns.svc, name.ns.svc.cluster.local; the
// default namespace otherwise), follow the rule table to one ready endpoint (iptables
// picks at random: here the kube-proxy's PRNG), then ask the container behind it.
import type { Prng } from '../kernel';
import { connectionRefused, connectTimeout, couldNotResolve, httpToHttpsServer, responseFrom, untrustedCertificate, type CurlOutcome } from './responses';
import type { EndpointTarget, ServiceRule } from './rules';

/** The container behind an IP, if something runs there, or the API server on its advertise address. */
export interface BackendInfo {
  image: string;
  listens: readonly number[];
  /** kube-apiserver's secure port: TLS only */
  apiServer?: boolean;
}

export type BackendLookup = (ip: string) => BackendInfo | undefined;

export interface CurlTarget {
  host: string;
  port: number | undefined;
  /** the URL said https:// (curl's default port is then 443) */
  https: boolean;
}

/** `http://web.default:8080/path` → host and port. */
export function parseCurlTarget(target: string, port?: number): CurlTarget {
  const https = /^https:\/\//i.test(target);
  let rest = target.replace(/^https?:\/\//i, '');
  const slash = rest.indexOf('/');
  if (slash >= 0) rest = rest.slice(0, slash);
  const colon = rest.lastIndexOf(':');
  if (colon >= 0 && /^\d+$/.test(rest.slice(colon + 1))) return { host: rest.slice(0, colon), port: port ?? Number(rest.slice(colon + 1)), https };
  return { host: rest, port, https };
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Cluster DNS for Services: the rules whose Service the name means. */
export function resolveService(rules: readonly ServiceRule[], host: string, namespace = 'default'): ServiceRule[] | undefined {
  const parts = host.replace(/\.$/, '').split('.');
  let name = parts[0] ?? '';
  let ns = namespace;
  if (parts.length === 2 || (parts.length >= 3 && parts[2] === 'svc')) ns = parts[1] ?? namespace;
  if (parts.length > 2 && !(parts[2] === 'svc' && (parts.length === 3 || parts.slice(3).join('.') === 'cluster.local'))) return undefined;
  name = name.toLowerCase();
  const found = rules.filter((r) => r.name === name && r.namespace === ns);
  return found.length > 0 ? found : undefined;
}

export function curl(rules: readonly ServiceRule[], target: string, rng: Prng, backends: BackendLookup, port?: number): CurlOutcome & { endpoint?: EndpointTarget } {
  const t = parseCurlTarget(target, port);
  const wantPort = t.port ?? (t.https ? 443 : 80);
  let candidates: ServiceRule[];
  if (IPV4.test(t.host)) {
    candidates = rules.filter((r) => r.clusterIP === t.host);
    if (candidates.length === 0) {
      // Not a Service: maybe a Pod IP, reached directly over the Pod network.
      const direct = backends(t.host);
      if (direct) return direct.listens.includes(wantPort) ? answer(direct, t.https) : connectionRefused(t.host, wantPort);
      return connectTimeout(t.host, wantPort);
    }
  } else {
    const resolved = resolveService(rules, t.host);
    if (!resolved) return couldNotResolve(t.host);
    candidates = resolved;
  }
  const rule = candidates.find((r) => r.port === wantPort);
  // The Service has no such port: nothing DNATs the packet and nobody owns the ClusterIP.
  if (!rule) return connectTimeout(t.host, wantPort);
  // kube-proxy's REJECT for a Service without ready endpoints.
  if (rule.endpoints.length === 0) return connectionRefused(t.host, wantPort);
  const endpoint = rule.endpoints[rng.int(0, rule.endpoints.length - 1)] as EndpointTarget;
  const backend = backends(endpoint.ip);
  if (!backend || !backend.listens.includes(endpoint.port)) return { ...connectionRefused(t.host, wantPort), endpoint };
  return { ...answer(backend, t.https), endpoint };
}

/** What the listener says: the container's page, or the API server's answer to plain HTTP or to an unverified TLS client. */
function answer(backend: BackendInfo, https: boolean): CurlOutcome {
  if (backend.apiServer !== true) return responseFrom(backend.image);
  return https ? untrustedCertificate() : httpToHttpsServer();
}
