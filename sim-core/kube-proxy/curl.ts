// `sim curl <service|clusterIP>[:port]` from a Pod on this node: resolve the name as
// cluster DNS would (name, name.ns, name.ns.svc, name.ns.svc.cluster.local; the
// default namespace otherwise), follow the rule table to one ready endpoint (iptables
// picks at random: here the kube-proxy's PRNG), then ask the container behind it, which
// logs the request as its server does.
import type { Prng } from '../kernel';
import type { HttpRequestSeen } from '../kubelet/images';
import { connectionRefused, connectTimeout, couldNotResolve, CURL_USER_AGENT, httpToHttpsServer, responseFrom, untrustedCertificate, type CurlOutcome } from './responses';
import type { EndpointTarget, ServiceRule } from './rules';

/** The container behind an IP, if something runs there, or the API server on its advertise address. */
export interface BackendInfo {
  image: string;
  listens: readonly number[];
  /** kube-apiserver's secure port: TLS only */
  apiServer?: boolean;
  /** the container listening on `port` answered an HTTP request */
  served?(port: number, request: HttpRequestSeen): void;
}

export type BackendLookup = (ip: string) => BackendInfo | undefined;

export interface CurlTarget {
  host: string;
  port: number | undefined;
  /** the URL said https:// (curl's default port is then 443) */
  https: boolean;
  /** the path and query it asks for (`/` when the URL has none) */
  path: string;
}

/** `http://web.default:8080/path` → host, port and path. */
export function parseCurlTarget(target: string, port?: number): CurlTarget {
  const https = /^https:\/\//i.test(target);
  let rest = target.replace(/^https?:\/\//i, '');
  const slash = rest.search(/[/?]/);
  const path = slash < 0 ? '/' : rest[slash] === '?' ? `/${rest.slice(slash)}` : rest.slice(slash);
  if (slash >= 0) rest = rest.slice(0, slash);
  const colon = rest.lastIndexOf(':');
  if (colon >= 0 && /^\d+$/.test(rest.slice(colon + 1))) return { host: rest.slice(0, colon), port: port ?? Number(rest.slice(colon + 1)), https, path };
  return { host: rest, port, https, path };
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

/**
 * `client`: the address the request leaves from, which the server logs (a Pod's, or the
 * node's when the request is masqueraded on its way to a Service).
 */
export function curl(rules: readonly ServiceRule[], target: string, rng: Prng, backends: BackendLookup, port?: number, client = ''): CurlOutcome & { endpoint?: EndpointTarget } {
  const t = parseCurlTarget(target, port);
  const wantPort = t.port ?? (t.https ? 443 : 80);
  let candidates: ServiceRule[];
  if (IPV4.test(t.host)) {
    candidates = rules.filter((r) => r.clusterIP === t.host);
    if (candidates.length === 0) {
      // Not a Service: maybe a Pod IP, reached directly over the Pod network.
      const direct = backends(t.host);
      if (direct) return direct.listens.includes(wantPort) ? answer(direct, t, wantPort, client) : connectionRefused(t.host, wantPort);
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
  return { ...answer(backend, t, endpoint.port, client), endpoint };
}

/**
 * What the listener says: the container's page (its server logs the request), or the API
 * server's answer to plain HTTP or to an unverified TLS client.
 */
function answer(backend: BackendInfo, t: CurlTarget, port: number, client: string): CurlOutcome {
  if (backend.apiServer === true) return t.https ? untrustedCertificate() : httpToHttpsServer();
  if (!t.https) backend.served?.(port, { client, path: t.path, userAgent: CURL_USER_AGENT });
  return responseFrom(backend.image);
}
