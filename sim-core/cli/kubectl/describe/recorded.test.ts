// kubectl describe against the real kubectl 1.32 (../testdata/real-1.32-describe/, recorded
// by ../testdata/capture-describe.sh): the real kubectl described the objects of
// objects.json — dumped from the cluster ../testdata/describe-cluster.ts builds — and the
// hand-written ones of crafted.json, served by object-stub.mjs with no events. Every
// recording is checked against the pure describer on those objects (events: none), byte for
// byte; those of the cluster's objects also through the runner, the same command line run in
// that cluster, live. No recording shows an age (the generic describer prints timestamps as
// the object holds them), so `now` plays no part.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeStandalone } from '.';
import { kindForResource, type Secret } from '../../../apiserver';
import { runCommandLine } from '../../command-line';
import { tokenize } from '../../shell/tokenize';
import { parseCapture } from '../../testkit/captures';
import { buildDescribeCluster, type DescribeCluster } from '../testdata/describe-cluster';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-describe');
const NOW = 0;

interface Obj {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
}
const dumped = JSON.parse(readFileSync(join(DIR, 'objects.json'), 'utf8')) as Obj[];
const crafted = JSON.parse(readFileSync(join(DIR, 'crafted.json'), 'utf8')) as Obj[];
const objects = [...dumped, ...crafted];

/** The objects a recorded `kubectl describe TYPE NAME…` or `describe TYPE/NAME…` names, and whether it shows events. */
function targetsOf(command: string): { targets: Obj[]; showEvents: boolean } {
  const words = tokenize(command);
  if (!words.ok) throw new Error(words.error);
  const args: string[] = [];
  let namespace = 'default';
  let showEvents = true;
  const rest = words.words.slice(2);
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] as string;
    if (w === '-n') namespace = rest[++i] as string;
    else if (w === '--show-events=false') showEvents = false;
    else args.push(w);
  }
  const pairs = (args[0] ?? '').includes('/') ? args.map((a) => a.split('/') as [string, string]) : args.slice(1).map((name) => [args[0] as string, name] as const);
  const targets = pairs.map(([type, name]) => {
    const def = kindForResource(type);
    const found = objects.find((o) => o.kind === def?.kind && o.metadata.name === name && (!def?.namespaced || o.metadata.namespace === namespace));
    if (!found) throw new Error(`no object for ${type}/${name} in ${command}`);
    return found;
  });
  return { targets, showEvents };
}

/** What the runner does with an object (describeStandalone, as ../run/describe.ts calls it), given no events. */
function describeDumped(o: Obj, showEvents: boolean): string {
  const group = o.apiVersion.includes('/') ? (o.apiVersion.split('/')[0] as string) : '';
  const secrets = o.kind === 'ServiceAccount' ? (objects.filter((s) => s.kind === 'Secret' && s.metadata.namespace === o.metadata.namespace) as Secret[]) : undefined;
  const text = describeStandalone(group, o.kind, o, { events: showEvents ? [] : undefined, now: NOW, secrets });
  if (text === undefined) throw new Error(`no describer for ${o.kind}`);
  return text;
}

const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort();
const captures = files.map((file) => ({ file, capture: parseCapture(readFileSync(join(DIR, file), 'utf8')) }));

describe('kubectl describe: the describers against the real kubectl 1.32', () => {
  it('has the recordings', () => expect(files.length).toBe(36));
  for (const { file, capture } of captures) {
    it(`${file}: ${capture.command}`, () => {
      expect(capture.exit).toBe(0);
      const { targets, showEvents } = targetsOf(capture.command);
      expect(targets.map((o) => describeDumped(o, showEvents)).join('\n\n')).toBe(capture.stdout);
    });
  }
});

/**
 * The leader-election Leases are renewed every two seconds, and in the live cluster they
 * have their LeaderElection Event: those recordings differ there by design (checked below).
 */
const LIVE_DIFFERS = new Set(['lease-kube-controller-manager.txt', 'lease-kube-scheduler.txt', 'lease-no-events.txt']);

describe('kubectl describe through the runner, in the recorded cluster', () => {
  let cluster: DescribeCluster;
  beforeAll(() => {
    cluster = buildDescribeCluster();
  });
  const run = (line: string) => runCommandLine(line, undefined, cluster.ports, {});

  // If the simulation comes to build a different cluster (names, IPs, uids), these fail:
  // re-run capture-describe.sh to record the new one.
  const live = captures.filter((c) => !LIVE_DIFFERS.has(c.file) && targetsOf(c.capture.command).targets.every((o) => dumped.includes(o)));
  it('runs most recordings live', () => expect(live.length).toBe(24));
  for (const { file, capture } of live) {
    it(`${file}: ${capture.command}`, () => {
      expect(run(capture.command)).toEqual({ stdout: capture.stdout, stderr: capture.stderr, exitCode: capture.exit });
    });
  }

  it('describe lease shows the current leader and its LeaderElection event', () => {
    const holder = run("kubectl get lease -n kube-system kube-controller-manager -o jsonpath='{.spec.holderIdentity}'").stdout;
    expect(holder).toMatch(/^control-plane_/);
    const out = run('kubectl describe lease -n kube-system kube-controller-manager');
    expect(out.exitCode).toBe(0);
    expect(out.stdout).toContain(`Spec:\n  Acquire Time:            2026-01-01T00:00:09.530000Z\n  Holder Identity:         ${holder}\n`);
    expect(out.stdout).toMatch(new RegExp(`\\n {2}Normal {2}LeaderElection {2}\\S+ +kube-controller-manager {2}${holder} became leader\\n$`));
    expect(run('kubectl describe lease -n kube-system kube-controller-manager --show-events=false').stdout).not.toContain('Events:');
  });

  it('describe endpoints web lists the IPs of the Pods behind the Service', () => {
    const ips = run("kubectl get pods -l app=web -o jsonpath='{.items[*].status.podIP}'").stdout.split(' ').sort();
    expect(ips).toHaveLength(2);
    const line = /\n {2}Addresses: {10}(\S+)\n/.exec(run('kubectl describe endpoints web').stdout)?.[1];
    expect(line?.split(',').sort()).toEqual(ips);
  });

  it('describe serviceaccount marks a pull secret deleted since as not found', () => {
    expect(run('kubectl delete secret regcred').exitCode).toBe(0);
    expect(run('kubectl describe sa builder').stdout).toContain('Image pull secrets:  regcred (not found)\n                     missing-pull (not found)\n');
  });

  it('describe event and describe of a whole type use the generic describer', () => {
    const all = run('kubectl describe leases -n kube-node-lease');
    expect(all.exitCode).toBe(0);
    expect(all.stdout.split('\n\n\nName:')).toHaveLength(3);
    expect(all.stdout).toContain('Name:         node-2\nNamespace:    kube-node-lease\n');
    expect(run('kubectl describe events -n kube-system').stdout).toContain('Reason:                LeaderElection\n');
  });
});
