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
import { parseCapture } from '../../testkit/captures';
import { parseKubectl } from '../parse';
import { updateTaints, type Taint } from '../taints';
import { strategicTaintPatch } from './taint';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-taint');
interface NodeFixture {
  metadata: { name: string; labels: Record<string, string> };
  spec: { taints?: Taint[] };
}
const NODES = JSON.parse(readFileSync(join(DIR, 'nodes.json'), 'utf8')) as NodeFixture[];

/** bash's %q words back into argv. */
function words(line: string): string[] {
  const out: string[] = [];
  let w = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === '\\') w += line[++i] ?? '';
    else if (c === ' ') {
      if (w !== '') out.push(w);
      w = '';
    } else w += c;
  }
  if (w !== '') out.push(w);
  return out;
}

/** RunTaint over the fixture Nodes: stdout, stderr, exit code and the patches it would send. */
function replay(argv: string[]): { stdout: string; stderr: string; exit: number; patches: string[] } {
  const r = parseKubectl(argv);
  if (!r.ok) return { stdout: r.stdout, stderr: r.stderr, exit: r.exitCode, patches: [] };
  if (!('command' in r)) throw new Error('help');
  const cmd = r.command;
  const all = cmd.flags.values.get('all') === true;
  const [k, v] = (cmd.selector ?? '').split('=');
  const chosen = all || cmd.selector ? NODES.filter((n) => all || n.metadata.labels[k!] === v) : cmd.args.map((name) => NODES.find((n) => n.metadata.name === name) ?? name);
  let stdout = '';
  const patches: string[] = [];
  for (const node of chosen) {
    if (typeof node === 'string') return { stdout, stderr: `Error from server (NotFound): nodes "${node}" not found\n`, exit: 1, patches };
    const u = updateTaints(node.metadata.name, node.spec.taints ?? [], cmd.taintChanges!, cmd.flags.values.get('overwrite') === true);
    if (!u.ok) return { stdout, stderr: `error: ${u.error}\n`, exit: 1, patches };
    if (cmd.dryRun !== 'client') patches.push(`PATCH /api/v1/nodes/${node.metadata.name} ${JSON.stringify(strategicTaintPatch(u.value.taints))}`);
    stdout += cmd.output === 'name' ? `node/${node.metadata.name}\n` : `node/${node.metadata.name} ${u.value.operation}\n`;
  }
  return { stdout, stderr: '', exit: 0, patches };
}

describe('kubectl taint against the real kubectl 1.32', () => {
  const script = readFileSync(join(DIR, '..', 'capture-taint.sh'), 'utf8');
  const order = [...script.matchAll(/^cap (\S+) /gm)].map((m) => m[1] as string);
  const files = readdirSync(DIR).filter((f) => f.endsWith('.txt'));
  it('has every recording the script makes', () => expect(files.sort()).toEqual(order.map((n) => `${n}.txt`).sort()));
  const sent: string[] = [];
  for (const name of order) {
    const c = parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
    it(`${name}: ${c.command}`, () => {
      const out = replay(words(c.command).slice(1));
      expect({ stdout: out.stdout, stderr: out.stderr, exit: out.exit }).toEqual({ stdout: c.stdout, stderr: c.stderr, exit: c.exit });
      sent.push(...out.patches);
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
