// The cluster the preview page draws, simulated on the server: the scenario's `default`
// cluster (its seed, etcd members and control-plane nodes, as a lesson builds it) with
// the standard processes, and a recorder of the watch chain from the end of the
// bootstrap on.
//
// The scenario's setup lines run in the simulated terminal, as a lesson runs them. A line
// the terminal refuses is the page's answer: it names the line and the refusal rather
// than drawing some other cluster (content:check refuses such a scenario anyway).
import { createSimulation, type DefaultSimulation } from '@/sim-core/cluster';
import { runCommandLine } from '@/sim-core/cli';
import { controlPlanesOption } from '@/app/_lib/content/schemas/control-planes';
import { clusterViewSchema, describeCluster, type ClusterView } from '@/app/_lib/sim-worker/cluster-view';
import { hopSchema, WatchChainRecorder, type Hop } from '@/app/_lib/sim-worker/watch-chain';

/** What the page needs of a scenario: the cluster's shape and the lines that set it up. */
export interface PreviewScenario {
  seed: number;
  /** etcd members */
  members: number;
  /** control-plane nodes (1–5) */
  controlPlanes: number;
  setup: readonly string[];
}

export interface PreviewCluster {
  view: ClusterView;
  hops: Hop[];
}

export type PreviewResult =
  | { ok: true; value: PreviewCluster }
  /** `refused`: a setup line the terminal refused, with its error; otherwise sim-core failed */
  | { ok: false; error: string; refused?: string };

interface Started {
  sim: DefaultSimulation;
  recorder: WatchChainRecorder;
}

function start(scenario: PreviewScenario): Started {
  const sim = createSimulation({ topology: 'default', seed: scenario.seed, members: scenario.members, ...controlPlanesOption(scenario.controlPlanes) });
  sim.setCommandRunner((line, stdin, ports) => runCommandLine(line, stdin, ports, { readFile: (p) => ports.files.get(p) }));
  // let the controller-managers and the schedulers win their Leases before the chain starts
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

export function runPreviewCluster(scenario: PreviewScenario): PreviewResult {
  const run = start(scenario);
  const refused = runSetup(run, scenario.setup);
  if (refused !== undefined) return { ok: false, error: refused, refused };
  // validated like any worker message: the page renders only well-formed data
  const view = clusterViewSchema.parse(describeCluster(run.sim));
  const hops = run.recorder.list().map((h) => hopSchema.parse(h));
  return { ok: true, value: { view, hops } };
}

const cache = new Map<string, PreviewResult>();

/** Deterministic in the scenario's cluster and setup, so one run serves every request. */
export function previewCluster(scenario: PreviewScenario): PreviewResult {
  const key = JSON.stringify([scenario.seed, scenario.members, scenario.controlPlanes, scenario.setup]);
  let r = cache.get(key);
  if (r === undefined) {
    try {
      r = runPreviewCluster(scenario);
    } catch (e) {
      // a throw inside sim-core is a bug; the page says so instead of a blank 500
      r = { ok: false, error: `sim-core threw (seed ${scenario.seed}): ${e instanceof Error ? e.message : String(e)}` };
    }
    if (cache.size > 32) cache.clear();
    cache.set(key, r);
  }
  return r;
}
