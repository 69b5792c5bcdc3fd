// Connects content:check to sim-core when its modules exist (server only: it imports files
// by path at run time, so the checker still runs, and says what it could not prove, while
// sim-core is being built). Expected from sim-core (../shared/DESIGN.md §2):
//   sim-core/cluster/index.ts  createSimulation({ topology, seed, members }) → a Simulation
//                              whose `ports()` gives { etcd, sim, files }
//   sim-core/cli/index.ts      runCommandLine(line, stdin, ports, { readFile }) → { stdout, stderr, exitCode }
//   sim-core/grading/index.ts  grade({ topology, seed, members, setup, actionLog, goals }, observe) →
//                              { ok: true, passed, goals: [{ id, passed, explanation: { ko, en } }], stateHash } | { ok: false, error },
//                              calling observe({ phase, index, action, result }) for each setup line and action it replays
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ActionLog } from '../../../sim-core/cluster/actions';
import type { LoadedLab } from './content-set';
import type { LabProver, LabRun, Provers, ScenarioProver, TerminalResult } from './prove';
import type { Scenario } from './schemas';
import { controlPlanesOption } from './schemas/control-planes';

interface CommandOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
}
type RunCommandLine = (line: string, stdin: string | undefined, ports: unknown, context: { readFile: (path: string) => string | undefined }) => CommandOutput;
type CreateSimulation = (opts: { topology: string; seed: number; members?: number; controlPlanes?: number }) => unknown;

export async function loadSimCoreProvers(repoRoot: string): Promise<Provers> {
  const unavailable: string[] = [];
  const cluster = await importIfPresent(path.join(repoRoot, 'sim-core', 'cluster', 'index.ts'));
  const cli = await importIfPresent(path.join(repoRoot, 'sim-core', 'cli', 'index.ts'));
  const createSimulation = cluster.ok ? (cluster.module.createSimulation as CreateSimulation | undefined) : undefined;
  const runCommandLine = cli.ok ? (cli.module.runCommandLine as RunCommandLine | undefined) : undefined;
  if (typeof createSimulation !== 'function') {
    unavailable.push(cluster.ok ? 'sim-core cluster not built yet: cluster/index.ts does not export createSimulation' : `sim-core cluster ${cluster.error}`);
  }
  if (typeof runCommandLine !== 'function') {
    unavailable.push(cli.ok ? 'sim-core cli not built yet: cli/index.ts does not export runCommandLine' : `sim-core cli ${cli.error}`);
  }
  if (typeof createSimulation !== 'function' || typeof runCommandLine !== 'function') return { unavailable };
  const provers: Provers = { scenario: simCoreScenarioProver(createSimulation, runCommandLine), unavailable };
  const grading = await importIfPresent(path.join(repoRoot, 'sim-core', 'grading', 'index.ts'));
  const grade = grading.ok ? (grading.module.grade as Grade | undefined) : undefined;
  if (typeof grade === 'function') provers.lab = simCoreLabProver(grade);
  else unavailable.push(grading.ok ? 'sim-core grading/index.ts does not export grade({ topology, seed, members, setup, actionLog, goals })' : `sim-core grading ${grading.error}`);
  return provers;
}

/** sim-core/grading's grade(): replays from scratch and judges (issue 4). */
export interface GradeInput {
  topology: string;
  seed: number;
  members?: number;
  /** `default` topology: control-plane nodes (default 1) */
  controlPlanes?: number;
  setup?: readonly string[];
  /** the workspace before the setup runs: the lab's starter files */
  files?: Readonly<Record<string, string>>;
  actionLog: unknown;
  goals: readonly { id: string; check: unknown }[];
}
/** One replayed step, as grade() hands it to its observer (sim-core/grading/replay.ts ReplayStep). */
interface ReplayStep {
  phase: 'setup' | 'action';
  index: number;
  action: ActionLog[number];
  result: { ok: boolean; error?: string; output?: CommandOutput };
}
type Grade = (input: GradeInput, observe?: (step: ReplayStep) => void) => unknown;

/** Whether grade() can build a topology: a 1-member cluster with no goals to judge is the cheapest probe. */
function gradeSupports(grade: Grade, topology: string): boolean {
  const r = grade({ topology, seed: 1, members: 1, actionLog: [], goals: [{ id: 'probe', check: { kind: 'keyAbsent', key: 'probe' } }] }) as { ok?: unknown } | null;
  return r?.ok === true;
}

export function simCoreLabProver(grade: Grade): LabProver {
  const supported = new Map<string, boolean>();
  return {
    supports(topology) {
      if (!supported.has(topology)) {
        let ok = false;
        try {
          ok = gradeSupports(grade, topology);
        } catch {
          ok = false;
        }
        supported.set(topology, ok);
      }
      return supported.get(topology)!;
    },
    grade(lab: LoadedLab, log: ActionLog) {
      // the starter files, then the lab's setup lines, exactly as the learner's workspace starts
      const input: GradeInput = {
        topology: lab.lab.topology,
        seed: lab.lab.seed,
        members: lab.lab.members,
        // an HA control plane only where the lab asks for one (one control-plane node is grade()'s default)
        ...controlPlanesOption(lab.lab.controlPlanes),
        setup: lab.lab.setup,
        files: lab.starterFiles,
        actionLog: log,
        goals: lab.lab.goals.map((g) => ({ id: g.id, check: g.check })),
      };
      // the judge's own replay, watched: each setup line's and command's terminal result
      const setup: TerminalResult[] = [];
      const actions: (TerminalResult | undefined)[] = log.map(() => undefined);
      const observe = (step: ReplayStep) => {
        if (step.action.type !== 'command') return;
        const { result } = step;
        const shown = !result.ok || result.output === undefined ? { line: step.action.line, output: result.error ?? '', exitCode: 1 } : { line: step.action.line, output: result.output.stdout + result.output.stderr, exitCode: result.output.exitCode };
        if (step.phase === 'setup') setup[step.index] = shown;
        else actions[step.index] = shown;
      };
      let verdict: unknown;
      try {
        verdict = grade(input, observe);
      } catch (e) {
        return { ok: false, error: `sim-core grading threw (a bug in sim-core; seed ${lab.lab.seed}): ${e instanceof Error ? e.message : String(e)}` };
      }
      const v = verdict as { ok?: unknown; error?: unknown; goals?: unknown } | null;
      if (v?.ok === false) return { ok: false, error: String(v.error) };
      const results = v?.goals;
      if (!Array.isArray(results)) return { ok: false, error: 'sim-core grade() returned no goals list' };
      const run: LabRun = {
        goals: results.map((r: { id?: unknown; passed?: unknown; explanation?: unknown }) => ({
          id: String(r.id),
          passed: r.passed === true,
          explanation: typeof r.explanation === 'string' ? r.explanation : String((r.explanation as { en?: unknown } | undefined)?.en ?? ''),
        })),
        terminal: { setup, actions },
      };
      return { ok: true, value: run };
    },
  };
}

export function simCoreScenarioProver(createSimulation: CreateSimulation, runCommandLine: RunCommandLine): ScenarioProver {
  const supported = new Map<string, boolean>();
  return {
    supports(topology) {
      if (!supported.has(topology)) {
        try {
          createSimulation({ topology, seed: 1, members: 1 });
          supported.set(topology, true);
        } catch {
          supported.set(topology, false);
        }
      }
      return supported.get(topology)!;
    },
    run(scenario: Scenario, lines: readonly string[]) {
      let sim: unknown;
      try {
        sim = createSimulation({ topology: scenario.topology, seed: scenario.seed, members: scenario.members, ...controlPlanesOption(scenario.controlPlanes) });
      } catch (e) {
        return { ok: false, error: `sim-core cannot build the '${scenario.topology}' topology yet (${e instanceof Error ? e.message : String(e)})` };
      }
      const portsOf = (sim as { ports?: unknown }).ports;
      const ports = (typeof portsOf === 'function' ? (portsOf as () => unknown).call(sim) : portsOf) as { files?: ReadonlyMap<string, string> } | undefined;
      if (ports === undefined) return { ok: false, error: 'the Simulation has no `ports()` ({ etcd, sim }) for the terminal' };
      const context = { readFile: (p: string) => ports.files?.get(p) };
      const play = (line: string): TerminalResult => {
        const out = runCommandLine(line, undefined, ports, context);
        return { line, output: out.stdout + out.stderr, exitCode: out.exitCode };
      };
      try {
        const setup = scenario.setup.map(play);
        const run = lines.map(play);
        return { ok: true, value: { setup, run } };
      } catch (e) {
        return { ok: false, error: `sim-core threw (a bug in sim-core; seed ${scenario.seed}): ${e instanceof Error ? e.message : String(e)}` };
      }
    },
  };
}

async function importIfPresent(file: string): Promise<{ ok: true; module: Record<string, unknown> } | { ok: false; error: string }> {
  if (!existsSync(file)) return { ok: false, error: 'not built yet' };
  try {
    return { ok: true, module: (await import(pathToFileURL(file).href)) as Record<string, unknown> };
  } catch (e) {
    return { ok: false, error: `failed to load: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}` };
  }
}
