// The terminal of a lab's cluster under grading's caps: every command is counted and its
// output measured, and its ports cut every wait at the tick budget's end. grade() replays
// through it, and the lab workspace's terminal in the browser runs through the same one
// (app/_lib/sim-worker/sim-host.ts), so the learner's cluster and the replay cut the same
// waits at the same ticks.
import { runCommandLine } from '../cli/command-line';
import type { CommandRunner, Simulation } from '../cluster/simulation';
import type { KubeApiPort } from '../apiserver/server';
import type { EtcdClientPort, SimControlPort } from '../cli/ports';
import { BudgetedEtcdClient, BudgetedKubePort, BudgetedSimControl } from './budgeted-ports';
import { Budget, DEFAULT_GRADE_CAPS, type GradeCaps } from './caps';

/** `make(inner)`, made again only when `inner` is a different object than last time. */
function wrapLatest<I, W>(make: (inner: I) => W): (inner: I) => W {
  let last: { inner: I; wrapped: W } | undefined;
  return (inner) => {
    if (last === undefined || last.inner !== inner) last = { inner, wrapped: make(inner) };
    return last.wrapped;
  };
}

/**
 * The terminal's ports with every wait cut at the tick budget. The Simulation hands the
 * runner the same port objects on every command, so each is wrapped once per replay.
 */
export function budgetedRunner(sim: Simulation, budget: Budget, membersMayChange: () => void = () => {}): CommandRunner {
  const etcd = wrapLatest((inner: EtcdClientPort) => new BudgetedEtcdClient(inner, budget, sim));
  const control = wrapLatest((inner: SimControlPort) => new BudgetedSimControl(inner, budget, membersMayChange));
  const kubePort = wrapLatest((inner: KubeApiPort) => new BudgetedKubePort(inner, budget, sim));
  const context = wrapLatest((files: ReadonlyMap<string, string>) => ({ readFile: (p: string) => files.get(p) }));
  return (line, stdin, ports) => {
    budget.startCommand();
    const kube = (ports as { kube?: KubeApiPort }).kube;
    const wrapped = {
      ...ports,
      etcd: etcd(ports.etcd),
      sim: control(ports.sim),
      ...(kube !== undefined ? { kube: kubePort(kube) } : {}),
    };
    const out = runCommandLine(line, stdin, wrapped, context(ports.files));
    budget.printed(out.stdout.length + out.stderr.length);
    return out;
  };
}

/**
 * Put a freshly built lab cluster under grading's caps, before its setup runs (the setup
 * counts against them, as in grade()): the budget ends `caps.maxTicks` after now.
 */
export function budgetLab(sim: Simulation, caps: GradeCaps = DEFAULT_GRADE_CAPS, membersMayChange?: () => void): Budget {
  const budget = new Budget(caps, sim.now + caps.maxTicks);
  sim.setCommandRunner(budgetedRunner(sim, budget, membersMayChange));
  return budget;
}
