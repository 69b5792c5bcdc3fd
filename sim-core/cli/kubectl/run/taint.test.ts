// kubectl taint against the real kubectl 1.32 (../testdata/real-1.32-taint/, recorded by
// ../testdata/capture-taint.sh against Nodes that never change): every recorded line is
// replayed through the parser and the taint arithmetic over those same Nodes — what is
// printed, and, in capture order, the strategic merge patch each change sent
// (patches.log). Then the same commands in a simulated cluster, where a NoExecute taint
// evicts a Pod and the ReplicaSet puts it elsewhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../cluster/index';
import { runCommandLine } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';
import type { Taint } from '../taints';
import type { ApiResult, Status } from '../../../client';
import { KUBERNETES_VERSION, type KubeApiPort, type ServerRequest } from '../../../apiserver/server';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-taint');
interface NodeFixture {
  metadata: { name: string; labels: Record<string, string> };
  spec: { taints?: Taint[] };
}
const NODES = JSON.parse(readFileSync(join(DIR, 'nodes.json'), 'utf8')) as NodeFixture[];

/**
 * An API port serving the fixture Nodes as the capture's stub did: reads, a `k=v` label
 * selector, and PATCHes answered with the Node unchanged and written down as the stub's log
 * wrote them.
 */
function stubPort(patches: string[]): KubeApiPort {
  const notFound = (name: string): Status => ({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: `nodes "${name}" not found`, reason: 'NotFound', details: { name, kind: 'nodes' }, code: 404 });
  const request = (req: ServerRequest): ApiResult<unknown> => {
    if (req.verb === 'get') {
      const node = NODES.find((n) => n.metadata.name === req.name);
      return node ? { ok: true, value: structuredClone(node) } : { ok: false, error: notFound(req.name) };
    }
    if (req.verb === 'list') {
      const [k, v] = (req.labelSelector ?? '').split('=');
      return { ok: true, value: { apiVersion: 'v1', kind: 'NodeList', metadata: {}, items: NODES.filter((n) => req.labelSelector === undefined || n.metadata.labels[k!] === v).map((n) => structuredClone(n)) } };
    }
    if (req.verb === 'patch') {
      patches.push(`PATCH /api/v1/nodes/${req.name} ${JSON.stringify(req.patch)}`);
      return { ok: true, value: structuredClone(NODES.find((n) => n.metadata.name === req.name)) };
    }
    throw new Error(`the stub does not answer ${req.verb}`);
  };
  return {
    request: request as KubeApiPort['request'],
    watchSoFar: () => ({ ok: true, value: [] }),
    serverVersion: () => ({ ok: true, value: { ...KUBERNETES_VERSION } }),
  };
}

describe('kubectl taint against the real kubectl 1.32', () => {
  const script = readFileSync(join(DIR, '..', 'capture-taint.sh'), 'utf8');
  const order = [...script.matchAll(/^cap (\S+) /gm)].map((m) => m[1] as string);
  const files = readdirSync(DIR).filter((f) => f.endsWith('.txt'));
  it('has every recording the script makes', () => expect(files.sort()).toEqual(order.map((n) => `${n}.txt`).sort()));
  const sent: string[] = [];
  const sim = createSimulation({ topology: 'default', seed: 1, workers: 1 }).ports();
  const ports = { ...sim, kube: stubPort(sent) };
  for (const name of order) {
    const c = parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
    it(`${name}: ${c.command}`, () => {
      // the runner itself, over the stub's Nodes
      expect(runCommandLine(captureCommandLine(c.command), undefined, ports, {})).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
    });
  }
  it('sends the patches the real one sent, in order', () => {
    const log = readFileSync(join(DIR, 'patches.log'), 'utf8').split('\n').filter((l) => l.startsWith('PATCH '));
    expect(sent).toEqual(log);
  });
});

describe('kubectl taint in a simulated cluster', () => {
  it('taints and untaints a Node, and a NoExecute taint moves its Pods elsewhere', () => {
    const sim = createSimulation({ topology: 'default', seed: 3, workers: 2 });
    const ports = sim.ports();
    const run = (line: string) => runCommandLine(line, undefined, ports, {});
    expect(run('kubectl taint nodes node-1 dedicated=db:NoSchedule').stdout).toBe('node/node-1 tainted\n');
    expect(run('kubectl get node node-1 -o jsonpath={.spec.taints}').stdout).toBe('[{"effect":"NoSchedule","key":"dedicated","value":"db"}]');
    // nothing tolerates it: every Pod lands on node-2
    run('kubectl create deployment web --image=nginx:1.27 --replicas=2');
    run('sim settle');
    expect(run('kubectl get pods -o jsonpath={.items[*].spec.nodeName}').stdout).toBe('node-2 node-2');
    expect(run('kubectl taint nodes node-1 dedicated-').stdout).toBe('node/node-1 untainted\n');
    expect(run('kubectl taint nodes node-2 evict=now:NoExecute').stdout).toBe('node/node-2 tainted\n');
    run('sim tick 600');
    expect(run('kubectl get pods -o jsonpath={.items[*].spec.nodeName}').stdout).toBe('node-1 node-1');
    expect(run('kubectl taint nodes node-2 evict=now:NoExecute')).toMatchObject({ stderr: 'error: node node-2 already has evict taint(s) with same effect(s) and --overwrite is false\n', exitCode: 1 });
  });
});
