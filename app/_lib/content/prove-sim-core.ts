// Connects content:check to sim-core when its modules exist (server only: it imports files
// by path at run time, so the checker still runs, and says what it could not prove, while
// sim-core is being built). Expected from sim-core (../shared/DESIGN.md §2):
//   sim-core/cluster/index.ts  createSimulation({ topology, seed, members }) → a Simulation
//                              whose `ports()` gives { etcd, sim, files }
//   sim-core/cli/index.ts      runCommandLine(line, stdin, ports, { readFile }) → { stdout, stderr, exitCode }
//   sim-core/grading/index.ts  grade(topology, seed, actionLog, goals) → { goals: [{ id, passed, explanation }] } (issue 4)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ActionLog } from '../../../sim-core/cluster/actions';
import type { LoadedLab } from './content-set';
import type { LabProver, Provers, ScenarioProver, TerminalResult } from './prove';
import type { Scenario } from './schemas';

interface CommandOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
}
type RunCommandLine = (line: string, stdin: string | undefined, ports: unknown, context: { readFile: (path: string) => string | undefined }) => CommandOutput;
type CreateSimulation = (opts: { topology: string; seed: number; members?: number }) => unknown;

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
  else unavailable.push(grading.ok ? 'sim-core grading/index.ts does not export grade(topology, seed, actionLog, goals)' : `sim-core grading ${grading.error}`);
  return provers;
}

/** issue 4: `grade(topology, seed, actionLog, goals)` replays from scratch and judges. */
type Grade = (topology: string, seed: number, log: ActionLog, goals: unknown[]) => unknown;

export function simCoreLabProver(grade: Grade): LabProver {
  return {
    grade(lab: LoadedLab, log: ActionLog) {
      // the lab's setup lines run first, exactly as the learner's workspace starts
      const setup: ActionLog = lab.lab.setup.map((line) => ({ type: 'command', line }));
      const goals = lab.lab.goals.map((g) => ({ id: g.id, ...g.check }));
      let verdict: unknown;
      try {
        verdict = grade(lab.lab.topology, lab.lab.seed, [...setup, ...log], goals);
      } catch (e) {
        return { ok: false, error: `sim-core grading threw (seed ${lab.lab.seed}): ${e instanceof Error ? e.message : String(e)}` };
      }
      const results = (verdict as { goals?: unknown } | null)?.goals;
      if (!Array.isArray(results)) return { ok: false, error: 'sim-core grade() returned no goals list' };
      return {
        ok: true,
        value: results.map((r: { id?: unknown; passed?: unknown; explanation?: unknown }) => ({
          id: String(r.id),
          passed: r.passed === true,
          explanation: typeof r.explanation === 'string' ? r.explanation : String((r.explanation as { en?: unknown } | undefined)?.en ?? ''),
        })),
      };
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
        sim = createSimulation({ topology: scenario.topology, seed: scenario.seed, members: scenario.members });
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
