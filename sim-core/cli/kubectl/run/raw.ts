// `kubectl get|create|replace|delete --raw URI [-f FILE]` (kubectl pkg/rawhttp/raw.go): one
// HTTP request — GET, POST, PUT or DELETE — to a path of the API server, the body read from
// the file as it is, and the answer's body copied to standard output byte for byte. So what
// is printed is what kube-apiserver sends: an object as its JSON serializer writes it
// (encoding/json's Encoder: compact, `<`, `>` and `&` escaped, a newline at the end;
// MarshalIndent with ?pretty, no newline; ObjectMeta's members in the Go struct's order,
// resourceVersion after uid), a list whose items carry no kind or apiVersion (the
// serializer sets TypeMeta on the list alone), a removed object's Status where its store
// does not return it. Warning headers are printed first (`Warning: …` on stderr). A failed
// request prints what client-go makes of the error body (`Error from server (NotFound): …`).
//
// The simulated API server is not an HTTP server: this routes the path to the request it
// names (list, get, create, update, updateStatus, the scale and finalize subresources,
// delete, and a non-resource path, which the server authorizes and answers itself:
// nonResource.ts) and encodes the answer. What the routes below do not serve is refused in
// words that say so, never answered with something made up.
import { kindOfResource, type KindDefinition } from '../../../apiserver';
import { genericStatus, goJsonBody, prettyPrint, type NonResourceRequest } from '../../../apiserver/server/nonResource';
import { decodeKindRefusal } from '../../../apiserver/server/decodeKind';
import type { ApiResult, FieldValidation, KubeObject, ObjectList, PropagationPolicy, Status } from '../../../client';
import { goJsonSyntaxError } from '../../../apiserver/manifest/goJsonScanner';
import { objectMetaSchema } from '../../../apiserver/kinds/objectMeta';
import { parseGoInt64 } from '../../flags/go-values';
import { requestTarget, requestURIError, type RequestTarget } from '../request-uri';
import { REQUEST_TIMEOUT_TICKS, statusText } from './api';
import type { RunEnv } from './env';
import { resolvePath } from './workspace';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const METHOD_OF = { get: 'GET', create: 'POST', replace: 'PUT', delete: 'DELETE' } as const satisfies Partial<Record<RunEnv['cmd']['command'], Method>>;

/** What a route answers: the body as sent, or a failed request's Status; either with the answer's Warning headers. */
type Answer = ({ ok: true; body: string } | { ok: false; status: Status } | { ok: false; unsupported: string }) & { warnings?: string[] };

/** The kinds whose registry serves a status subresource (their REST storage has a StatusREST). */
const WITH_STATUS: ReadonlySet<string> = new Set(['pods', 'nodes', 'namespaces', 'services', 'deployments', 'replicasets', 'persistentvolumeclaims', 'persistentvolumes']);
/**
 * The stores built with ReturnDeletedObject: true (pkg/registry/core/{pod,service,
 * serviceaccount,namespace}/storage/storage.go in 1.32): their DELETE answers the object.
 * Every other store answers a removed object with finalizeDelete's Status.
 */
const RETURNS_DELETED_OBJECT: ReadonlySet<string> = new Set(['pods', 'services', 'serviceaccounts', 'namespaces']);
/** …and a scale subresource, as the simulated API server serves it (autoscaling/v1 Scale). */
const WITH_SCALE: ReadonlySet<string> = new Set(['deployments', 'replicasets']);

/**
 * Query parameters the real server would act on and this one cannot: refused, rather than
 * answered as if they were not there — but only with a value that acts (ListOptions'
 * conversions: `watch=false` or `0`, `limit=0`, an empty `continue` and
 * `sendInitialEvents=false` are a plain list). Any other parameter a request does not read
 * is ignored, as kube-apiserver ignores one its options do not have.
 */
const UNSERVED_PARAMETERS: Readonly<Record<string, { acts: (value: string) => boolean; why: string }>> = {
  watch: { acts: (v) => queryBool(v), why: ': kubectl get -w watches' },
  limit: { acts: (v) => int64Of(v) > 0n, why: ': a list is answered whole' },
  continue: { acts: (v) => v !== '', why: ': a list is answered whole' },
  sendInitialEvents: { acts: (v) => queryBool(v), why: '' },
  orphanDependents: { acts: () => true, why: ': propagationPolicy=Orphan says the same' },
};

/** A query parameter's int64 (strconv.ParseInt); 0 when it does not parse (that is refused earlier, as a 400). */
function int64Of(value: string): bigint {
  const parsed = parseGoInt64(value, 10);
  return parsed.ok ? parsed.value : 0n;
}

/** runtime.Convert_Slice_string_To_bool: `0` and `false` (any case) are false, anything else — the empty value too — true. */
function queryBool(value: string): boolean {
  return value !== '0' && value.toLowerCase() !== 'false';
}

export function runRaw(env: RunEnv): void {
  const { cmd, out } = env;
  const method = METHOD_OF[cmd.command as keyof typeof METHOD_OF];
  // parse checked the URI already (Validate); this cannot fail for a command that got here
  const invalid = requestURIError(cmd.raw ?? '');
  if (invalid !== undefined) return fail(env, `error: --raw must be a valid URL path: ${invalid}\n`);
  // raw.go opens the file before it sends anything
  let body = '';
  const file = cmd.filenames[0];
  if (method !== 'GET' && file !== undefined) {
    const read = readBody(env, file);
    if (!read.ok) return fail(env, read.error);
    body = read.text;
  }
  // client-go's RequestURI reads it again (url.Parse): its error (a *url.Error, which
  // StandardErrorMessage words as a connection failure) stops the request before it is sent
  const target = requestTarget(cmd.raw ?? '');
  if (!target.ok) return fail(env, `Unable to connect to the server: ${target.error}\n`);
  const reachable = env.kube.serverVersion();
  if (!reachable.ok) return fail(env, statusText(reachable.error));
  const answer = route(env, method, target.target, body);
  // client-go's warning handler: each distinct Warning header on stderr, before the body
  for (const w of new Set(answer.warnings ?? [])) out.printErr(`Warning: ${w}\n`);
  if (answer.ok) {
    out.print(answer.body);
    return;
  }
  if ('unsupported' in answer) return fail(env, `error: ${answer.unsupported}\n`);
  fail(env, statusText(answer.status));
}

function fail(env: RunEnv, text: string): void {
  env.out.printErr(text);
  env.out.exit(1);
}

function readBody(env: RunEnv, file: string): { ok: true; text: string } | { ok: false; error: string } {
  if (file === '-') return { ok: true, text: env.stdin ?? '' };
  const r = resolvePath(env.files, file);
  // os.Open's errors, printed by CheckErr
  if (!r.ok) return { ok: false, error: r.error === 'missing' ? `error: open ${file}: no such file or directory\n` : `error: open ${file}: not a directory\n` };
  if (r.entry.kind !== 'file') return { ok: false, error: `error: read ${file}: is a directory\n` };
  return { ok: true, text: env.files.readFile?.(r.entry.key) ?? '' };
}

// ---- responses ------------------------------------------------------------------------

/** ObjectMeta's members in the order of the Go struct's fields: the kind schema's, which follows k8s.io/apimachinery meta/v1 types.go. */
const OBJECT_META_ORDER = Object.keys(objectMetaSchema.shape);

/**
 * The object as the server's serializer writes it: TypeMeta first, metadata in struct order
 * (the simulation keeps resourceVersion apart, so it comes last in its copy). The other
 * members keep the order they are stored in, which is Go's for what the controllers and
 * kubectl's typed commands write, and the sender's for what `kubectl apply` sends.
 */
export function wireObject(obj: KubeObject, typeMeta = true): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // TypeMeta is the struct's first member: kind, then apiVersion, whatever order the object was written in
  if (typeMeta) {
    if (obj.kind !== undefined) out.kind = obj.kind;
    if (obj.apiVersion !== undefined) out.apiVersion = obj.apiVersion;
  }
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'kind' || k === 'apiVersion') continue;
    if (k !== 'metadata' || v === null || typeof v !== 'object') {
      out[k] = v;
      continue;
    }
    const meta = v as Record<string, unknown>;
    const ordered: Record<string, unknown> = {};
    for (const m of OBJECT_META_ORDER) if (meta[m] !== undefined) ordered[m] = meta[m];
    for (const [m, x] of Object.entries(meta)) if (!(m in ordered)) ordered[m] = x;
    out[k] = ordered;
  }
  return out;
}

/** A list as the API server sends it: <Kind>List, the list's resourceVersion, items without TypeMeta. */
export function wireList(def: KindDefinition, list: ObjectList): Record<string, unknown> {
  return {
    kind: `${def.kind}List`,
    apiVersion: def.apiVersion,
    metadata: { resourceVersion: list.resourceVersion },
    items: list.items.map((o) => wireObject(o, false)),
  };
}

function badRequest(message: string): Status {
  return { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'BadRequest', code: 400, message };
}

// ---- routes ---------------------------------------------------------------------------

function route(env: RunEnv, method: Method, target: RequestTarget, body: string): Answer {
  const pretty = prettyPrint(target.query);
  const path = target.path === '' ? '/' : target.path;
  const segments = path.split('/').slice(1);
  const head = segments[0] ?? '';
  if (head === 'api' || head === 'apis') {
    // a path with a resource under a group version (RequestInfoFactory: a resource request)
    const gvLength = head === 'api' ? 2 : 3;
    if (segments.length > gvLength) {
      // a group version no kind is served in finds no resource either (locate: 404)
      const group = head === 'api' ? '' : segments[1]!;
      const version = segments[gvLength - 1]!;
      return resourceRoute(env, method, group, version, segments.slice(gvLength), target, body, pretty);
    }
  }
  if (['openapi', 'metrics', 'logs', 'debug', '.well-known', 'openid'].includes(head) || (['healthz', 'livez', 'readyz'].includes(head) && segments[1] === 'poststarthook')) {
    return { ok: false, unsupported: `${method} ${path} is not part of this simulation: --raw reaches the API under /api and /apis, discovery, /version and the health checks (ping, log, etcd, …)` };
  }
  // any other path names no resource: the server authorizes it by path and answers it (nonResource.ts)
  const r = env.kube.request({ verb: 'nonResource', resource: '', method: method.toLowerCase() as NonResourceRequest['method'], path, query: target.query }, { timeoutTicks: REQUEST_TIMEOUT_TICKS });
  return r.ok ? { ok: true, body: r.value } : { ok: false, status: r.error };
}

interface Located {
  def: KindDefinition;
  /** undefined: every namespace (a namespaced list without one) or a cluster-scoped kind */
  namespace: string | undefined;
  name: string | undefined;
  subresource: string | undefined;
}

/**
 * `<resource>[/<name>[/<sub>]]` or `namespaces/<ns>/<resource>[/<name>[/<sub>]]` under a
 * group version; `namespaces/<name>[/status|/finalize]` is the Namespace itself.
 */
function locate(group: string, version: string, rest: readonly string[]): Located | undefined {
  if (rest.some((s) => s === '')) return undefined;
  const find = (resource: string) => {
    const def = kindOfResource(resource);
    return def !== undefined && def.group === group && def.version === version ? def : undefined;
  };
  if (rest[0] === 'namespaces' && rest.length >= 3 && !(rest.length === 3 && (rest[2] === 'status' || rest[2] === 'finalize'))) {
    const def = find(rest[2]!);
    if (def === undefined || !def.namespaced || rest.length > 5) return undefined;
    return { def, namespace: rest[1]!, name: rest[3], subresource: rest[4] };
  }
  const def = find(rest[0] ?? '');
  if (def === undefined || rest.length > 3) return undefined;
  // a namespaced kind is reached by name only inside its namespace
  if (def.namespaced && rest.length > 1) return undefined;
  return { def, namespace: undefined, name: rest[1], subresource: rest[2] };
}

function resourceRoute(env: RunEnv, method: Method, group: string, version: string, rest: readonly string[], target: RequestTarget, body: string, pretty: boolean): Answer {
  const at = locate(group, version, rest);
  if (at === undefined) return { ok: false, status: genericStatus(404) };
  const { def, namespace, name, subresource } = at;
  const q = new Map<string, string>();
  for (const [k, v] of target.query) if (!q.has(k)) q.set(k, v);
  // delete.go reads DeleteOptions from a body when there is one, else from the query — never both
  if (method === 'DELETE' && body.length > 0) for (const key of DELETE_OPTIONS) q.delete(key);
  // the options' DecodeParameters: an int64 that does not parse is a 400 before anything is done
  for (const key of ['limit', 'gracePeriodSeconds']) {
    const value = q.get(key);
    const parsed = value !== undefined && read(method, name, key) ? parseGoInt64(value, 10) : undefined;
    if (parsed !== undefined && !parsed.ok) return { ok: false, status: badRequest(parsed.error) };
  }
  const unserved = [...q.keys()].find((k) => Object.hasOwn(UNSERVED_PARAMETERS, k) && read(method, name, k) && UNSERVED_PARAMETERS[k]!.acts(q.get(k)!));
  if (unserved !== undefined) return { ok: false, unsupported: `the query parameter "${unserved}" of a ${method} request is not part of this simulation${UNSERVED_PARAMETERS[unserved]!.why}` };
  const dryRun = method === 'GET' ? undefined : q.get('dryRun');
  if (dryRun !== undefined && dryRun !== 'All') return { ok: false, unsupported: `dryRun=${dryRun} is not part of this simulation (dryRun=All is)` };
  const opts = { timeoutTicks: REQUEST_TIMEOUT_TICKS };
  const ns = namespace ?? '';
  const sub = subresource;
  if (sub !== undefined && !(sub === 'status' && WITH_STATUS.has(def.resource)) && !(sub === 'scale' && WITH_SCALE.has(def.resource)) && !(sub === 'finalize' && def.resource === 'namespaces')) {
    if (def.resource === 'pods' && ['log', 'exec', 'attach', 'portforward', 'proxy', 'eviction', 'binding', 'ephemeralcontainers', 'resize'].includes(sub)) {
      return { ok: false, unsupported: `${method} ${target.path} (the ${sub} subresource) is not part of this simulation through --raw${sub === 'log' ? '; kubectl logs reads it' : ''}` };
    }
    return { ok: false, status: genericStatus(404) };
  }
  const object = (r: ApiResult<KubeObject>): Answer => ({ ...(r.ok ? { ok: true, body: goJsonBody(wireObject(r.value), pretty) } : { ok: false, status: r.error }), ...(r.warnings !== undefined ? { warnings: r.warnings } : {}) });

  if (method === 'GET') {
    if (name === undefined) {
      const r = env.kube.request({ verb: 'list', resource: def.resource, ...(namespace !== undefined ? { namespace } : {}), ...opt('labelSelector', q.get('labelSelector')), ...opt('fieldSelector', q.get('fieldSelector')) }, opts);
      return r.ok ? { ok: true, body: goJsonBody(wireList(def, r.value), pretty) } : { ok: false, status: r.error };
    }
    if (sub === 'finalize') return { ok: false, status: genericStatus(405) };
    return object(env.kube.request({ verb: 'get', resource: def.resource, namespace: ns, name, ...(sub === 'scale' ? { subresource: 'scale' as const } : {}) }, opts));
  }
  if (method === 'DELETE') {
    if (name === undefined) return { ok: false, unsupported: `DELETE of a whole collection (deletecollection) is not part of this simulation; delete the objects by name` };
    if (sub !== undefined) return { ok: false, status: genericStatus(405) };
    const options = deleteOptions(body, q);
    if (!options.ok) return 'status' in options ? { ok: false, status: options.status } : options;
    const r = env.kube.request({ verb: 'delete', resource: def.resource, namespace: ns, name, ...options.value, ...(dryRun === 'All' ? { dryRun: true } : {}) }, opts);
    return r.ok ? { ok: true, body: goJsonBody(deleteAnswer(def, r.value), pretty) } : { ok: false, status: r.error };
  }
  // POST and PUT carry an object; a route neither has is refused before the body is read
  if (method === 'POST' && (name !== undefined || (def.namespaced && namespace === undefined))) return { ok: false, status: genericStatus(405) };
  if (method === 'PUT' && name === undefined) return { ok: false, status: genericStatus(405) };
  // rawhttp sends no fieldValidation: the server's default, Warn
  const validation = fieldValidation(method, q.get('fieldValidation'));
  if (!validation.ok) return { ok: false, status: validation.status };
  const decoded = decodeBody(body, def, sub);
  if (!decoded.ok) return { ok: false, status: decoded.status };
  const obj = decoded.value;
  // the decoder's verdict on the body's kind comes before the handler's own checks below; the
  // server gives the same one (decodeKind.ts) to whatever reaches it
  const kindRefused = decodeKindRefusal(sub === 'scale' ? { kind: 'Scale', group: 'autoscaling', apiVersion: 'autoscaling/v1' } : def, obj);
  if (kindRefused !== undefined) return { ok: false, status: kindRefused };
  const m = (obj.metadata ??= {});
  const objNs = m.namespace ?? '';
  if (method === 'PUT') {
    // update.go checkName (handlers/rest.go): the name, then a namespace the object gives
    const bodyName = m.name ?? '';
    if (bodyName !== name) return { ok: false, status: badRequest(`the name of the object (${bodyName}) does not match the name on the URL (${name})`) };
    if (ns !== '' && objNs !== '' && objNs !== ns) return { ok: false, status: badRequest(`the namespace of the object (${objNs}) does not match the namespace on the request (${ns})`) };
  }
  // rest.EnsureObjectNamespaceMatchesRequestNamespace: empty takes the request's; a cluster-scoped request clears it
  if (!def.namespaced || sub === 'scale') {
    if (!def.namespaced) delete m.namespace;
  } else if (objNs === '') m.namespace = ns;
  else if (objNs !== ns) return { ok: false, status: badRequest('the namespace of the provided object does not match the namespace sent on the request') };
  const dry = dryRun === 'All' ? { dryRun: true } : {};
  if (method === 'POST') return object(env.kube.request({ verb: 'create', resource: def.resource, namespace: ns, body: obj, ...dry, fieldValidation: validation.value }, opts));
  if (sub === 'status') return object(env.kube.request({ verb: 'updateStatus', resource: def.resource, namespace: ns, body: obj, ...dry }, opts));
  return object(env.kube.request({ verb: 'update', resource: def.resource, namespace: ns, body: obj, ...dry, fieldValidation: validation.value, ...(sub === 'scale' || sub === 'finalize' ? { subresource: sub } : {}) }, opts));
}

/**
 * What a DELETE answers (registry/generic/registry/store.go Delete): an object only marked
 * for deletion (finalizers left; a Pod's grace period) is answered as it now is; a removed
 * one as finalizeDelete answers it — the object for the stores above, else a Status whose
 * details name the resource (`kind` is the resource, as the source says) and the uid.
 * Outside Pods, only finalizers keep an object, so an answer without them was removed.
 */
function deleteAnswer(def: KindDefinition, obj: KubeObject): unknown {
  if (RETURNS_DELETED_OBJECT.has(def.resource) || (obj.metadata?.finalizers ?? []).length > 0) return wireObject(obj);
  const details = { name: obj.metadata?.name ?? '', ...(def.group !== '' ? { group: def.group } : {}), kind: def.resource, ...(obj.metadata?.uid ? { uid: obj.metadata.uid } : {}) };
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details };
}

/**
 * The request's fieldValidation (CreateOptions/UpdateOptions): empty or absent is the
 * server's default, Warn; another value than the three is refused before the body is read
 * (ValidateFieldValidation: a 422 naming the options, its supported values sorted as a
 * sets.String lists them).
 */
function fieldValidation(method: 'POST' | 'PUT', value: string | undefined): { ok: true; value: FieldValidation } | { ok: false; status: Status } {
  if (value === undefined || value === '') return { ok: true, value: 'Warn' };
  if (value === 'Ignore' || value === 'Warn' || value === 'Strict') return { ok: true, value };
  const kind = method === 'POST' ? 'CreateOptions' : 'UpdateOptions';
  const cause = `Unsupported value: ${JSON.stringify(value)}: supported values: "", "Ignore", "Strict", "Warn"`;
  return {
    ok: false,
    status: {
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      reason: 'Invalid',
      code: 422,
      message: `${kind}.meta.k8s.io "" is invalid: fieldValidation: ${cause}`,
      details: { name: '', group: 'meta.k8s.io', kind, causes: [{ reason: 'FieldValueNotSupported', message: cause, field: 'fieldValidation' }] },
    },
  };
}

function opt<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

/** The DeleteOptions a DELETE's query can carry. */
const DELETE_OPTIONS: readonly string[] = ['dryRun', 'propagationPolicy', 'gracePeriodSeconds', 'orphanDependents'];

/** Whether the real server's options for this request read the parameter (a list's ListOptions, a delete's DeleteOptions). */
function read(method: Method, name: string | undefined, key: string): boolean {
  if (method === 'GET') return name === undefined && ['labelSelector', 'fieldSelector', 'watch', 'limit', 'continue', 'sendInitialEvents'].includes(key);
  if (method === 'DELETE') return DELETE_OPTIONS.includes(key);
  return key === 'dryRun';
}

/**
 * The body as the JSON serializer reads it before it decodes (the request's content type is
 * JSON): encoding/json's syntax check, then FindKind's json.Unmarshal of kind and
 * apiVersion; either failure is transformDecodeError's BadRequest (handlers/rest.go), with
 * summarizeData's 30 bytes of the body. A missing or empty kind or apiVersion is the URL's
 * (gvkWithDefaults); whether the body's kind is the resource's is the server's to say.
 */
function decodeBody(body: string, def: KindDefinition, sub: string | undefined): { ok: true; value: KubeObject } | { ok: false; status: Status } {
  const expected = sub === 'scale' ? { apiVersion: 'autoscaling/v1', kind: 'Scale' } : { apiVersion: def.apiVersion, kind: def.kind };
  const unrecognized = (error: string) => ({
    ok: false as const,
    status: badRequest(`the object provided is unrecognized (must be of type ${expected.kind}): couldn't get version/kind; json parse error: ${error} (${summarizeData(body, 30)})`),
  });
  const syntax = goJsonSyntaxError(body);
  if (syntax !== undefined) return unrecognized(syntax);
  const value = JSON.parse(body) as unknown;
  const typeError = findKindTypeError(value);
  if (typeError !== undefined) return unrecognized(typeError);
  // null unmarshals to nothing: an empty object of the URL's kind
  const obj = (value ?? {}) as KubeObject;
  if (obj.apiVersion === undefined || obj.apiVersion === '') obj.apiVersion = expected.apiVersion;
  if (obj.kind === undefined || obj.kind === '') obj.kind = expected.kind;
  return { ok: true, value: obj };
}

/** The Go type FindKind unmarshals into (runtime/serializer/json/meta.go), as reflect prints it. */
const FIND_KIND_TYPE = 'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

/** json.Unmarshal's UnmarshalTypeError for a valid JSON value FindKind cannot read, or undefined. */
function findKindTypeError(value: unknown): string | undefined {
  const jsonType = (v: unknown) => (Array.isArray(v) ? 'array' : typeof v === 'boolean' ? 'bool' : typeof v === 'object' ? 'object' : typeof v);
  if (value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) return `json: cannot unmarshal ${jsonType(value)} into Go value of type ${FIND_KIND_TYPE}`;
  // the first member in the text that is not a string (null leaves the field alone)
  for (const [key, v] of Object.entries(value)) {
    if ((key === 'kind' || key === 'apiVersion') && v !== null && typeof v !== 'string') return `json: cannot unmarshal ${jsonType(v)} into Go struct field .${key} of type string`;
  }
  return undefined;
}

/** handlers/rest.go summarizeData: `<empty>`, the text when it starts with `{`, else hex; cut at maxLength bytes. */
function summarizeData(body: string, maxLength: number): string {
  const bytes = new TextEncoder().encode(body);
  if (bytes.length === 0) return '<empty>';
  const cut = bytes.subarray(0, maxLength);
  const more = bytes.length > maxLength ? ' ...' : '';
  if (bytes[0] === 0x7b) return new TextDecoder().decode(cut) + more;
  return [...cut].map((b) => b.toString(16).padStart(2, '0')).join('') + more;
}

type DeleteRequestOptions = { propagationPolicy?: PropagationPolicy; gracePeriodSeconds?: number; uid?: string; dryRun?: true };

/**
 * metav1.DeleteOptions as delete.go reads them: from the body when it has one (JSON;
 * preconditions, dryRun and orphanDependents too), else from the query's
 * propagationPolicy and gracePeriodSeconds (dryRun and orphanDependents are read by the
 * route). The server judges the policy (an unknown one is refused there).
 */
function deleteOptions(body: string, q: ReadonlyMap<string, string>): { ok: true; value: DeleteRequestOptions } | { ok: false; status: Status } | { ok: false; unsupported: string } {
  const value: DeleteRequestOptions = {};
  if (body.length > 0) {
    // delete.go decodes DeleteOptions without transformDecodeError: a plain error, which the
    // server answers as a 500 with no reason (ErrorToAPIStatus)
    const syntax = goJsonSyntaxError(body);
    const typeError = syntax === undefined ? findKindTypeError(JSON.parse(body)) : undefined;
    const error = syntax ?? typeError;
    if (error !== undefined) return { ok: false, status: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: '' as Status['reason'], code: 500, message: `couldn't get version/kind; json parse error: ${error}` } };
    const parsed = JSON.parse(body) as unknown;
    const o = (parsed ?? {}) as { propagationPolicy?: unknown; gracePeriodSeconds?: unknown; preconditions?: { uid?: unknown }; dryRun?: unknown; orphanDependents?: unknown };
    if (o.orphanDependents !== undefined && o.orphanDependents !== null) return { ok: false, unsupported: `the DeleteOptions member "orphanDependents" is not part of this simulation${UNSERVED_PARAMETERS.orphanDependents!.why}` };
    if (Array.isArray(o.dryRun) && o.dryRun.length > 0) {
      if (o.dryRun.length !== 1 || o.dryRun[0] !== 'All') return { ok: false, unsupported: `dryRun=${JSON.stringify(o.dryRun)} is not part of this simulation (dryRun=All is)` };
      value.dryRun = true;
    }
    if (typeof o.propagationPolicy === 'string') value.propagationPolicy = o.propagationPolicy as PropagationPolicy;
    if (typeof o.gracePeriodSeconds === 'number') value.gracePeriodSeconds = o.gracePeriodSeconds;
    if (typeof o.preconditions?.uid === 'string') value.uid = o.preconditions.uid;
    return { ok: true, value };
  }
  const policy = q.get('propagationPolicy');
  if (policy !== undefined) value.propagationPolicy = policy as PropagationPolicy;
  const grace = q.get('gracePeriodSeconds');
  if (grace !== undefined) value.gracePeriodSeconds = Number(int64Of(grace));
  return { ok: true, value };
}
