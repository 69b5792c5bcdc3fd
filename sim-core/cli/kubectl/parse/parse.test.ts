// The parser against what the real kubectl 1.32 printed for the same command lines
// (../testdata/real-1.32/, recorded by ../testdata/capture.sh with no cluster). A line the
// real tool accepted went on to contact the server ("The connection to the server … was
// refused"): the parser must accept it too. klog headers (time, thread id) are compared
// without their time and id.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseKubectl, type KubectlCommand } from '.';
import { parseCapture } from '../../testkit/captures';
import { helpPage } from '../help-pages';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32');
const KLOG_HEADER = /^([EWI])\d{4} \d\d:\d\d:\d\d\.\d{6}\s+\d+ /gm;
// Lines the real kubectl logged because it had no server to ask for discovery.
const NO_SERVER_LOG = /^E<klog> memcache\.go:\d+\] .*\n/gm;
const normalize = (s: string): string => s.replace(KLOG_HEADER, '$1<klog> ').replace(NO_SERVER_LOG, '');

// Lines the real kubectl refuses only after resource discovery (which needs the server it did
// not have when recorded); the simulation's discovery is local, so the parser refuses them
// at once, with the error kubectl prints after discovery (cmd/delete/delete.go,
// cli-runtime resource/builder.go).
const AFTER_DISCOVERY: Record<string, string> = {
  'delete-type-only.txt': 'error: resource(s) were provided, but no name was specified\n',
  'get-name-all-namespaces.txt': 'error: a resource cannot be retrieved by name across all namespaces\n',
};

const captures = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .map((f) => ({ file: f, ...parseCapture(readFileSync(join(DIR, f), 'utf8')) }));

function argvOf(command: string): string[] {
  return command.replace(/^kubectl ?/, '').split(' ').filter((w) => w !== '');
}

function accepted(argv: string[]): KubectlCommand {
  const r = parseKubectl(argv);
  if (!r.ok) throw new Error(`refused: ${r.stderr}`);
  if (!('command' in r)) throw new Error('expected a command, got help');
  return r.command;
}

describe('parseKubectl against the real kubectl 1.32', () => {
  expect(captures.length).toBeGreaterThan(40);
  for (const c of captures) {
    it(`${c.file}: kubectl ${argvOf(c.command).join(' ')}`, () => {
      const r = parseKubectl(argvOf(c.command), { now: 0 });
      const afterDiscovery = AFTER_DISCOVERY[c.file];
      if (afterDiscovery !== undefined) {
        expect(c.stderr).toContain('The connection to the server');
        expect(r).toMatchObject({ ok: false, stderr: afterDiscovery });
      } else if (c.stderr.includes('The connection to the server')) {
        expect(r.ok).toBe(true);
      } else if (argvOf(c.command)[0] === 'help' && c.exit === 0) {
        // cobra's help command: the page of the command path it names, or an unknown topic on stderr
        if (c.stdout === '') expect(r).toEqual({ ok: false, stdout: '', stderr: c.stderr, exitCode: 0 });
        else if (!r.ok || !('help' in r)) throw new Error('expected a help request');
        else expect([helpPage(r.help), r.exitCode]).toEqual([c.stdout, c.exit]);
      } else if (/(^| )(--help|-h)( |$)/.test(c.command)) {
        // help pages: the runner shows the recorded page for this path (a group's own for a word that is none of its subcommands)
        if (!r.ok || !('help' in r)) throw new Error('expected a help request');
        expect(r.exitCode).toBe(0);
        const page = helpPage(r.help);
        if (page !== undefined) expect(page).toBe(c.stdout);
        else expect(r.help).toEqual(argvOf(c.command).filter((w) => !w.startsWith('-')));
      } else if (c.exit === 0) {
        expect(r.ok && 'command' in r).toBe(true);
        if (r.ok && 'command' in r) expect(normalize(r.command.warnings.join(''))).toBe(normalize(c.stderr));
      } else if (c.stdout !== '') {
        // a command group without its subcommand prints its help and fails
        expect(r).toEqual({ ok: true, help: argvOf(c.command), exitCode: c.exit });
      } else {
        expect(r.ok).toBe(false);
        if (!r.ok) {
          expect(normalize(r.stderr)).toBe(normalize(c.stderr));
          expect(r.exitCode).toBe(c.exit);
        }
      }
    });
  }
});

describe('parseKubectl: what a command line means', () => {
  it('says --record is deprecated as pflag does, before anything else the command prints', () => {
    // recorded: testdata/real-1.32-edit/replicas-record.txt
    expect(accepted(['edit', 'deploy/web', '--record']).warnings).toEqual(['Flag --record has been deprecated, --record will be removed in the future\n']);
    expect(accepted(['edit', 'deploy/web']).warnings).toEqual([]);
  });

  it('refuses -k once the command is otherwise fine, instead of finding no objects', () => {
    // kubectl 1.32 builds the kustomization (or fails: `must build at directory: …`); the simulation has no kustomize
    for (const argv of [['get', '-k', 'dir'], ['delete', '-k', 'dir'], ['apply', '-k', 'dir'], ['describe', '-k', 'dir']]) {
      expect(parseKubectl(argv)).toMatchObject({ ok: false, stderr: 'error: -k (kustomize) is not part of this simulation; name the manifests with -f (a folder works: -f DIR)\n', exitCode: 1 });
    }
    expect(parseKubectl(['apply', 'x', '-k', 'dir'])).toMatchObject({ ok: false, stderr: "error: Unexpected args: [x]\nSee 'kubectl apply -h' for help and examples\n" });
  });
  it('get with kinds, names, -n, -A, -l, -o, -w, --show-labels', () => {
    const c = accepted(['get', 'deploy,po', 'web', '-n', 'prod', '-o', 'wide', '-w', '--show-labels', '-l', 'app=web']);
    expect(c.command).toBe('get');
    expect(c.targets.map((t) => [t.def.kind, t.name])).toEqual([
      ['Deployment', 'web'],
      ['Pod', 'web'],
    ]);
    expect([c.namespace, c.output, c.watch, c.showLabels, c.selector]).toEqual(['prod', 'wide', true, true, 'app=web']);
    expect(accepted(['get', 'pods', '-A']).allNamespaces).toBe(true);
    expect(accepted(['-n', 'kube-system', 'get', 'leases']).namespace).toBe('kube-system');
    expect(accepted(['get', 'deployment.apps/web', 'svc/web']).targets.map((t) => t.def.kind)).toEqual(['Deployment', 'Service']);
    expect(accepted(['get', 'events']).targets[0]?.def.kind).toBe('Event');
  });

  it('reports an unknown resource type as discovery would', () => {
    expect(parseKubectl(['get', 'deploymentz'])).toEqual({
      ok: false,
      stdout: '',
      stderr: 'error: the server doesn\'t have a resource type "deploymentz"\n',
      exitCode: 1,
    });
  });

  it('refuses names across all namespaces and bad -o values', () => {
    expect(parseKubectl(['get', 'pods', 'web', '-A'])).toMatchObject({ ok: false, stderr: 'error: a resource cannot be retrieved by name across all namespaces\n' });
    expect(parseKubectl(['get', 'pods', '-o', 'foo'])).toMatchObject({
      ok: false,
      stderr:
        'error: unable to match a printer suitable for the output format "foo", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml\n',
    });
  });

  it('expose: TYPE NAME, TYPE/NAME or -f, with its own -l (labels) and --selector', () => {
    const e = accepted(['expose', 'deployment', 'web', '--port=80', '--target-port', 'http', '-l', 'a=b', '--selector=app=web', '--type=NodePort']);
    expect([e.command, e.targets.map((t) => [t.def.kind, t.name]), e.selector]).toEqual(['expose', [['Deployment', 'web']], 'app=web']);
    expect([e.flags.values.get('port'), e.flags.values.get('target-port'), e.flags.values.get('labels'), e.flags.values.get('type')]).toEqual(['80', 'http', 'a=b', 'NodePort']);
    expect(accepted(['expose', 'po/hello']).targets[0]?.def.kind).toBe('Pod');
    expect(accepted(['expose', '-f', 'web.yaml']).filenames).toEqual(['web.yaml']);
    expect(parseKubectl(['expose', 'deployment'])).toMatchObject({ ok: false, stderr: 'error: resource(s) were provided, but no name was specified\n' });
  });

  it('create deployment, scale, rollout, set image', () => {
    const d = accepted(['create', 'deployment', 'web', '--image=nginx:1.27', '--replicas', '3', '--port=80', '--dry-run=client', '-o', 'yaml']);
    expect([d.command, d.args, d.images, d.replicas, d.port, d.dryRun, d.output]).toEqual(['create deployment', ['web'], ['nginx:1.27'], 3, 80, 'client', 'yaml']);
    expect(accepted(['create', 'deploy', 'web', '--image=nginx']).replicas).toBe(1);
    const s = accepted(['scale', 'deployment/web', '--replicas=5']);
    expect([s.command, s.replicas, s.targets[0]?.name]).toEqual(['scale', 5, 'web']);
    const u = accepted(['rollout', 'undo', 'deployment/web', '--to-revision=2']);
    expect([u.command, u.toRevision]).toEqual(['rollout undo', 2]);
    expect(accepted(['rollout', 'status', 'deploy/web']).command).toBe('rollout status');
    expect(accepted(['rollout', 'history', 'deploy', 'web']).targets[0]?.name).toBe('web');
    expect(accepted(['rollout', 'restart', 'deployment/web']).command).toBe('rollout restart');
    const i = accepted(['set', 'image', 'deployment/web', 'nginx=nginx:1.28']);
    expect([i.command, i.imageUpdates]).toEqual(['set image', { nginx: 'nginx:1.28' }]);
  });

  it('apply, delete, label, annotate, cordon, drain, logs', () => {
    const a = accepted(['apply', '-f', 'web.yaml', '-f', 'manifests/', '--dry-run=server']);
    expect([a.filenames, a.dryRun]).toEqual([['web.yaml', 'manifests/'], 'server']);
    const del = accepted(['delete', 'pod', 'web-1', 'web-2', '--grace-period=0', '--force']);
    expect([del.targets.map((t) => t.name), del.gracePeriod, del.force]).toEqual([['web-1', 'web-2'], 0, true]);
    expect(parseKubectl(['delete', 'deployment'])).toMatchObject({ ok: false, stderr: 'error: resource(s) were provided, but no name was specified\n' });
    expect(accepted(['delete', 'pods', '--all']).all).toBe(true);
    const l = accepted(['label', 'pods', 'web', 'tier=frontend', 'old-', '--overwrite']);
    expect([l.metadataChanges, l.overwrite]).toEqual([{ set: { tier: 'frontend' }, remove: ['old'] }, true]);
    expect(accepted(['annotate', 'deploy/web', 'kubernetes.io/change-cause=image to 1.28']).metadataChanges?.set).toEqual({
      'kubernetes.io/change-cause': 'image to 1.28',
    });
    expect(accepted(['cordon', 'node-1']).args).toEqual(['node-1']);
    const dr = accepted(['drain', 'node-1', '--ignore-daemonsets', '--delete-emptydir-data']);
    expect([dr.ignoreDaemonsets, dr.deleteEmptydirData]).toEqual([true, true]);
    const lg = accepted(['logs', 'web-1', '-c', 'nginx', '--tail=20', '-p']);
    expect([lg.targets[0]?.def.kind, lg.targets[0]?.name, lg.container, lg.tail, lg.previous]).toEqual(['Pod', 'web-1', 'nginx', 20, true]);
    expect(accepted(['logs', 'deploy/web']).targets[0]?.def.kind).toBe('Deployment');
  });

  it('says that a real create or set subcommand the simulation lacks is not part of it, rather than refusing its flags', () => {
    expect(parseKubectl(['create', 'role', 'r', '--verb=get', '--resource=pods'])).toMatchObject({
      ok: false,
      stderr: 'error: "kubectl create role" is not part of this simulation; write the object as a manifest and create it with kubectl apply -f (or kubectl create -f)\n',
      exitCode: 1,
    });
    expect(parseKubectl(['create', 'token', 'robot'])).toMatchObject({ ok: false, stderr: expect.stringContaining('"kubectl create token" is not part of this simulation') });
    // a command it does not run names the ones it does (there is no course page listing them)
    const exec = parseKubectl(['exec', '-it', 'web', '--', 'sh']);
    expect(exec).toMatchObject({ ok: false, stderr: expect.stringMatching(/^error: "kubectl exec" is not part of this simulation; the commands it has: annotate, .*\bapply\b.*\bget\b.*\blogs\b.*, wait\n$/) });
    expect(parseKubectl(['auth', 'whoami'])).toMatchObject({ ok: false, stderr: 'error: "kubectl auth whoami" is not part of this simulation; it has kubectl auth can-i\n' });
    expect(accepted(['create', 'sa', 'robot']).command).toBe('create serviceaccount');
    expect(accepted(['create', 'svc', 'clusterip', 'web', '--tcp=80']).command).toBe('create service clusterip');
    expect(parseKubectl(['set', 'serviceaccount', 'deploy/web', 'sa1'])).toMatchObject({ ok: false, stderr: expect.stringContaining('"kubectl set serviceaccount" is not part of this simulation') });
    expect(accepted(['set', 'env', 'deploy/web', 'A=1']).envArgs).toEqual(['A=1']);
    expect(accepted(['set', 'resources', 'deploy/web', '--limits=cpu=1']).command).toBe('set resources');
    // a word kubectl itself does not know is still its own error
    expect(parseKubectl(['set', 'colour', 'deploy/web'])).toMatchObject({ ok: false, stderr: expect.stringContaining('unknown command "colour deploy/web"') });
    expect(accepted(['create', '-f', 'cm.yaml']).command).toBe('create');
  });

  it('answers -h with the help page to show', () => {
    expect(parseKubectl(['get', '-h'])).toEqual({ ok: true, help: ['get'], exitCode: 0 });
    expect(parseKubectl(['rollout', 'status', '--help'])).toEqual({ ok: true, help: ['rollout', 'status'], exitCode: 0 });
    expect(parseKubectl([])).toEqual({ ok: true, help: [], exitCode: 0 });
  });

  it('times klog lines with the simulated clock', () => {
    const r = parseKubectl(['scale', 'deploy/web'], { now: 100 * 3661 });
    expect(r).toMatchObject({ ok: false, stderr: 'E0101 01:01:01.000000       1 run.go:72] "command failed" err="required flag(s) \\"replicas\\" not set"\n' });
  });
});
