// A stub API server for capture-label.sh and capture-requests.sh: scenario-stub.mjs (objects of
// a scenario, GET, LIST by field and label selector, WATCH) plus PATCH (merge, an approximate
// strategic merge, and JSON patch with add/replace/remove/test at simple paths), PUT, POST
// (create), the scale subresource of Deployments and ReplicaSets, ?dryRun, resourceVersion
// conflicts, SelfSubjectAccessReviews (allowed unless kubectl impersonates) and, with RULES=FILE,
// SelfSubjectRulesReviews, a Pod's log (two lines per container), and the 422 a real API server answers for a Deployment patched to negative replicas. Each request but discovery is logged on standard error, one line per request:
//   METHOD URL [CONTENT-TYPE] BODY
// where ` [CONTENT-TYPE]` is left out for a GET or when the request has none, ` BODY` is left out
// when the request has no body, a body's one trailing newline is dropped and any other newline
// is written as the two characters \n.
// Usage: [LIST_SORTED=1] [RULES=FILE] node label-stub.mjs PORT SCENARIO.json
import http from 'node:http';
import fs from 'node:fs';
const port = Number(process.argv[2]);
const sc = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const verbs = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
const resource = (name, kind, namespaced, extra = {}) => ({ name, singularName: kind.toLowerCase(), namespaced, kind, verbs, ...extra });
const scaleRes = (name) => ({ name: `${name}/scale`, singularName: '', namespaced: true, group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] });
const disc = {
  '/api': { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: `127.0.0.1:${port}` }] },
  '/apis': { kind: 'APIGroupList', apiVersion: 'v1', groups: [{ name: 'apps', versions: [{ groupVersion: 'apps/v1', version: 'v1' }], preferredVersion: { groupVersion: 'apps/v1', version: 'v1' } }] },
  '/api/v1': { kind: 'APIResourceList', groupVersion: 'v1', resources: [resource('pods', 'Pod', true, { shortNames: ['po'] }), resource('configmaps', 'ConfigMap', true, { shortNames: ['cm'] }), resource('namespaces', 'Namespace', false, { shortNames: ['ns'] }), resource('nodes', 'Node', false, { shortNames: ['no'] }), resource('services', 'Service', true, { shortNames: ['svc'] })] },
  '/apis/apps/v1': { kind: 'APIResourceList', groupVersion: 'apps/v1', resources: [resource('deployments', 'Deployment', true, { shortNames: ['deploy'] }), scaleRes('deployments'), resource('replicasets', 'ReplicaSet', true, { shortNames: ['rs'] }), scaleRes('replicasets')] },
};
// /version and a minimal OpenAPI v3 (served, and logged like other requests): each kind's PATCH
// operation declares the dryRun, fieldManager and fieldValidation query parameters, so kubectl
// validates on the server (fieldValidation=Strict) instead of downloading schemas; no request
// body is declared, so `kubectl apply` computes its strategic merge patches from its built-in
// types.
const gvDoc = (prefix, group, kinds) => ({ openapi: '3.0.0', info: { title: 'Kubernetes', version: 'v1.32.4' }, paths: Object.fromEntries(kinds.map(([r, kind, namespaced]) => [
  `/${prefix}/${namespaced ? 'namespaces/{namespace}/' : ''}${r}/{name}`,
  { patch: { 'x-kubernetes-group-version-kind': { group, version: 'v1', kind }, parameters: ['dryRun', 'fieldManager', 'fieldValidation', 'force'].map((name) => ({ name, in: 'query', schema: { type: 'string', uniqueItems: true } })), responses: { 200: { description: 'OK' } } } },
])) });
const served = {
  '/version': { major: '1', minor: '32', gitVersion: 'v1.32.4', gitCommit: '59526cd4867447956156ae3a602fcbac5a2e5ea2', gitTreeState: 'clean', buildDate: '2025-04-22T16:00:00Z', goVersion: 'go1.23.8', compiler: 'gc', platform: 'linux/amd64' },
  '/openapi/v3': { paths: { 'api/v1': { serverRelativeURL: '/openapi/v3/api/v1?hash=0' }, 'apis/apps/v1': { serverRelativeURL: '/openapi/v3/apis/apps/v1?hash=0' } } },
  '/openapi/v3/api/v1': gvDoc('api/v1', '', [['pods', 'Pod', true], ['configmaps', 'ConfigMap', true], ['namespaces', 'Namespace', false], ['nodes', 'Node', false], ['services', 'Service', true]]),
  '/openapi/v3/apis/apps/v1': gvDoc('apis/apps/v1', 'apps', [['deployments', 'Deployment', true], ['replicasets', 'ReplicaSet', true]]),
};
const res4 = { Pod: 'pods', ConfigMap: 'configmaps', Deployment: 'deployments', Node: 'nodes', ReplicaSet: 'replicasets', Service: 'services' };
const core = ['pods', 'configmaps', 'nodes', 'namespaces', 'services'];
let rv = 10;
const store = new Map();
const keyOf = (o) => `${res4[o.kind]}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
function put(o) { rv++; const obj = structuredClone(o); obj.metadata.resourceVersion = String(rv); obj.metadata.uid ??= 'uid-' + o.metadata.name; obj.metadata.creationTimestamp ??= '2026-01-01T00:00:00Z'; store.set(keyOf(obj), obj); return obj; }
for (const o of sc.objects ?? []) put(o);
const status = (code, reason, message, details) => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, details, code });
const notFound = (r, name) => status(404, 'NotFound', `${r}${r.includes('.') || core.includes(r) ? '' : '.apps'} "${name}" not found`, { name, ...(core.includes(r) ? {} : { group: 'apps' }), kind: r });
const conflict = (r, name) => status(409, 'Conflict', `Operation cannot be fulfilled on ${r}${core.includes(r) ? '' : '.apps'} "${name}": the object has been modified; please apply your changes to the latest version and try again`, { name, kind: r });
const exists = (r, name) => status(409, 'AlreadyExists', `${r}${core.includes(r) ? '' : '.apps'} "${name}" already exists`, { name, ...(core.includes(r) ? {} : { group: 'apps' }), kind: r });
function mergePatch(t, p) {
  if (p === null || typeof p !== 'object' || Array.isArray(p)) return p;
  const out = (t && typeof t === 'object' && !Array.isArray(t)) ? { ...t } : {};
  for (const [k, v] of Object.entries(p)) { if (v === null) delete out[k]; else out[k] = mergePatch(out[k], v); }
  return out;
}
// An approximate strategic merge patch: maps merge, null deletes, lists with a known merge key
// merge by it, other lists are replaced; the directives $patch (delete/replace), $retainKeys,
// $setElementOrder/LIST and $deleteFromPrimitiveList/LIST are honoured in their simple forms.
const isMap = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const mergeKeys = { containers: 'name', initContainers: 'name', ephemeralContainers: 'name', env: 'name', volumes: 'name', volumeMounts: 'mountPath', imagePullSecrets: 'name', ownerReferences: 'uid', conditions: 'type', hostAliases: 'ip', topologySpreadConstraints: 'topologyKey' };
const mergeKeyOf = (k, items) => k === 'ports' ? (items.some((x) => isMap(x) && 'containerPort' in x) ? 'containerPort' : 'port') : mergeKeys[k];
function strategicPatch(t, p) {
  if (!isMap(p)) return p;
  if (p.$patch === 'delete') return undefined;
  const out = isMap(t) && p.$patch !== 'replace' ? { ...t } : {};
  const orders = [];
  for (const [k, v] of Object.entries(p)) {
    if (k === '$patch' || k === '$retainKeys') continue;
    if (k.startsWith('$setElementOrder/')) { orders.push([k.slice(17), v]); continue; }
    if (k.startsWith('$deleteFromPrimitiveList/')) { const f = k.slice(25); out[f] = (out[f] ?? []).filter((x) => !v.includes(x)); continue; }
    const next = v === null ? undefined : Array.isArray(v) ? mergeList(k, out[k], v) : strategicPatch(out[k], v);
    if (next === undefined) delete out[k]; else out[k] = next;
  }
  for (const [f, order] of orders) {
    if (!Array.isArray(out[f])) continue;
    const mk = mergeKeyOf(f, out[f]);
    const pos = (x) => { const i = order.findIndex((o) => (mk ? isMap(o) && isMap(x) && o[mk] === x[mk] : o === x)); return i < 0 ? order.length : i; };
    out[f] = out[f].map((x, i) => [pos(x), i, x]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((e) => e[2]);
  }
  if (Array.isArray(p.$retainKeys)) for (const k of Object.keys(out)) if (!p.$retainKeys.includes(k)) delete out[k];
  return out;
}
function mergeList(k, cur, patch) {
  if (patch.some((x) => isMap(x) && x.$patch === 'replace')) return patch.filter((x) => !(isMap(x) && x.$patch === 'replace')).map((x) => strategicPatch({}, x));
  const mk = mergeKeyOf(k, [...(Array.isArray(cur) ? cur : []), ...patch]);
  if (k === 'finalizers') return [...new Set([...(Array.isArray(cur) ? cur : []), ...patch])];
  if (!mk) return patch;
  const out = Array.isArray(cur) ? structuredClone(cur) : [];
  for (const item of patch) {
    const i = out.findIndex((x) => isMap(x) && isMap(item) && x[mk] === item[mk]);
    if (isMap(item) && item.$patch === 'delete') { if (i >= 0) out.splice(i, 1); continue; }
    if (i >= 0) out[i] = strategicPatch(out[i], item); else out.push(strategicPatch({}, item));
  }
  return out;
}
// JSON patch (RFC 6902) with add, replace, remove and test at paths of object keys and list indexes.
function jsonPatch(doc, ops) {
  for (const op of ops) {
    const parts = op.path.split('/').slice(1).map((x) => x.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = parts.pop();
    let parent = doc;
    for (const k of parts) { parent = parent?.[Array.isArray(parent) ? Number(k) : k]; if (parent === undefined || parent === null) return null; }
    if (op.op === 'test') { if (JSON.stringify(parent[last]) !== JSON.stringify(op.value)) return null; continue; }
    if (Array.isArray(parent)) {
      const i = last === '-' ? parent.length : Number(last);
      if (op.op === 'add') parent.splice(i, 0, op.value); else if (op.op === 'replace') parent[i] = op.value; else if (op.op === 'remove') parent.splice(i, 1); else return null;
    } else {
      if (op.op !== 'add' && !(last in parent)) return null;
      if (op.op === 'remove') delete parent[last]; else if (op.op === 'add' || op.op === 'replace') parent[last] = op.value; else return null;
    }
  }
  return doc;
}
function parse(body) { try { return body ? JSON.parse(body) : {}; } catch { return undefined; } }
function matches(o, q) {
  const fs_ = q.get('fieldSelector');
  if (fs_) { const m = /^metadata\.name=(.*)$/.exec(fs_); if (m && o.metadata.name !== m[1]) return false; }
  const ls = q.get('labelSelector');
  if (ls) for (const term of ls.split(',')) { const [k, v] = term.split('='); if (v === undefined ? !(k in (o.metadata.labels ?? {})) : (o.metadata.labels ?? {})[k] !== v) return false; }
  return true;
}
const toScale = (o) => ({ kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name: o.metadata.name, namespace: o.metadata.namespace, uid: o.metadata.uid, resourceVersion: o.metadata.resourceVersion, creationTimestamp: o.metadata.creationTimestamp }, spec: { replicas: o.spec?.replicas ?? 1 }, status: { replicas: o.status?.replicas ?? 0, selector: Object.entries(o.spec?.selector?.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`).join(',') } });
const send = (res, code, body) => { res.writeHead(code, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const u = new URL(req.url, 'http://x');
    const path = u.pathname, q = u.searchParams;
    const logged = body.replace(/\n$/, '').replace(/\n/g, '\\n');
    if (!disc[path]) process.stderr.write(`${req.method} ${req.url}${req.headers['content-type'] && req.method !== 'GET' ? ' [' + req.headers['content-type'] + ']' : ''}${logged ? ' ' + logged : ''}\n`);
    if (disc[path]) return send(res, 200, disc[path]);
    if (served[path] && req.method === 'GET') return send(res, 200, served[path]);
    // a container's log (kubectl logs), as a kubelet reads it: two lines naming the Pod and
    // container, line N written at second N of 2026-01-01; the last tailLines of them if
    // asked, each led by its RFC3339NanoFixed time with timestamps=true, all cut after
    // limitBytes (sinceSeconds and sinceTime are not applied: the lines are months old). A
    // Pod annotated stub/log-error answers that message as the API server's BadRequest.
    const log = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/log$/.exec(path);
    if (req.method === 'GET' && log) {
      const failure = store.get(`pods/${log[1]}/${log[2]}`)?.metadata.annotations?.['stub/log-error'];
      if (failure) return send(res, 400, status(400, 'BadRequest', failure, undefined));
      const stamp = (n) => (q.get('timestamps') === 'true' ? `2026-01-01T00:00:0${n}.000000000Z ` : '');
      const lines = [1, 2].map((n) => `${stamp(n)}${log[2]}/${q.get('container')} line ${n}\n`);
      const tail = q.get('tailLines');
      const text = (tail === null ? lines : lines.slice(lines.length - Math.min(lines.length, Number(tail)))).join('');
      const limit = q.get('limitBytes');
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      return res.end(limit === null ? text : Buffer.from(text).subarray(0, Number(limit)));
    }
    // SelfSubjectAccessReview (kubectl auth can-i): allowed for kubectl's own user, denied
    // (no reason) to one it impersonates with --as
    if (req.method === 'POST' && path === '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews') {
      // (kubectl sends the review as protobuf; it reads only the answer's status)
      return send(res, 201, { kind: 'SelfSubjectAccessReview', apiVersion: 'authorization.k8s.io/v1', metadata: {}, spec: {}, status: { allowed: req.headers['impersonate-user'] === undefined } });
    }
    // SelfSubjectRulesReview (kubectl auth can-i --list): with RULES=FILE, FILE's `admin`
    // status for kubectl's own user, its `impersonated` one under --as
    if (req.method === 'POST' && path === '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews' && process.env.RULES) {
      const rules = JSON.parse(fs.readFileSync(process.env.RULES, 'utf8'));
      return send(res, 201, { kind: 'SelfSubjectRulesReview', apiVersion: 'authorization.k8s.io/v1', metadata: {}, spec: {}, status: rules[req.headers['impersonate-user'] === undefined ? 'admin' : 'impersonated'] });
    }
    const m = /^\/(?:api\/v1|apis\/apps\/v1)(?:\/namespaces\/([^/]+))?\/([^/]+)(?:\/([^/]+))?(?:\/(scale))?$/.exec(path);
    if (!m || (m[4] && !['deployments','replicasets'].includes(m[2]))) return send(res, 404, status(404, 'NotFound', 'the server could not find the requested resource', {}));
    const [, ns, r, name, sub] = m;
    const dry = q.get('dryRun') === 'All';
    if (name) {
      const k = `${r}/${ns ?? ''}/${name}`;
      const o = store.get(k);
      if (!o) return send(res, 404, notFound(r, name));
      if (req.method === 'GET') return send(res, 200, sub ? toScale(o) : o);
      const b = parse(body);
      if (b === undefined) return send(res, 400, status(400, 'BadRequest', 'the body of the request is not JSON', {}));
      const wantRv = b?.metadata?.resourceVersion;
      if (wantRv !== undefined && wantRv !== o.metadata.resourceVersion) return send(res, 409, conflict(r, name));
      let next;
      if (sub) {
        const s = req.method === 'PUT' ? b : mergePatch(toScale(o), b);
        next = structuredClone(o); next.spec = { ...next.spec, replicas: s.spec?.replicas };
      } else if (req.method === 'PATCH') {
        const type = req.headers['content-type'] ?? '';
        if (type.startsWith('application/strategic-merge-patch+json')) next = strategicPatch(structuredClone(o), b);
        else if (type.startsWith('application/json-patch+json')) next = jsonPatch(structuredClone(o), b);
        else next = mergePatch(structuredClone(o), b);
        if (!isMap(next) || !isMap(next.metadata)) return send(res, 422, status(422, 'Invalid', 'the patch could not be applied', {}));
      } else if (req.method === 'PUT') next = b;
      else return send(res, 405, status(405, 'MethodNotAllowed', 'no', {}));
      next.metadata.resourceVersion = o.metadata.resourceVersion;
      // the API server's validation of a Deployment's replicas (kubectl edit's invalid save, capture-edit.sh)
      if (r === 'deployments' && !sub && typeof next.spec?.replicas === 'number' && next.spec.replicas < 0) {
        const v = next.spec.replicas;
        return send(res, 422, status(422, 'Invalid', `Deployment.apps "${name}" is invalid: spec.replicas: Invalid value: ${v}: must be greater than or equal to 0`, { name, group: 'apps', kind: 'Deployment', causes: [{ reason: 'FieldValueInvalid', message: `Invalid value: ${v}: must be greater than or equal to 0`, field: 'spec.replicas' }] }));
      }
      const changed = JSON.stringify(next) !== JSON.stringify(o);
      let out = next;
      if (!dry && changed) out = put(next);
      return send(res, 200, sub ? toScale(out) : out);
    }
    if (req.method === 'POST') {
      const b = parse(body);
      if (!isMap(b) || !isMap(b.metadata) || !b.metadata.name) return send(res, 422, status(422, 'Invalid', 'name or generateName is required', {}));
      if (ns !== undefined) b.metadata.namespace = ns;
      if (store.has(keyOf(b))) return send(res, 409, exists(r, b.metadata.name));
      const out = dry ? { ...b, metadata: { ...b.metadata, uid: 'uid-' + b.metadata.name, creationTimestamp: '2026-01-01T00:00:00Z' } } : put(b);
      return send(res, 201, out);
    }
    // a watch: no event ever comes (the stub's objects change only when a request changes
    // them); the connection stays open until kubectl closes it
    if (q.get('watch') === 'true') { res.writeHead(200, { 'content-type': 'application/json' }); return res.flushHeaders(); }
    const items = [...store.values()].filter((o) => res4[o.kind] === r && (ns === undefined || o.metadata.namespace === ns) && matches(o, q));
    // LIST_SORTED=1: in namespace and name order, as a real API server lists from etcd's keys
    if (process.env.LIST_SORTED === '1') items.sort((a, b) => (a.metadata.namespace ?? '').localeCompare(b.metadata.namespace ?? '') || (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
    const kind = { pods: 'PodList', configmaps: 'ConfigMapList', deployments: 'DeploymentList', nodes: 'NodeList', replicasets: 'ReplicaSetList', services: 'ServiceList', namespaces: 'NamespaceList' }[r];
    send(res, 200, { kind, apiVersion: ['deployments', 'replicasets'].includes(r) ? 'apps/v1' : 'v1', metadata: { resourceVersion: String(rv) }, items });
  });
}).listen(port, '127.0.0.1');
