// A stand-in API server for capture-describe.sh: it serves the simulated API server's own
// discovery documents (DISCOVERY.json, path → body), GETs of the objects in OBJECTS.json and
// any further files (arrays of objects as `kubectl get -o json` prints them) by their API
// path, lists of those
// objects per resource (the Secrets kubectl's ServiceAccount describer lists), and an empty
// EventList for every events list (what kubectl's describers search for the object's
// events). Anything else gets a 404 Status. Each request goes to standard error.
// Usage: node object-stub.mjs PORT DISCOVERY.json OBJECTS.json [MORE.json…]
import http from 'node:http';
import fs from 'node:fs';

const port = Number(process.argv[2]);
const discovery = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const objects = process.argv.slice(4).flatMap((file) => JSON.parse(fs.readFileSync(file, 'utf8')));

/** `/api/v1` or `/apis/GROUP/VERSION`: the prefix of an object's API path */
const groupVersionPath = (apiVersion) => (apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`);

/** the plural resource name discovery gives for an apiVersion and kind */
function resourceFor(apiVersion, kind) {
  const list = discovery[groupVersionPath(apiVersion)];
  const found = (list?.resources ?? []).find((r) => r.kind === kind && !r.name.includes('/'));
  if (!found) throw new Error(`no resource for ${apiVersion} ${kind}`);
  return found.name;
}

const collectionPath = (prefix, namespace, resource) => (namespace ? `${prefix}/namespaces/${namespace}/${resource}` : `${prefix}/${resource}`);

const byPath = new Map();
const collections = new Map();
for (const o of objects) {
  const prefix = groupVersionPath(o.apiVersion);
  const resource = resourceFor(o.apiVersion, o.kind);
  const collection = collectionPath(prefix, o.metadata.namespace, resource);
  byPath.set(`${collection}/${o.metadata.name}`, o);
  if (!collections.has(collection)) collections.set(collection, { kind: `${o.kind}List`, apiVersion: o.apiVersion, items: [] });
  collections.get(collection).items.push(o);
}

const notFound = (resource, name) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: name ? `${resource} "${name}" not found` : 'the server could not find the requested resource',
  reason: 'NotFound',
  details: name ? { name, kind: resource } : {},
  code: 404,
});

function answer(path) {
  if (discovery[path]) return [200, discovery[path]];
  const found = byPath.get(path);
  if (found) return [200, found];
  if (/^\/api\/v1\/(namespaces\/[^/]+\/)?events$/.test(path)) return [200, { kind: 'EventList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: [] }];
  const list = collections.get(path);
  if (list) return [200, { ...list, metadata: { resourceVersion: '1' } }];
  // an empty list for a known namespaced collection with nothing in it (e.g. Secrets elsewhere)
  const m = /^(\/api\/v1|\/apis\/[^/]+\/[^/]+)\/namespaces\/[^/]+\/([^/]+)$/.exec(path);
  const known = m && (discovery[m[1]]?.resources ?? []).find((r) => r.name === m[2]);
  if (known) return [200, { kind: `${known.kind}List`, apiVersion: m[1].replace(/^\/apis?\//, ''), metadata: { resourceVersion: '1' }, items: [] }];
  const named = /^(?:\/api\/v1|\/apis\/[^/]+\/[^/]+)(?:\/namespaces\/[^/]+)?\/([^/]+)\/([^/]+)$/.exec(path);
  return [404, named ? notFound(named[1], named[2]) : notFound()];
}

http
  .createServer((req, res) => {
    const [path] = req.url.split('?');
    const [code, body] = answer(path);
    process.stderr.write(`${req.method} ${req.url} ${code}\n`);
    res.writeHead(code, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  })
  .listen(port, '127.0.0.1');
