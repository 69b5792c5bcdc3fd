// kubectl get|create|replace|delete --raw: the checks kubectl 1.32 makes before it sends
// anything (recorded from the real kubectl 1.32 on this machine, no server), then one
// request per command against a simulated cluster, its answer printed as kube-apiserver
// sends it.
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { runCommandLine } from '../../command-line';
import { parseRequestURI, requestTarget, requestURIError } from '../request-uri';

function cluster() {
  const ports = createSimulation({ topology: 'default', seed: 7, workers: 1 }).ports();
  const run = (line: string, stdin?: string) => runCommandLine(line, stdin, ports, {});
  return { ports, run };
}

// recorded: KUBECONFIG=/nonexistent kubectl <args> (kubectl 1.32), exit 1 each
const REFUSALS: [string, string][] = [
  ['kubectl get --raw foo', 'error: --raw must be a valid URL path: parse "foo": invalid URI for request\n'],
  ['kubectl get pods --raw /x', 'error: arguments may not be passed when --raw is specified\n'],
  ['kubectl get --raw /x -o json', 'error: --raw and --output are mutually exclusive\n'],
  ['kubectl get --raw /x -w', 'error: --raw may not be specified with other flags that filter the server request or alter the output\n'],
  ['kubectl get --raw /x -l a=b', 'error: --raw may not be specified with other flags that filter the server request or alter the output\n'],
  ['kubectl get --raw /x --output-watch-events', 'error: --output-watch-events option can only be used with --watch or --watch-only\n'],
  ['kubectl get --raw foo --output-watch-events', 'error: --raw must be a valid URL path: parse "foo": invalid URI for request\n'],
  ['kubectl get --raw /x -o json --output-watch-events', 'error: --raw and --output are mutually exclusive\n'],
  ['kubectl create --raw /x', 'error: must specify one of -f and -k\n'],
  ['kubectl create --raw /x -f a -f b', 'error: --raw can only use a single local file or stdin\n'],
  ['kubectl create --raw /x -f http://x', 'error: --raw cannot read from a url\n'],
  ['kubectl create --raw /x -f a -R', 'error: --raw and --recursive are mutually exclusive\n'],
  ['kubectl create --raw /x -f a -l a=b', 'error: --raw and --selector (-l) are mutually exclusive\n'],
  ['kubectl create --raw /x -f a -o json', 'error: --raw and --output are mutually exclusive\n'],
  ['kubectl create --raw /x -f a --edit', 'error: --raw and --edit are mutually exclusive\n'],
  ['kubectl replace --raw /x', 'error: must specify one of -f and -k\n'],
  ['kubectl replace --raw /x -f a -f b', 'error: --raw can only use a single local file or stdin\n'],
  ['kubectl delete --raw /x -f a -f b', 'error: --raw can only use a single local file or stdin\n'],
  ['kubectl delete --raw /x -i', 'error: --interactive can not be used with --raw\n'],
  ['kubectl delete --raw /x -o name', 'error: --raw and --output are mutually exclusive\n'],
  // delete's own checks come first: Complete's --now, then Validate's -o, --all, --force
  ['kubectl delete --raw /x --all -l a=b', 'error: cannot set --all and --selector at the same time\n'],
  ['kubectl delete --raw /x --all --field-selector a=b', 'error: cannot set --all and --field-selector at the same time\n'],
  ['kubectl delete --raw /x --grace-period=1 --now', 'error: --now and --grace-period cannot be specified together\n'],
  ['kubectl delete --raw /x --force --grace-period=5', 'error: --force and --grace-period greater than 0 cannot be specified together\n'],
  ['kubectl delete --raw /x -o yaml', "error: unexpected -o output mode: yaml. We only support '-o name'\n"],
  ['kubectl delete --raw /x -i -o yaml', "error: unexpected -o output mode: yaml. We only support '-o name'\n"],
  ['kubectl delete --raw /x --all -l a=b -o yaml', "error: unexpected -o output mode: yaml. We only support '-o name'\n"],
  ['kubectl delete --raw /x -o yaml --now --grace-period=1', 'error: --now and --grace-period cannot be specified together\n'],
  ['kubectl delete --raw /x -i --all -l a=b', 'error: cannot set --all and --selector at the same time\n'],
  ['kubectl delete --raw /x --force --grace-period=5 -o yaml', "error: unexpected -o output mode: yaml. We only support '-o name'\n"],
  ['kubectl delete --raw /x --grace-period=0 -i', 'error: --interactive can not be used with --raw\n'],
  [
    'kubectl delete --raw /x --force -i',
    'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\nerror: --interactive can not be used with --raw\n',
  ],
  ['kubectl get --raw %zz', 'error: --raw must be a valid URL path: parse "%zz": invalid URI for request\n'],
  ['kubectl get --raw /a%zz', 'error: --raw must be a valid URL path: parse "/a%zz": invalid URL escape "%zz"\n'],
  ['kubectl get --raw :x', 'error: --raw must be a valid URL path: parse ":x": missing protocol scheme\n'],
  ['kubectl create --raw /x -f missing.json', 'error: open missing.json: no such file or directory\n'],
];

describe('kubectl --raw: what kubectl refuses before it sends anything', () => {
  const { run } = cluster();
  it.each(REFUSALS)('%s', (line, stderr) => {
    expect(run(line)).toEqual({ stdout: '', stderr, exitCode: 1 });
  });

  it('with no server, is refused as client-go refuses the connection (recorded)', () => {
    const ports = createSimulation({ topology: 'etcd-only', seed: 7 }).ports();
    const refused = 'The connection to the server localhost:8080 was refused - did you specify the right host or port?\n';
    for (const line of ['kubectl get --raw /healthz', 'kubectl get --raw http:x', 'kubectl delete --raw /x', 'kubectl get --raw /x --field-selector a=b']) {
      expect(runCommandLine(line, undefined, ports, {}), line).toEqual({ stdout: '', stderr: refused, exitCode: 1 });
    }
  });
});

describe('kubectl get --raw', () => {
  it('prints an object as the server encodes it: TypeMeta first, resourceVersion after uid, the etcd revision, a newline', () => {
    const { run } = cluster();
    run('kubectl create configmap cfg --from-literal=a=b --from-literal=html=<a&b>');
    const r = run('kubectl get --raw /api/v1/namespaces/default/configmaps/cfg');
    expect(r.exitCode).toBe(0);
    expect(r.stdout.endsWith('}\n')).toBe(true);
    expect(r.stdout).toContain('"html":"\\u003ca\\u0026b\\u003e"'); // encoding/json escapes HTML
    const obj = JSON.parse(r.stdout) as { metadata: Record<string, unknown>; data: Record<string, string> };
    expect(Object.keys(obj)).toEqual(['kind', 'apiVersion', 'metadata', 'data']);
    expect(Object.keys(obj.metadata)).toEqual(['name', 'namespace', 'uid', 'resourceVersion', 'creationTimestamp']);
    expect(obj.data.html).toBe('<a&b>');
    const modRevision = /"mod_revision":(\d+)/.exec(run('etcdctl get /registry/configmaps/default/cfg -w json').stdout)?.[1];
    expect(obj.metadata.resourceVersion).toBe(modRevision);
  });

  it('prints a list with its resourceVersion and items without kind or apiVersion, filtered by labelSelector', () => {
    const { run } = cluster();
    run('kubectl create configmap one --from-literal=a=b');
    run('kubectl label configmap one tier=db');
    const all = JSON.parse(run('kubectl get --raw /api/v1/namespaces/default/configmaps').stdout) as { kind: string; apiVersion: string; metadata: { resourceVersion: string }; items: Record<string, unknown>[] };
    expect(all).toMatchObject({ kind: 'ConfigMapList', apiVersion: 'v1' });
    expect(Number(all.metadata.resourceVersion)).toBeGreaterThan(0);
    expect(all.items.length).toBeGreaterThanOrEqual(2); // one, and kube-root-ca.crt
    for (const item of all.items) expect(Object.keys(item).slice(0, 1)).toEqual(['metadata']);
    const picked = JSON.parse(run('kubectl get --raw /api/v1/namespaces/default/configmaps?labelSelector=tier%3Ddb').stdout) as { items: { metadata: { name: string } }[] };
    expect(picked.items.map((i) => i.metadata.name)).toEqual(['one']);
    const apps = JSON.parse(run('kubectl get --raw /apis/apps/v1/deployments').stdout) as { kind: string; apiVersion: string };
    expect(apps).toMatchObject({ kind: 'DeploymentList', apiVersion: 'apps/v1' });
  });

  it('answers the health checks, /version and discovery', () => {
    const { run } = cluster();
    expect(run('kubectl get --raw /healthz')).toEqual({ stdout: 'ok', stderr: '', exitCode: 0 });
    expect(run('kubectl get --raw /readyz').stdout).toBe('ok');
    const version = run('kubectl get --raw /version').stdout;
    expect(version.startsWith('{\n  "major": "1",\n  "minor": "32",')).toBe(true);
    expect(version.endsWith('}')).toBe(true);
    expect(JSON.parse(run('kubectl get --raw /api').stdout)).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
    expect(JSON.parse(run('kubectl get --raw /apis/apps').stdout)).toMatchObject({ kind: 'APIGroup', name: 'apps', preferredVersion: { groupVersion: 'apps/v1' } });
    const core = JSON.parse(run('kubectl get --raw /api/v1').stdout) as { kind: string; resources: { name: string }[] };
    expect(core.kind).toBe('APIResourceList');
    expect(core.resources.map((r) => r.name)).toContain('pods');
  });

  it('prints a failed request as client-go reports its Status', () => {
    const { run } = cluster();
    expect(run('kubectl get --raw /api/v1/namespaces/default/configmaps/nope')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): configmaps "nope" not found\n', exitCode: 1 });
    const generic = 'Error from server (NotFound): the server could not find the requested resource\n';
    for (const path of ['/api/v1/foos', '/api/v1/deployments', '/apis/apps/v1/namespaces/default/configmaps', '/api/v1/pods/web', '/nowhere', '/api/v2']) {
      expect(run(`kubectl get --raw ${path}`).stderr, path).toBe(generic);
    }
    expect(run('kubectl --as=system:serviceaccount:default:default get --raw /api/v1/namespaces/default/secrets').stderr).toContain('Error from server (Forbidden): secrets is forbidden: User "system:serviceaccount:default:default" cannot list resource "secrets" in API group "" in the namespace "default"');
    run('sim kill kube-apiserver');
    expect(run('kubectl get --raw /healthz').stderr).toBe('The connection to the server kube-apiserver:6443 was refused - did you specify the right host or port?\n');
  });

  it('says what it does not simulate instead of answering something else', () => {
    const { run } = cluster();
    expect(run("kubectl get --raw '/api/v1/pods?watch=true'").stderr).toBe('error: the query parameter "watch" of a GET request is not part of this simulation: kubectl get -w watches\n');
    expect(run('kubectl get --raw /api/v1/namespaces/default/pods/web/log').stderr).toContain('is not part of this simulation');
    expect(run('kubectl get --raw /metrics').stderr).toContain('is not part of this simulation');
    expect(run("kubectl get --raw '/api/v1/namespaces/default/configmaps?limit=1'").stderr).toBe('error: the query parameter "limit" of a GET request is not part of this simulation: a list is answered whole\n');
  });

  it('ignores a parameter the request does not read, as the server does', () => {
    const { run } = cluster();
    run('kubectl create configmap cfg --from-literal=a=b');
    const plain = run('kubectl get --raw /api/v1/namespaces/default/configmaps/cfg').stdout;
    expect(run("kubectl get --raw '/api/v1/namespaces/default/configmaps/cfg?labelSelector=x%3Dy&limit=1&foo=bar'").stdout).toBe(plain);
  });
});

describe('kubectl create|replace|delete --raw', () => {
  it('POSTs a JSON body, with the URL’s kind and namespace when it leaves them out', () => {
    const { run } = cluster();
    const r = run('kubectl create --raw /api/v1/namespaces/default/configmaps -f -', '{"metadata":{"name":"made"},"data":{"k":"v"}}');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'made', namespace: 'default' }, data: { k: 'v' } });
    expect(run('kubectl get configmap made -o jsonpath={.data.k}').stdout).toBe('v');
  });

  it('refuses what the server refuses: not JSON, another namespace, another name', () => {
    const { run } = cluster();
    const create = (body: string) => run('kubectl create --raw /api/v1/namespaces/default/configmaps -f -', body).stderr;
    const unrecognized = (rest: string) => `Error from server (BadRequest): the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: ${rest}\n`;
    expect(create('apiVersion: v1\nkind: ConfigMap\n')).toBe(unrecognized("invalid character 'a' looking for beginning of value (61706956657273696f6e3a2076310a6b696e643a20436f6e6669674d6170 ...)"));
    expect(create('')).toBe(unrecognized('unexpected end of JSON input (<empty>)'));
    expect(create('{"metadata":{"name":"x"},"data":{"a":"b",}}')).toBe(unrecognized(`invalid character '}' looking for beginning of object key string ({"metadata":{"name":"x"},"data ...)`));
    expect(create('{"a":tru}')).toBe(unrecognized(`invalid character '}' in literal true (expecting 'e') ({"a":tru})`));
    expect(create('[]')).toBe(unrecognized('json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" } (5b5d)'));
    expect(create('{"kind":1}')).toBe(unrecognized('json: cannot unmarshal number into Go struct field .kind of type string ({"kind":1})'));
    expect(create('{"kind":"Service","apiVersion":"v1","metadata":{"name":"x"}}')).toBe(
      'Error from server (BadRequest): Service in version "v1" cannot be handled as a ConfigMap: converting (v1.Service) to (core.ConfigMap): unknown conversion\n',
    );
    expect(create('{"kind":"Foo","apiVersion":"v1","metadata":{"name":"x"}}')).toBe(
      'Error from server (BadRequest): Foo in version "v1" cannot be handled as a ConfigMap: no kind "Foo" is registered for version "v1" in scheme "pkg/api/legacyscheme/scheme.go:30"\n',
    );
    expect(run('kubectl create --raw /apis/apps/v1/namespaces/default/deployments -f -', '{"kind":"ReplicaSet","apiVersion":"apps/v1"}').stderr).toBe(
      'Error from server (BadRequest): ReplicaSet in version "v1" cannot be handled as a Deployment: converting (v1.ReplicaSet) to (apps.Deployment): unknown conversion\n',
    );
    // null decodes to nothing: an object of the URL's kind with no name
    expect(create('null')).toBe('The ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required\n');
    expect(run('kubectl create --raw /api/v1/namespaces/other/configmaps -f -', '{"metadata":{"name":"x","namespace":"default"}}').stderr).toBe(
      'Error from server (BadRequest): the namespace of the provided object does not match the namespace sent on the request\n',
    );
    run('kubectl create configmap cfg --from-literal=a=b');
    expect(run('kubectl replace --raw /api/v1/namespaces/default/configmaps/cfg -f -', '{"metadata":{"name":"other"}}').stderr).toBe(
      'Error from server (BadRequest): the name of the object (other) does not match the name on the URL (cfg)\n',
    );
    // PUT: update.go's checkName — the name first, then the object's namespace in its own words
    expect(run('kubectl replace --raw /api/v1/namespaces/default/configmaps/cfg -f -', '{"metadata":{"name":"other","namespace":"elsewhere"}}').stderr).toBe(
      'Error from server (BadRequest): the name of the object (other) does not match the name on the URL (cfg)\n',
    );
    expect(run('kubectl replace --raw /api/v1/namespaces/default/configmaps/cfg -f -', '{"metadata":{"name":"cfg","namespace":"elsewhere"}}').stderr).toBe(
      'Error from server (BadRequest): the namespace of the object (elsewhere) does not match the namespace on the request (default)\n',
    );
    // a route POST or PUT does not have is refused before the body is read
    expect(run('kubectl create --raw /api/v1/namespaces/default/configmaps/cfg -f -', 'not json').stderr).toBe('Error from server (MethodNotAllowed): the server does not allow this method on the requested resource\n');
  });

  it('PUTs a Namespace’s finalize subresource: emptying spec.finalizers ends a Terminating namespace, and its name label stays', () => {
    const { run } = cluster();
    run('kubectl create namespace team');
    run('kubectl delete namespace team --wait=false');
    expect(run('kubectl get ns team').stdout).toContain('Terminating');
    const r = run('kubectl replace --raw /api/v1/namespaces/team/finalize -f -', '{"kind":"Namespace","apiVersion":"v1","metadata":{"name":"team"},"spec":{"finalizers":[]},"extra":1}');
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('Warning: unknown field "extra"\n');
    const ns = JSON.parse(r.stdout) as { metadata: { labels?: Record<string, string>; deletionTimestamp?: string }; spec: unknown; status: unknown };
    expect(ns.metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'team' });
    expect(ns.metadata.deletionTimestamp).toBeDefined();
    expect(ns.spec).toEqual({ finalizers: [] });
    expect(ns.status).toEqual({ phase: 'Terminating' });
    expect(run('kubectl get ns team').stderr).toBe('Error from server (NotFound): namespaces "team" not found\n');
  });

  it('DELETEs an object: a removed ConfigMap is answered with finalizeDelete’s Status, and the key is gone from etcd', () => {
    const { run } = cluster();
    run('kubectl create configmap gone --from-literal=a=b');
    const uid = run('kubectl get configmap gone -o jsonpath={.metadata.uid}').stdout;
    const r = run('kubectl delete --raw /api/v1/namespaces/default/configmaps/gone');
    expect(r).toEqual({ stdout: `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success","details":{"name":"gone","kind":"configmaps","uid":"${uid}"}}\n`, stderr: '', exitCode: 0 });
    expect(run('etcdctl get /registry/configmaps/default/gone --keys-only').stdout).toBe('');
    expect(run('kubectl delete --raw /api/v1/namespaces/default/configmaps').stderr).toContain('deletecollection');
  });

  it('DELETE answers the object for the stores that return it (ServiceAccount), for one only marked (a finalizer), and names the group of an apps resource', () => {
    const { run } = cluster();
    run('kubectl create serviceaccount robot');
    expect(JSON.parse(run('kubectl delete --raw /api/v1/namespaces/default/serviceaccounts/robot').stdout)).toMatchObject({ kind: 'ServiceAccount', metadata: { name: 'robot' } });
    run('kubectl create configmap kept --from-literal=a=b');
    expect(run(`kubectl patch configmap kept -p '{"metadata":{"finalizers":["example.com/hold"]}}'`).exitCode).toBe(0);
    const marked = JSON.parse(run('kubectl delete --raw /api/v1/namespaces/default/configmaps/kept').stdout) as { kind: string; metadata: { deletionTimestamp?: string } };
    expect(marked.kind).toBe('ConfigMap');
    expect(marked.metadata.deletionTimestamp).toBeDefined();
    run('kubectl create deployment web --image=nginx');
    const status = JSON.parse(run('kubectl delete --raw /apis/apps/v1/namespaces/default/deployments/web').stdout) as { details: Record<string, string> };
    expect(Object.keys(status.details)).toEqual(['name', 'group', 'kind', 'uid']);
    expect(status.details).toMatchObject({ name: 'web', group: 'apps', kind: 'deployments' });
  });
});

describe('the --raw URI, as Go’s url package reads it', () => {
  it('keeps the unescaped path and the query, ignores an absolute URL’s host, and refuses what ParseRequestURI refuses', () => {
    expect(parseRequestURI('/api/v1/namespaces/a%2Db/pods?labelSelector=app%3Dweb&x=a+b')).toEqual({ ok: true, target: { path: '/api/v1/namespaces/a-b/pods', query: [['labelSelector', 'app=web'], ['x', 'a b']] } });
    expect(parseRequestURI('https://elsewhere:6443/healthz?verbose')).toEqual({ ok: true, target: { path: '/healthz', query: [['verbose', '']] } });
    expect(parseRequestURI('/%E2%9C%93')).toEqual({ ok: true, target: { path: '/✓', query: [] } });
    expect(requestURIError('/ok')).toBeUndefined();
    expect(requestURIError('http:opaque')).toBeUndefined();
    expect(requestURIError('/tab\there')).toBe('parse "/tab\\there": net/url: invalid control character in URL');
    expect(requestURIError('/a%2')).toBe('parse "/a%2": invalid URL escape "%2"');
  });

  it('checks an absolute URL’s host as ParseRequestURI does, and sends no #fragment (url.Parse cuts it off)', () => {
    expect(requestURIError('http://[::1')).toBe('parse "http://[::1": missing \']\' in host');
    expect(requestURIError('http://a b/x')).toBe('parse "http://a b/x": invalid character " " in host name');
    expect(requestURIError('http://%zz/x')).toBe('parse "http://%zz/x": invalid URL escape "%zz"');
    expect(requestURIError('http://%41/x')).toBe('parse "http://%41/x": invalid URL escape "%41"');
    expect(requestURIError('http://h:port/x')).toBe('parse "http://h:port/x": invalid port ":port" after host');
    expect(requestURIError('http://[::1]:x/')).toBe('parse "http://[::1]:x/": invalid port ":x" after host');
    expect(requestURIError('http://u{@h/x')).toBe('parse "http://u{@h/x": net/url: invalid userinfo');
    expect(requestURIError('http://[::1]:6443/x')).toBeUndefined();
    expect(requestURIError('https://user:p%40ss@h:6443/healthz')).toBeUndefined();
    // ParseRequestURI reads a # as path; the request does not carry it
    expect(requestURIError('/healthz#x')).toBeUndefined();
    expect(requestTarget('/healthz?verbose#x')).toEqual({ ok: true, target: { path: '/healthz', query: [['verbose', '']] } });
    expect(requestTarget('/healthz#%zz')).toEqual({ ok: false, error: 'invalid URL escape "%zz"' });
    // without a scheme, ParseRequestURI takes //h/x as a path; url.Parse takes h as the host
    expect(requestTarget('//elsewhere/healthz')).toEqual({ ok: true, target: { path: '/healthz', query: [] } });
  });

  it('prints what the two parses refuse as kubectl does', () => {
    const { run } = cluster();
    expect(run("kubectl get --raw 'http://a b/x'").stderr).toBe('error: --raw must be a valid URL path: parse "http://a b/x": invalid character " " in host name\n');
    expect(run("kubectl get --raw '/healthz#top'").stdout).toBe('ok');
    expect(run("kubectl get --raw '/healthz#%zz'").stderr).toBe('error: --raw must be a valid URL path: parse "/healthz#%zz": invalid URL escape "%zz"\n');
    // a path ParseRequestURI accepts whose url.Parse has a host it refuses: refused before it is sent (recorded)
    expect(run("kubectl get --raw '//a b/healthz'").stderr).toBe('Unable to connect to the server: invalid character " " in host name\n');
  });
});

describe('kubectl create|replace --raw: fieldValidation', () => {
  it('sends none, so the server drops an unknown field and warns (Warn); ?fieldValidation=Strict refuses it, Ignore drops it silently', () => {
    const { run } = cluster();
    const r = run('kubectl create --raw /api/v1/namespaces/default/configmaps -f -', '{"metadata":{"name":"typo"},"dta":{"a":"b"}}');
    expect(r.stderr).toBe('Warning: unknown field "dta"\n');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).not.toHaveProperty('dta');
    expect(run('kubectl create --raw /api/v1/namespaces/default/configmaps?fieldValidation=Strict -f -', '{"metadata":{"name":"strict"},"dta":{}}').stderr).toBe(
      'Error from server (BadRequest): ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "dta"\n',
    );
    const quiet = run('kubectl create --raw /api/v1/namespaces/default/configmaps?fieldValidation=Ignore -f -', '{"metadata":{"name":"quiet","labelz":{}}}');
    expect([quiet.stderr, quiet.exitCode]).toEqual(['', 0]);
    const replaced = run('kubectl replace --raw /api/v1/namespaces/default/configmaps/typo -f -', '{"metadata":{"name":"typo"},"data":{"a":"c"},"spec":{}}');
    expect(replaced.stderr).toBe('Warning: unknown field "spec"\n');
    expect(run('kubectl get configmap typo -o jsonpath={.data.a}').stdout).toBe('c');
    // a warning goes out with a failed answer too
    expect(run('kubectl create --raw /api/v1/namespaces/default/configmaps -f -', '{"metadata":{"name":"Bad_Name"},"x":1}').stderr).toMatch(/^Warning: unknown field "x"\nThe ConfigMap "Bad_Name" is invalid: /);
    expect(run('kubectl create --raw /api/v1/namespaces/default/configmaps?fieldValidation=strict -f -', '{}').stderr).toBe(
      'The CreateOptions "" is invalid: fieldValidation: Unsupported value: "strict": supported values: "", "Ignore", "Strict", "Warn"\n',
    );
  });

  it('leaves kubectl’s own requests Strict', () => {
    const { run } = cluster();
    expect(run('kubectl create -f - --validate=strict', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"typo"},"dta":{}}').stderr).toContain('strict decoding error: unknown field "dta"');
  });
});

describe('kubectl get --raw: paths that name no resource', () => {
  it('are authorized by the API server by path, as kubectl auth can-i judges them', () => {
    const { run } = cluster();
    expect(run('kubectl --as=nobody get --raw /')).toEqual({ stdout: '', stderr: 'Error from server (Forbidden): forbidden: User "nobody" cannot get path "/"\n', exitCode: 1 });
    expect(run('kubectl --as=nobody auth can-i get /').stdout).toBe('no\n');
    // system:public-info-viewer and system:discovery: every authenticated user
    expect(run('kubectl --as=nobody get --raw /healthz').stdout).toBe('ok');
    expect(run('kubectl --as=nobody get --raw /api').exitCode).toBe(0);
    expect(run('kubectl --as=nobody get --raw /nowhere').stderr).toBe('Error from server (Forbidden): forbidden: User "nobody" cannot get path "/nowhere"\n');
    expect(run('kubectl get --raw /nowhere').stderr).toBe('Error from server (NotFound): the server could not find the requested resource\n');
  });

  it('serves the health checks kube-apiserver has, one by one and listed with ?verbose', () => {
    const { run } = cluster();
    expect(run('kubectl get --raw /healthz/etcd').stdout).toBe('ok');
    expect(run('kubectl get --raw /readyz/shutdown').stdout).toBe('ok');
    expect(run('kubectl get --raw /healthz/bogus').stderr).toBe('Error from server (NotFound): the server could not find the requested resource\n');
    expect(run('kubectl get --raw /livez/shutdown').stderr).toBe('Error from server (NotFound): the server could not find the requested resource\n');
    expect(run("kubectl get --raw '/healthz?verbose'").stdout).toBe('[+]ping ok\n[+]log ok\n[+]etcd ok\nhealthz check passed\n');
    expect(run("kubectl get --raw '/livez?verbose&exclude=etcd&exclude=nope'").stdout).toBe(
      '[+]ping ok\n[+]log ok\n[+]etcd excluded: ok\nwarn: some health checks cannot be excluded: no matches for "nope"\nlivez check passed\n',
    );
    expect(run('kubectl get --raw /healthz/poststarthook/rbac/bootstrap-roles').stderr).toContain('is not part of this simulation');
    // the health handlers take any method; RBAC judges the verb (post), which only an administrator has
    expect(run('kubectl create --raw /healthz -f -', '{}').stdout).toBe('ok');
    expect(run('kubectl --as=nobody create --raw /healthz -f -', '{}').stderr).toBe('Error from server (Forbidden): forbidden: User "nobody" cannot post path "/healthz"\n');
    expect(run('kubectl create --raw /version -f -', '{}').stderr).toBe('Error from server (MethodNotAllowed): the server does not allow this method on the requested resource\n');
  });
});

describe('kubectl --raw: query parameters as the server converts them', () => {
  it('answers watch=false, limit=0, an empty continue and sendInitialEvents=false with the plain list; a limit that is no int64 is a 400', () => {
    const { run } = cluster();
    // the list's resourceVersion moves on as the cluster runs: its items are what is compared
    const items = (text: string) => (JSON.parse(text) as { kind: string; items: unknown[] }).items;
    const plain = items(run('kubectl get --raw /api/v1/namespaces/default/configmaps').stdout);
    for (const q of ['watch=false', 'watch=0', 'limit=0', 'continue=', 'sendInitialEvents=false', 'watch=FALSE&limit=-1']) {
      expect(items(run(`kubectl get --raw '/api/v1/namespaces/default/configmaps?${q}'`).stdout), q).toEqual(plain);
    }
    expect(run("kubectl get --raw '/api/v1/namespaces/default/configmaps?watch'").stderr).toContain('the query parameter "watch" of a GET request is not part of this simulation');
    expect(run("kubectl get --raw '/api/v1/namespaces/default/configmaps?limit=abc'").stderr).toBe('Error from server (BadRequest): strconv.ParseInt: parsing "abc": invalid syntax\n');
    expect(run("kubectl get --raw '/api/v1/namespaces/default/configmaps?limit=99999999999999999999'").stderr).toBe(
      'Error from server (BadRequest): strconv.ParseInt: parsing "99999999999999999999": value out of range\n',
    );
  });

  it('refuses a gracePeriodSeconds that is no int64 as DeleteOptions’ conversion does', () => {
    const { run } = cluster();
    run('kubectl create configmap cfg --from-literal=a=b');
    expect(run("kubectl delete --raw '/api/v1/namespaces/default/configmaps/cfg?gracePeriodSeconds=abc'").stderr).toBe('Error from server (BadRequest): strconv.ParseInt: parsing "abc": invalid syntax\n');
    expect(run('kubectl get configmap cfg -o name').stdout).toBe('configmap/cfg\n');
    // with a body, DeleteOptions are the body's and the query is not read (delete.go)
    const dry = run("kubectl delete --raw '/api/v1/namespaces/default/configmaps/cfg?gracePeriodSeconds=abc' -f -", '{"dryRun":["All"]}');
    expect([dry.stderr, dry.exitCode]).toEqual(['', 0]);
    expect(run('kubectl get configmap cfg -o name').stdout).toBe('configmap/cfg\n');
    expect(run('kubectl delete --raw /api/v1/namespaces/default/configmaps/cfg -f -', '{"kind":1}').stderr).toBe(
      'Error from server: couldn\'t get version/kind; json parse error: json: cannot unmarshal number into Go struct field .kind of type string\n',
    );
  });

  it('indents with ?pretty as strconv.ParseBool reads it, with no newline at the end (MarshalIndent)', () => {
    const { run } = cluster();
    run('kubectl create configmap cfg --from-literal=a=b');
    for (const value of ['true', '1', 't', 'True']) {
      const r = run(`kubectl get --raw '/api/v1/namespaces/default/configmaps/cfg?pretty=${value}'`).stdout;
      expect(r.startsWith('{\n  "kind": "ConfigMap",'), value).toBe(true);
      expect(r.endsWith('}'), value).toBe(true);
    }
    expect(run("kubectl get --raw '/api/v1/namespaces/default/configmaps/cfg?pretty=yes'").stdout.startsWith('{"kind":"ConfigMap"')).toBe(true);
    expect(run("kubectl get --raw '/api?pretty=1'").stdout.endsWith('}')).toBe(true);
  });

  it('refuses a scale whose body is another kind as the decoder does', () => {
    const { run } = cluster();
    run('kubectl create deployment web --image=nginx');
    expect(run('kubectl replace --raw /apis/apps/v1/namespaces/default/deployments/web/scale -f -', '{"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"web"},"spec":{"replicas":2}}').stderr).toBe(
      'Error from server (BadRequest): Deployment in version "v1" cannot be handled as a Scale: converting (v1.Deployment) to (autoscaling.Scale): unknown conversion\n',
    );
    const scaled = run('kubectl replace --raw /apis/apps/v1/namespaces/default/deployments/web/scale -f -', '{"metadata":{"name":"web"},"spec":{"replicas":2}}');
    expect(JSON.parse(scaled.stdout)).toMatchObject({ kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 2 } });
  });
});
