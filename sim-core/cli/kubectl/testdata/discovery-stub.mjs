// A stand-in API server for capture-discovery.sh: it answers discovery (/api, /apis and the
// group versions the recorded commands map) and nothing else, so that the real kubectl
// gets far enough to print what it builds client-side (`run --dry-run=client -o yaml`)
// without a cluster. Every other request gets a 404 Status.
// Usage: node discovery-stub.mjs PORT [PODS.json|-] [NODES.json]
// With PODS.json ({"<namespace>": [Pod, …]}) it also lists those Pods (GET
// /api/v1/namespaces/<namespace>/pods), for capture-sort-by.sh; with NODES.json ([Node, …])
// it gets and lists those Nodes (a `k=v` labelSelector honoured) and answers a PATCH of one
// with the Node as it was (the recorded commands print names only), for capture-taint.sh;
// each PATCH body goes to standard error. With DISCOVERY=FILE in the environment, FILE's
// path → body map replaces the discovery documents (capture-api-resources.sh).
import http from 'node:http';
import fs from 'node:fs';

const resource = (name, kind, namespaced, shortNames) => ({ name, singularName: kind.toLowerCase(), namespaced, kind, verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'], shortNames });
const port = Number(process.argv[2] ?? 8080);
const pods = process.argv[3] && process.argv[3] !== '-' ? JSON.parse(fs.readFileSync(process.argv[3], 'utf8')) : {};
const nodes = process.argv[4] ? JSON.parse(fs.readFileSync(process.argv[4], 'utf8')) : [];
const notFound = (kind, name) => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `${kind} "${name}" not found`, reason: 'NotFound', details: { name, kind }, code: 404 });
const routes = {
  '/api': { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: `127.0.0.1:${port}` }] },
  '/apis': { kind: 'APIGroupList', apiVersion: 'v1', groups: [{ name: 'apps', versions: [{ groupVersion: 'apps/v1', version: 'v1' }], preferredVersion: { groupVersion: 'apps/v1', version: 'v1' } }] },
  '/api/v1': { kind: 'APIResourceList', groupVersion: 'v1', resources: [resource('pods', 'Pod', true, ['po']), resource('services', 'Service', true, ['svc']), resource('namespaces', 'Namespace', false, ['ns']), resource('nodes', 'Node', false, ['no'])] },
  '/apis/apps/v1': { kind: 'APIResourceList', groupVersion: 'apps/v1', resources: [resource('deployments', 'Deployment', true, ['deploy'])] },
};
if (process.env.DISCOVERY) {
  for (const key of Object.keys(routes)) delete routes[key];
  Object.assign(routes, JSON.parse(fs.readFileSync(process.env.DISCOVERY, 'utf8')));
}
http
  .createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const [path, query = ''] = req.url.split('?');
      const node = /^\/api\/v1\/nodes\/([^/]+)$/.exec(path);
      if (node) {
        const found = nodes.find((n) => n.metadata.name === node[1]);
        if (req.method === 'PATCH') process.stderr.write(`PATCH ${path} ${text}\n`);
        res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(found ?? notFound('nodes', node[1])));
      }
      if (path === '/api/v1/nodes') {
        const selector = new URLSearchParams(query).get('labelSelector') ?? '';
        const [k, v] = selector.split('=');
        const items = nodes.filter((n) => selector === '' || n.metadata.labels?.[k] === v);
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ kind: 'NodeList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items }));
      }
      const listed = /^\/api\/v1\/namespaces\/([^/]+)\/pods$/.exec(path);
      const items = listed ? pods[listed[1]] : undefined;
      const body = items ? { kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items } : routes[path];
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'the server could not find the requested resource', reason: 'NotFound', code: 404 }));
    });
  })
  .listen(port, '127.0.0.1');
