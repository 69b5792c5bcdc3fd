// The cluster the preview page draws, simulated on the server: the `default` topology
// (3 etcd members, kube-apiserver, control-plane + node-1…node-3) with its standard
// processes and the kube-controller-manager, and a recorder of the watch chain from the
// end of the bootstrap on.
//
// The scenario's setup lines run in the simulated terminal, as a lesson runs them. If the
// terminal cannot run one of them (a command not built yet), the page falls back to note
// 02's Deployment of 3 nginx Pods created through the API exactly as `kubectl create
// deployment web --image=nginx:1.27 --replicas=3` sends it, and says so.
import { createSimulation, DEFAULT_PROCESSES, type DefaultSimulation } from '@/sim-core/cluster';
import { runCommandLine } from '@/sim-core/cli';
import { ControllerManagerProcess, CONTROLLER_MANAGER_ADDRESS } from '@/sim-core/controller-manager';
import type { PodTemplateSpec } from '@/sim-core/apiserver';
import { clusterViewSchema, describeCluster, type ClusterView } from '@/app/_lib/sim-worker/cluster-view';
import { hopSchema, WatchChainRecorder, type Hop } from '@/app/_lib/sim-worker/watch-chain';

export interface PreviewCluster {
  view: ClusterView;
  hops: Hop[];
  /** 'setup': the scenario's own lines ran; 'fallback': the terminal refused one (see `refused`) */
  source: 'setup' | 'fallback';
  refused?: string;
}

export type PreviewResult = { ok: true; value: PreviewCluster } | { ok: false; error: string };

const TIMEOUT = { timeoutTicks: 3000 };
const REPLICAS = 3;
const SETTLE_CAP_TICKS = 6000;

interface Started {
  sim: DefaultSimulation;
  recorder: WatchChainRecorder;
}

function start(seed: number): Started {
  const sim = createSimulation({ topology: 'default', seed, processes: DEFAULT_PROCESSES });
  // the controller-manager joins DEFAULT_PROCESSES in time; until then it is added here
  if (!sim.clusterKernel.addresses().includes(CONTROLLER_MANAGER_ADDRESS)) sim.addProcess(new ControllerManagerProcess());
  sim.setCommandRunner((line, stdin, ports) => runCommandLine(line, stdin, ports, { readFile: (p) => ports.files.get(p) }));
  // let the controller-manager and the scheduler win their Leases before the chain starts
  sim.tick(3000);
  const recorder = new WatchChainRecorder();
  sim.subscribe(recorder.record);
  return { sim, recorder };
}

/** The setup's lines in the simulated terminal; the first refused line, if any. */
function runSetup({ sim }: Started, setup: readonly string[]): string | undefined {
  for (const line of setup) {
    const r = sim.dispatch({ type: 'command', line });
    if (!r.ok) return `${line}: ${r.error}`;
    if (r.output && r.output.exitCode !== 0) return `${line}: ${(r.output.stderr || r.output.stdout).trim()}`;
  }
  return undefined;
}

const template: PodTemplateSpec = {
  metadata: { labels: { app: 'web' } },
  spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
};

/** What kubectl create deployment web --image=nginx:1.27 --replicas=3 sends, then settle. */
function runFallback({ sim }: Started): string | undefined {
  const created = sim.kubectl.request(
    {
      verb: 'create',
      resource: 'deployments',
      namespace: 'default',
      body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', labels: { app: 'web' } }, spec: { replicas: REPLICAS, selector: { matchLabels: { app: 'web' } }, template } },
    },
    TIMEOUT,
  );
  if (!created.ok) return `create deployment: ${created.error.message}`;
  const running = () => describeCluster(sim).nodes.reduce((n, node) => n + node.pods.filter((p) => p.status === 'Running').length, 0) >= REPLICAS;
  // reading the whole keyspace is not free: check every 50 ticks, not on each one
  for (let t = 0; t < SETTLE_CAP_TICKS && !running(); t += 50) sim.tick(50);
  return undefined;
}

export function runPreviewCluster(seed: number, setup: readonly string[]): PreviewResult {
  let run = start(seed);
  const refused = runSetup(run, setup);
  let source: PreviewCluster['source'] = 'setup';
  if (refused !== undefined) {
    run = start(seed);
    source = 'fallback';
    const failed = runFallback(run);
    if (failed !== undefined) return { ok: false, error: failed };
  }
  // validated like any worker message: the page renders only well-formed data
  const view = clusterViewSchema.parse(describeCluster(run.sim));
  const hops = run.recorder.list().map((h) => hopSchema.parse(h));
  const value: PreviewCluster = { view, hops, source };
  if (refused !== undefined) value.refused = refused;
  return { ok: true, value };
}

const cache = new Map<string, PreviewResult>();

/** Deterministic in the seed and setup, so one run serves every request. */
export function previewCluster(seed: number, setup: readonly string[]): PreviewResult {
  const key = `${seed}\n${setup.join('\n')}`;
  let r = cache.get(key);
  if (r === undefined) {
    try {
      r = runPreviewCluster(seed, setup);
    } catch (e) {
      // a throw inside sim-core is a bug; the page says so instead of a blank 500
      r = { ok: false, error: `sim-core threw (seed ${seed}): ${e instanceof Error ? e.message : String(e)}` };
    }
    if (cache.size > 32) cache.clear();
    cache.set(key, r);
  }
  return r;
}
