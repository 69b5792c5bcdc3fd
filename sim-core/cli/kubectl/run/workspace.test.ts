// `-f` paths resolved in the learner's workspace as a shell at its root resolves them. The
// error texts and the file names kubectl gives its sources were checked against the real
// kubectl 1.32.4 in a folder holding a.yaml, b.yaml, notes.txt and sub/c.yaml.
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { runCommandLine, type CommandContext } from '../../command-line';
import { globWorkspace, resolvePath } from './workspace';

const configMap = (name: string): string => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  k: v\n`;

const FILES = new Map([
  ['a.yaml', configMap('a')],
  ['b.yaml', configMap('b')],
  ['notes.txt', 'hello\n'],
  ['sub/c.yaml', configMap('c')],
]);

const workspace: CommandContext = { readFile: (p) => FILES.get(p), listFiles: () => [...FILES.keys()].sort() };

function cluster() {
  const ports = createSimulation({ topology: 'default', seed: 3, workers: 1 }).ports();
  return (line: string) => runCommandLine(line, undefined, ports, workspace);
}

describe('workspace paths', () => {
  it('resolves . , ./, .., // and a trailing slash as a disk would', () => {
    expect(resolvePath(workspace, '.')).toEqual({ ok: true, entry: { kind: 'folder', key: '' } });
    expect(resolvePath(workspace, './')).toEqual({ ok: true, entry: { kind: 'folder', key: '' } });
    expect(resolvePath(workspace, './a.yaml')).toEqual({ ok: true, entry: { kind: 'file', key: 'a.yaml' } });
    expect(resolvePath(workspace, 'sub/../a.yaml')).toEqual({ ok: true, entry: { kind: 'file', key: 'a.yaml' } });
    expect(resolvePath(workspace, 'sub//c.yaml')).toEqual({ ok: true, entry: { kind: 'file', key: 'sub/c.yaml' } });
    expect(resolvePath(workspace, './sub/')).toEqual({ ok: true, entry: { kind: 'folder', key: 'sub' } });
    // each step must exist: `nosub/..` is ENOENT on a disk, not the root
    expect(resolvePath(workspace, 'nosub/../a.yaml')).toEqual({ ok: false, error: 'missing' });
    expect(resolvePath(workspace, '../a.yaml')).toEqual({ ok: false, error: 'missing' });
    expect(resolvePath(workspace, '/a.yaml')).toEqual({ ok: false, error: 'missing' });
    expect(resolvePath(workspace, 'a.yaml/')).toEqual({ ok: false, error: 'not-a-folder' });
    expect(resolvePath(workspace, 'a.yaml/..')).toEqual({ ok: false, error: 'not-a-folder' });
  });

  it('globs as filepath.Glob does, matches cleaned', () => {
    expect(globWorkspace(workspace, '*.yaml')).toEqual({ ok: true, matches: ['a.yaml', 'b.yaml'] });
    expect(globWorkspace(workspace, './s*')).toEqual({ ok: true, matches: ['sub'] });
    expect(globWorkspace(workspace, 'sub/?.y[a-z]ml')).toEqual({ ok: true, matches: ['sub/c.yaml'] });
    expect(globWorkspace(workspace, '[')).toEqual({ ok: false });
  });

  it('applies every manifest of the workspace root with -f . and -f ./ (folder files named as filepath.Walk joins them)', () => {
    const run = cluster();
    expect(run('kubectl apply -f .')).toEqual({ stdout: 'configmap/a created\nconfigmap/b created\n', stderr: '', exitCode: 0 });
    expect(run('kubectl apply -f ./ -R')).toEqual({ stdout: 'configmap/a unchanged\nconfigmap/b unchanged\nconfigmap/c created\n', stderr: '', exitCode: 0 });
    expect(run('kubectl create -f ./')).toEqual({
      stdout: '',
      stderr:
        'Error from server (AlreadyExists): error when creating "a.yaml": configmaps "a" already exists\n' +
        'Error from server (AlreadyExists): error when creating "b.yaml": configmaps "b" already exists\n',
      exitCode: 1,
    });
  });

  it('reads ./x.yaml, dir/../x.yaml and dir/ for every command that takes -f, naming a file as typed', () => {
    const run = cluster();
    expect(run('kubectl create -f ./a.yaml')).toEqual({ stdout: 'configmap/a created\n', stderr: '', exitCode: 0 });
    expect(run('kubectl create -f sub/../a.yaml').stderr).toBe('Error from server (AlreadyExists): error when creating "sub/../a.yaml": configmaps "a" already exists\n');
    expect(run('kubectl create -f ./sub/')).toEqual({ stdout: 'configmap/c created\n', stderr: '', exitCode: 0 });
    expect(run('kubectl get -f ./a.yaml -f sub/ -o name')).toEqual({ stdout: 'configmap/a\nconfigmap/c\n', stderr: '', exitCode: 0 });
    expect(run('kubectl describe -f sub//c.yaml').stdout).toContain('Name:         c\n');
    expect(run('kubectl label -f ./a.yaml tier=x')).toEqual({ stdout: 'configmap/a labeled\n', stderr: '', exitCode: 0 });
    // read, then refused for its kind (it has no Pod template)
    expect(run('kubectl set env --local -f ./sub/../sub/c.yaml A=1 -o name').stderr).toBe('error: configmaps/c the object is not a pod or does not have a pod template: *v1.ConfigMap\n');
    expect(run("kubectl patch -f ./a.yaml -p '{\"data\":{\"k\":\"w\"}}'")).toEqual({ stdout: 'configmap/a patched\n', stderr: '', exitCode: 0 });
    expect(run("kubectl get -f '*.yaml' -o name")).toEqual({ stdout: 'configmap/a\n', stderr: 'Error from server (NotFound): configmaps "b" not found\n', exitCode: 1 });
    expect(run('kubectl delete -f ./a.yaml -f ./sub')).toEqual({ stdout: 'configmap "a" deleted\nconfigmap "c" deleted\n', stderr: '', exitCode: 0 });
  });

  it('keeps kubectl errors for paths that do not resolve', () => {
    const run = cluster();
    const err = (stderr: string) => ({ stdout: '', stderr, exitCode: 1 });
    expect(run('kubectl apply -f nope')).toEqual(err('error: the path "nope" does not exist\n'));
    expect(run('kubectl apply -f nosub/../a.yaml')).toEqual(err('error: the path "nosub/../a.yaml" does not exist\n'));
    expect(run('kubectl apply -f ../a.yaml')).toEqual(err('error: the path "../a.yaml" does not exist\n'));
    expect(run('kubectl apply -f a.yaml/')).toEqual(err('error: the path "a.yaml/" cannot be accessed: stat a.yaml/: not a directory\n'));
    expect(run('kubectl delete -f notes.txt/x')).toEqual(err('error: the path "notes.txt/x" cannot be accessed: stat notes.txt/x: not a directory\n'));
    expect(run("kubectl create -f 'x*'")).toEqual(err('error: the path "x*" does not exist\n'));
    expect(run("kubectl create -f '['")).toEqual(err('error: pattern "[" is not valid: syntax error in pattern\n'));
    // a URL is fetched, and the simulation has no network beyond it (as kubectl 1.32 says offline, minus the resolver's address)
    expect(run('kubectl apply -f https://raw.githubusercontent.com/x/y.yaml')).toEqual(err('Unable to connect to the server: dial tcp: lookup raw.githubusercontent.com: no such host\n'));
    expect(run('kubectl create -f http://user@example.com:8080/x.yaml')).toEqual(err('Unable to connect to the server: dial tcp: lookup example.com: no such host\n'));
    expect(run('kubectl delete -f https:///x.yaml')).toEqual(err('Unable to connect to the server: http: no Host in request URL\n'));
    expect(run('kubectl apply -f https://127.0.0.1/x.yaml')).toEqual(err('The connection to the server 127.0.0.1 was refused - did you specify the right host or port?\n'));
    expect(run('kubectl apply -f http://localhost:8080/x.yaml')).toEqual(err('The connection to the server localhost:8080 was refused - did you specify the right host or port?\n'));
    expect(run('kubectl apply -f https://203.0.113.7/x.yaml')).toEqual(err('Unable to connect to the server: dial tcp 203.0.113.7:443: i/o timeout\n'));
  });

  it('reads --from-file, --from-env-file and --patch-file paths the same way', () => {
    const run = cluster();
    expect(run('kubectl create configmap notes --from-file=./notes.txt --from-file=./sub/ --dry-run=client -o jsonpath={.data}')).toEqual({
      stdout: '{"c.yaml":"apiVersion: v1\\nkind: ConfigMap\\nmetadata:\\n  name: c\\ndata:\\n  k: v\\n","notes.txt":"hello\\n"}',
      stderr: '',
      exitCode: 0,
    });
    expect(run('kubectl create configmap x --from-env-file=nosub/../notes.txt').stderr).toBe('error: error reading nosub/../notes.txt: no such file or directory\n');
  });
});
