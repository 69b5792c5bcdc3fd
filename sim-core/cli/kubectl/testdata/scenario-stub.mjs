// A stub API server for the capture scripts of kubectl wait, delete and set image
// (capture-wait.sh, capture-delete.sh): kubectl's discovery for the kinds of a scenario
// file, and GET, LIST and WATCH (with metadata.name field selectors and label selectors) of
// its objects, changed on the scenario's timeline; DELETE (the object goes, with a DELETED
// watch event; after DELETE_DELAY_MS when that is set) and PATCH; each request logged on
// standard error.
// Usage: node scenario-stub.mjs PORT SCENARIO.json
// SCENARIO: { objects: [object…], events: [{ at: ms, op: 'put'|'delete', object }] }; the
// timeline starts at the first request after discovery. With EVICTION=1 discovery also
// serves pods/eviction (policy/v1) and POST …/pods/NAME/eviction deletes the Pod as DELETE
// does (capture-drain.sh). PUT replaces an object (404 when there is none, 409 when its
// resourceVersion is not the stored one) and POST creates one (409 when it exists), as
// kubectl replace needs (capture-replace.sh). GET …/pods/NAME/log answers as the API server
// does (capture-logs-wait.sh): a Pod not yet scheduled (no spec.nodeName) gets an empty 204
// (LogLocation gives no location), a scheduled one two lines `POD/CONTAINER line N`.
import http from 'node:http';
import fs from 'node:fs';
const port = Number(process.argv[2]);
const sc = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const SHORT = { pods: ['po'], configmaps: ['cm'], services: ['svc'], namespaces: ['ns'], nodes: ['no'], deployments: ['deploy'] };
const resource = (name, kind, namespaced) => ({ name, singularName: kind.toLowerCase(), namespaced, kind, verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'], shortNames: SHORT[name], ...(name === 'deployments' ? { categories: ['all'] } : {}) });
const EVICTION = process.env.EVICTION === '1';
const eviction = { name: 'pods/eviction', singularName: '', namespaced: true, group: 'policy', version: 'v1', kind: 'Eviction', verbs: ['create'] };
const disc = {
  '/api': { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: `127.0.0.1:${port}` }] },
  '/apis': { kind: 'APIGroupList', apiVersion: 'v1', groups: [{ name: 'apps', versions: [{ groupVersion: 'apps/v1', version: 'v1' }], preferredVersion: { groupVersion: 'apps/v1', version: 'v1' } }] },
  '/api/v1': { kind: 'APIResourceList', groupVersion: 'v1', resources: [resource('pods', 'Pod', true), ...(EVICTION ? [eviction] : []), resource('configmaps', 'ConfigMap', true), resource('services', 'Service', true), resource('namespaces', 'Namespace', false), resource('nodes', 'Node', false)] },
  '/apis/apps/v1': { kind: 'APIResourceList', groupVersion: 'apps/v1', resources: [resource('deployments', 'Deployment', true)] },
};
const res4 = { Pod: 'pods', ConfigMap: 'configmaps', Deployment: 'deployments', Node: 'nodes', Service: 'services', Namespace: 'namespaces' };
let rv = 10;
const store = new Map(); // key res/ns/name -> obj
const history = []; // {rv, type, res, obj}
const keyOf = (o) => `${res4[o.kind]}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
const watchers = new Set();
function put(o) {
  rv++;
  const k = keyOf(o);
  const existed = store.has(k);
  const obj = structuredClone(o);
  obj.metadata.resourceVersion = String(rv);
  obj.metadata.uid ??= 'uid-' + o.metadata.name;
  store.set(k, obj);
  emit({ rv, type: existed ? 'MODIFIED' : 'ADDED', res: res4[o.kind], obj });
}
function del(o) {
  const k = keyOf(o);
  const old = store.get(k);
  if (!old) return;
  rv++;
  store.delete(k);
  const obj = structuredClone(old); obj.metadata.resourceVersion = String(rv);
  emit({ rv, type: 'DELETED', res: res4[o.kind], obj });
}
function emit(ev) { history.push(ev); for (const w of watchers) w(ev); }
for (const o of sc.objects ?? []) put(o);
let started = false;
function start() {
  if (started) return; started = true;
  for (const e of sc.events ?? []) {
    setTimeout(() => {
      process.stderr.write(`t+${e.at} ${e.op} ${e.object.metadata.name}\n`);
      if (e.op === 'delete') del(e.object);
      else put(e.object);
    }, e.at);
  }
}
const notFound = (r, name) => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `${r} "${name}" not found`, reason: 'NotFound', details: { name, kind: r }, code: 404 });
function matches(o, q) {
  const fs_ = q.get('fieldSelector');
  if (fs_) { const m = /^metadata\.name=(.*)$/.exec(fs_); if (m && o.metadata.name !== m[1]) return false; }
  if (fs_) { const m = /^spec\.nodeName=(.*)$/.exec(fs_); if (m && o.spec?.nodeName !== m[1]) return false; }
  const ls = q.get('labelSelector');
  if (ls) for (const term of ls.split(',')) { const [k, v] = term.split('='); if ((o.metadata.labels ?? {})[k] !== v) return false; }
  return true;
}
const DELAY = Number(process.env.DELETE_DELAY_MS ?? 0);
http.createServer((req, res) => { let body = ''; req.on('data', (c) => (body += c)); req.on('end', () => handle(req, res, body)); }).listen(port, '127.0.0.1');
function handle(req, res, body) {
  const u = new URL(req.url, 'http://x');
  const path = u.pathname, q = u.searchParams;
  process.stderr.write(`${req.method} ${req.url}${body ? ' BODY ' + body : ''}${req.headers['content-type'] && req.method !== 'GET' ? ' CT ' + req.headers['content-type'] : ''}\n`);
  if (disc[path]) { res.writeHead(200, { 'content-type': 'application/json' }); return res.end(JSON.stringify(disc[path])); }
  start();
  const log = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/log$/.exec(path);
  if (log && req.method === 'GET') {
    const pod = store.get(`pods/${log[1]}/${log[2]}`);
    if (!pod) { res.writeHead(404, { 'content-type': 'application/json' }); return res.end(JSON.stringify(notFound('pods', log[2]))); }
    if (!pod.spec?.nodeName) { res.writeHead(204); return res.end(); }
    res.writeHead(200, { 'content-type': 'text/plain' });
    return res.end([1, 2].map((n) => `${log[2]}/${q.get('container')} line ${n}\n`).join(''));
  }
  const ev = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/eviction$/.exec(path);
  if (ev && req.method === 'POST') return remove(res, `pods/${ev[1]}/${ev[2]}`, 'pods', ev[2], q, {});
  const m = /^\/(?:api\/v1|apis\/apps\/v1)(?:\/namespaces\/([^/]+))?\/([^/]+)(?:\/([^/]+))?$/.exec(path);
  if (!m) { res.writeHead(404, { 'content-type': 'application/json' }); return res.end(JSON.stringify(notFound('x', 'x'))); }
  const [, ns, r, name] = m;
  if (name && req.method === 'DELETE') return remove(res, `${r}/${ns ?? ''}/${name}`, r, name, q, body ? JSON.parse(body) : {});
  if (req.method === 'PUT' || req.method === 'POST') return write(res, r, ns, name, q, JSON.parse(body), req.method === 'PUT');
  if (name && req.method === 'PATCH' && body.includes('"image":null')) {
    res.writeHead(422, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `Deployment.apps "${name}" is invalid: spec.template.spec.containers[0].image: Required value`, reason: 'Invalid', details: { name, group: 'apps', kind: 'Deployment', causes: [{ reason: 'FieldValueRequired', message: 'Required value', field: 'spec.template.spec.containers[0].image' }] }, code: 422 }));
  }
  if (name && req.method === 'PATCH') {
    const o = store.get(`${r}/${ns ?? ''}/${name}`);
    res.writeHead(o ? 200 : 404, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(o ?? notFound(r, name)));
  }
  if (name) {
    const o = store.get(`${r}/${ns ?? ''}/${name}`);
    res.writeHead(o ? 200 : 404, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(o ?? notFound(r, name)));
  }
  const inScope = (o) => res4[o.kind] === r && (ns === undefined || o.metadata.namespace === ns) && matches(o, q);
  if (q.get('watch') === 'true' || q.get('watch') === '1') {
    res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }); res.flushHeaders();
    const from = Number(q.get('resourceVersion') ?? rv);
    const send = (ev) => { if (ev.res === r && ev.rv > from && inScope(ev.obj)) res.write(JSON.stringify({ type: ev.type, object: ev.obj }) + '\n'); };
    for (const ev of history) send(ev);
    watchers.add(send);
    res.on('close', () => watchers.delete(send));
    return;
  }
  const items = [...store.values()].filter(inScope);
  const kind = { pods: 'PodList', configmaps: 'ConfigMapList', deployments: 'DeploymentList', nodes: 'NodeList', services: 'ServiceList', namespaces: 'NamespaceList' }[r];
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ kind, apiVersion: r === 'deployments' ? 'apps/v1' : 'v1', metadata: { resourceVersion: String(rv) }, items }));
}

// DELETE of an object, or an eviction of a Pod: gone at once, or marked and gone after DELETE_DELAY_MS
function remove(res, k, r, name, q, opts) {
  const o = store.get(k);
  if (!o) { res.writeHead(404, { 'content-type': 'application/json' }); return res.end(JSON.stringify(notFound(r, name))); }
  const dry = q.get('dryRun') || (opts.dryRun ?? []).length;
  res.writeHead(200, { 'content-type': 'application/json' });
  if (dry) return res.end(JSON.stringify(o));
  if (DELAY > 0) {
    const obj = structuredClone(o); obj.metadata.deletionTimestamp = new Date().toISOString(); put(obj);
    setTimeout(() => del(o), DELAY);
    return res.end(JSON.stringify(store.get(k)));
  }
  del(o);
  if (r === 'pods') return res.end(JSON.stringify(o));
  return res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name, kind: r, uid: o.metadata.uid } }));
}

// PUT of an object or POST of a new one; a dry run stores nothing
function write(res, r, ns, name, q, obj, replace) {
  const k = `${r}/${ns ?? ''}/${replace ? name : obj.metadata.name}`;
  const old = store.get(k);
  const answer = (code, o) => { res.writeHead(code, { 'content-type': 'application/json' }); res.end(JSON.stringify(o)); };
  if (replace && !old) return answer(404, notFound(r, name));
  if (!replace && old) return answer(409, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `${r} "${obj.metadata.name}" already exists`, reason: 'AlreadyExists', details: { name: obj.metadata.name, kind: r }, code: 409 });
  if (replace && obj.metadata.resourceVersion && obj.metadata.resourceVersion !== old.metadata.resourceVersion) {
    return answer(409, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `Operation cannot be fulfilled on ${r} "${name}": the object has been modified; please apply your changes to the latest version and try again`, reason: 'Conflict', details: { name, kind: r }, code: 409 });
  }
  obj.metadata.namespace ??= ns;
  if (old) obj.metadata.uid = old.metadata.uid;
  if (q.get('dryRun')) return answer(replace ? 200 : 201, obj);
  put(obj);
  return answer(replace ? 200 : 201, store.get(k));
}
