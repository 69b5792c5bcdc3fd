// A stub API server for capture-label.sh: scenario-stub.mjs (objects of a scenario, GET, LIST,
// WATCH) plus merge PATCH, PUT, the scale subresource of Deployments and ReplicaSets,
// ?dryRun, resourceVersion conflicts, and each request logged on standard error.
// Usage: node label-stub.mjs PORT SCENARIO.json
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
  '/api/v1': { kind: 'APIResourceList', groupVersion: 'v1', resources: [resource('pods', 'Pod', true, { shortNames: ['po'] }), resource('configmaps', 'ConfigMap', true, { shortNames: ['cm'] }), resource('namespaces', 'Namespace', false, { shortNames: ['ns'] }), resource('nodes', 'Node', false, { shortNames: ['no'] })] },
  '/apis/apps/v1': { kind: 'APIResourceList', groupVersion: 'apps/v1', resources: [resource('deployments', 'Deployment', true, { shortNames: ['deploy'] }), scaleRes('deployments'), resource('replicasets', 'ReplicaSet', true, { shortNames: ['rs'] }), scaleRes('replicasets')] },
};
const res4 = { Pod: 'pods', ConfigMap: 'configmaps', Deployment: 'deployments', Node: 'nodes', ReplicaSet: 'replicasets' };
let rv = 10;
const store = new Map();
const keyOf = (o) => `${res4[o.kind]}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
function put(o) { rv++; const obj = structuredClone(o); obj.metadata.resourceVersion = String(rv); obj.metadata.uid ??= 'uid-' + o.metadata.name; obj.metadata.creationTimestamp ??= '2026-01-01T00:00:00Z'; store.set(keyOf(obj), obj); return obj; }
for (const o of sc.objects ?? []) put(o);
const status = (code, reason, message, details) => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, details, code });
const notFound = (r, name) => status(404, 'NotFound', `${r}${r.includes('.') || ['pods','configmaps','nodes','namespaces'].includes(r) ? '' : '.apps'} "${name}" not found`, { name, ...(['pods','configmaps','nodes','namespaces'].includes(r) ? {} : { group: 'apps' }), kind: r });
const conflict = (r, name) => status(409, 'Conflict', `Operation cannot be fulfilled on ${r}${['pods','configmaps','nodes'].includes(r) ? '' : '.apps'} "${name}": the object has been modified; please apply your changes to the latest version and try again`, { name, kind: r });
function mergePatch(t, p) {
  if (p === null || typeof p !== 'object' || Array.isArray(p)) return p;
  const out = (t && typeof t === 'object' && !Array.isArray(t)) ? { ...t } : {};
  for (const [k, v] of Object.entries(p)) { if (v === null) delete out[k]; else out[k] = mergePatch(out[k], v); }
  return out;
}
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
    if (!disc[path]) process.stderr.write(`${req.method} ${req.url}${req.headers['content-type'] && req.method !== 'GET' ? ' [' + req.headers['content-type'] + ']' : ''}${body ? ' ' + body : ''}\n`);
    if (disc[path]) return send(res, 200, disc[path]);
    const m = /^\/(?:api\/v1|apis\/apps\/v1)(?:\/namespaces\/([^/]+))?\/([^/]+)(?:\/([^/]+))?(?:\/(scale))?$/.exec(path);
    if (!m || (m[4] && !['deployments','replicasets'].includes(m[2]))) return send(res, 404, status(404, 'NotFound', 'the server could not find the requested resource', {}));
    const [, ns, r, name, sub] = m;
    const dry = q.get('dryRun') === 'All';
    if (name) {
      const k = `${r}/${ns ?? ''}/${name}`;
      const o = store.get(k);
      if (!o) return send(res, 404, notFound(r, name));
      if (req.method === 'GET') return send(res, 200, sub ? toScale(o) : o);
      const b = body ? JSON.parse(body) : {};
      const wantRv = b?.metadata?.resourceVersion;
      if (wantRv !== undefined && wantRv !== o.metadata.resourceVersion) return send(res, 409, conflict(r, name));
      let next;
      if (sub) {
        const s = req.method === 'PUT' ? b : mergePatch(toScale(o), b);
        next = structuredClone(o); next.spec = { ...next.spec, replicas: s.spec?.replicas };
      } else if (req.method === 'PATCH') {
        next = mergePatch(structuredClone(o), b);
      } else if (req.method === 'PUT') next = b;
      else return send(res, 405, status(405, 'MethodNotAllowed', 'no', {}));
      next.metadata.resourceVersion = o.metadata.resourceVersion;
      const changed = JSON.stringify(next) !== JSON.stringify(o);
      let out = next;
      if (!dry && changed) out = put(next);
      return send(res, 200, sub ? toScale(out) : out);
    }
    const items = [...store.values()].filter((o) => res4[o.kind] === r && (ns === undefined || o.metadata.namespace === ns) && matches(o, q));
    const kind = { pods: 'PodList', configmaps: 'ConfigMapList', deployments: 'DeploymentList', nodes: 'NodeList', replicasets: 'ReplicaSetList' }[r];
    send(res, 200, { kind, apiVersion: ['deployments', 'replicasets'].includes(r) ? 'apps/v1' : 'v1', metadata: { resourceVersion: String(rv) }, items });
  });
}).listen(port, '127.0.0.1');
