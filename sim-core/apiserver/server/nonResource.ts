// A request to a path that names no resource (`/`, `/healthz`, `/version`, the discovery
// documents under /api and /apis): authorized as kube-apiserver authorizes one — the
// lower-cased HTTP method as the verb, the path against the nonResourceURLs of the user's
// ClusterRoles (authorizeNonResource, the check `kubectl auth can-i get /healthz` asks) —
// and answered with the body the real handler writes. A refusal is
// responsewriters.Forbidden for a non-resource request: `forbidden: User "u" cannot get
// path "/"`.
import { statusError, type Status } from '../../client';
import { APISERVER_ADVERTISE_ADDRESS, APISERVER_SECURE_PORT } from './advertise';
import { discoveryDocuments } from '../discovery';
import { authorizeNonResource, type AuthorizerView, type UserInfo } from './rbac';
import { fail, succeed, type HandlerEnv } from './handlerEnv';
import { KUBERNETES_VERSION } from './version';

export interface NonResourceRequest {
  verb: 'nonResource';
  /** no resource: the trace and the handler's shared fields read an empty one */
  resource: '';
  /** the HTTP method, lower-cased: the verb RBAC judges */
  method: 'get' | 'post' | 'put' | 'delete';
  /** the unescaped path */
  path: string;
  query: [string, string][];
}

/**
 * The checks kube-apiserver 1.32 installs under each health endpoint (server/config.go:
 * ping, log, etcd; readyz adds etcd-readiness, informer-sync and shutdown), in the order
 * `?verbose` lists them. The poststarthook/* checks are not simulated: every one passes
 * once the server has started, which the simulated one has whenever it answers.
 */
export const HEALTH_CHECKS: Readonly<Record<'healthz' | 'livez' | 'readyz', readonly string[]>> = {
  healthz: ['ping', 'log', 'etcd'],
  livez: ['ping', 'log', 'etcd'],
  readyz: ['ping', 'log', 'etcd', 'etcd-readiness', 'informer-sync', 'shutdown'],
};

/** Non-resource paths the simulated server answers, for GET / (kube-apiserver's list is longer). */
const ROOT_PATHS = ['/api', '/api/v1', '/apis', '/healthz', '/livez', '/readyz', '/version'];

/** The Status client-go makes of an answer that is not one (rest/request.go newUnstructuredResponseError). */
export function genericStatus(code: 404 | 405): Status {
  return code === 404
    ? statusError('NotFound', 'the server could not find the requested resource')
    : statusError('MethodNotAllowed', 'the server does not allow this method on the requested resource');
}

/** encoding/json's Encoder.Encode (compact, HTML-safe, a newline) or MarshalIndent (two spaces, no newline). */
export function goJsonBody(value: unknown, pretty: boolean): string {
  const escape = (text: string) => text.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return pretty ? escape(JSON.stringify(value, null, 2)) : `${escape(JSON.stringify(value))}\n`;
}

/**
 * handlers isPrettyPrint: the first `pretty` value as strconv.ParseBool reads it (anything
 * else is false); kubectl's user agent asks for nothing else.
 */
export function prettyPrint(query: readonly [string, string][]): boolean {
  const value = query.find(([k]) => k === 'pretty')?.[1] ?? '';
  return ['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value);
}

export function handleNonResource(env: HandlerEnv, user: UserInfo, req: NonResourceRequest, view: AuthorizerView): void {
  if (!authorizeNonResource(user, req.method, req.path, view)) {
    return fail(env, statusError('Forbidden', `forbidden: User ${JSON.stringify(user.name)} cannot ${req.method} path ${JSON.stringify(req.path)}`));
  }
  const body = serve(req, prettyPrint(req.query));
  if (typeof body !== 'string') return fail(env, body);
  succeed(env, body, 0);
}

function serve(req: NonResourceRequest, pretty: boolean): string | Status {
  const { path } = req;
  const segments = path.split('/').slice(1);
  const head = segments[0] ?? '';
  // go-restful's routes (/version, discovery) are GET only; the mux's handlers (the index,
  // the health checks) answer any method a user may use on the path
  const get = (body: () => string): string | Status => (req.method === 'get' ? body() : genericStatus(405));
  if (path === '/') return JSON.stringify({ paths: ROOT_PATHS }, null, 2);
  if (head === 'healthz' || head === 'livez' || head === 'readyz') {
    const checks = HEALTH_CHECKS[head];
    if (segments.length === 1) return healthReport(head, checks, req.query);
    // one check's own handler (adaptCheckToHandler); a name it does not have is no route
    if (segments.length === 2 && checks.includes(segments[1]!)) return 'ok';
    return genericStatus(404);
  }
  if (path === '/version') return get(() => JSON.stringify(KUBERNETES_VERSION, null, 2));
  if (head === 'api' || head === 'apis') {
    const docs = discoveryDocuments(`${APISERVER_ADVERTISE_ADDRESS}:${APISERVER_SECURE_PORT}`);
    const doc = docs[path] ?? (head === 'apis' && segments.length === 2 ? groupDocument(docs, segments[1]!) : undefined);
    if (doc !== undefined) return get(() => goJsonBody(doc, pretty));
  }
  return genericStatus(404);
}

/**
 * healthz.go handleRootHealth: `ok`, or with ?verbose each check as `[+]name ok` (`[+]name
 * excluded: ok` for one ?exclude names), a warning for an excluded name it does not have,
 * and `<endpoint> check passed`.
 */
function healthReport(endpoint: string, checks: readonly string[], query: readonly [string, string][]): string {
  if (!query.some(([k]) => k === 'verbose')) return 'ok';
  const excluded = new Set(query.filter(([k]) => k === 'exclude').map(([, v]) => v));
  let out = '';
  for (const name of checks) {
    if (excluded.delete(name)) out += `[+]${name} excluded: ok\n`;
    else out += `[+]${name} ok\n`;
  }
  if (excluded.size > 0) out += `warn: some health checks cannot be excluded: no matches for ${[...excluded].sort().map((n) => JSON.stringify(n)).join(',')}\n`;
  return `${out}${endpoint} check passed\n`;
}

/** GET /apis/<group>: the APIGroup from the group list. */
function groupDocument(docs: Record<string, unknown>, group: string): unknown {
  const list = docs['/apis'] as { groups: { name: string; versions: unknown[]; preferredVersion: unknown }[] };
  const g = list.groups.find((x) => x.name === group);
  return g === undefined ? undefined : { kind: 'APIGroup', apiVersion: 'v1', name: g.name, versions: g.versions, preferredVersion: g.preferredVersion };
}
